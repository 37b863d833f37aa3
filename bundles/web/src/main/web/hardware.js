// Hardware: every robot's components and the interfaces of its slot table.
import { getJson, el } from './api.js';

export function hardwarePage(root) {
  root.append(el('h2', {}, 'Hardware'));
  let alive = true;
  (async () => {
    const cell = await getJson('api/cell');
    for (const r of cell.robots) {
      const hw = await getJson(`api/robots/${encodeURIComponent(r.name)}/hardware`);
      if (!alive) return;
      root.append(el('section', { 'data-robot': r.name }, el('h3', {}, r.name),
        el('table', { class: 'components' },
          el('tr', {}, ['component', 'type', 'plugin', 'state'].map((h) => el('th', {}, h))),
          hw.components.map((c) => el('tr', {}, el('td', {}, c.name), el('td', {}, c.type),
            el('td', {}, c.plugin + (c.pluginAvailable ? '' : ' (not installed)')), el('td', {}, c.state)))),
        el('details', {}, el('summary', {}, `${hw.interfaces.length} interfaces`),
          el('table', { class: 'interfaces' },
            el('tr', {}, ['interface', 'kind', 'owner', 'available', 'claimed by', 'value'].map((h) => el('th', {}, h))),
            hw.interfaces.map((i) => el('tr', {}, el('td', {}, i.name), el('td', {}, i.kind), el('td', {}, i.owner),
              el('td', {}, i.available ? 'yes' : 'no'), el('td', {}, i.claimedBy || '-'),
              el('td', {}, i.value === null ? '-' : Number(i.value).toFixed(4))))))));
    }
  })().catch(() => {});
  return () => { alive = false; };
}
