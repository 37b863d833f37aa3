// The cell: every robot's loop, its rate and health, refreshed twice a second.
import { getJson, el, ms } from './api.js';

export function cellPage(root) {
  const table = el('table', { id: 'cell-table' },
    el('thead', {}, el('tr', {}, ['robot', 'rate Hz', 'clock', 'running', 'cycles', 'overruns', 'period p50 ms',
      'p99', 'p99.9', 'max', 'lateness p99 ms', 'execution p99 ms', 'controllers', 'errors'].map((h) => el('th', {}, h)))),
    el('tbody'));
  root.append(el('h2', {}, 'Cell'), table);
  const body = table.querySelector('tbody');
  async function refresh() {
    const cell = await getJson('api/cell');
    body.replaceChildren(...cell.robots.map((r) => el('tr', { 'data-robot': r.name },
      el('td', { class: 'name' }, r.name), el('td', {}, r.rate), el('td', {}, r.stats.clock),
      el('td', {}, r.stats.running ? 'yes' : 'no'), el('td', { class: 'cycles' }, r.stats.cycles),
      el('td', {}, r.stats.overruns), el('td', {}, ms(r.stats.period.p50)), el('td', {}, ms(r.stats.period.p99)),
      el('td', {}, ms(r.stats.period.p999)), el('td', {}, ms(r.stats.period.max)),
      el('td', {}, ms(r.stats.lateness.p99)), el('td', {}, ms(r.stats.execution.p99)),
      el('td', {}, r.controllers), el('td', {}, r.stats.controllerErrors + r.stats.hardwareErrors))));
  }
  refresh().catch(() => {});
  const timer = setInterval(() => refresh().catch(() => {}), 500);
  return () => clearInterval(timer);
}
