// Controllers per robot: state, claims, the chain; buttons that make the manager calls the shell's controller:*
// commands make (the answer, or the refusal, is shown as the shell would print it).
import { getJson, postJson, el, message } from './api.js';
import { chainGraph } from './chaingraph.js';

export function controllersPage(root) {
  root.append(el('h2', {}, 'Controllers'));
  const sections = el('div');
  root.append(sections);
  let alive = true;
  let busy = false;

  async function act(robot, body) {
    busy = true;
    try {
      const r = await postJson(`api/robots/${encodeURIComponent(robot)}/controllers`, body);
      message(r.ok ? r.message : 'error: ' + r.error, !r.ok);
    } finally {
      busy = false;
      await refresh();
    }
  }

  function buttons(robot, c) {
    const b = (action, label, body) => el('button', { 'data-action': action, on: { click: () => act(robot, body) } }, label);
    const out = [];
    if (c.state !== 'active') out.push(b('activate', 'Activate', { action: 'activate', names: [c.name] }));
    if (c.state === 'active') out.push(b('deactivate', 'Deactivate', { action: 'deactivate', names: [c.name] }));
    if (c.state === 'unconfigured') out.push(b('configure', 'Configure', { action: 'configure', name: c.name }));
    if (c.state === 'inactive') out.push(b('cleanup', 'Clean up', { action: 'cleanup', name: c.name }));
    if (c.state !== 'active') out.push(b('unload', 'Unload', { action: 'unload', name: c.name }));
    return out;
  }

  function switchForm(robot, list) {
    const names = list.controllers.map((c) => c.name);
    const on = el('select', { class: 'switch-activate' }, el('option', { value: '' }, '(none)'), names.map((n) => el('option', { value: n }, n)));
    const off = el('select', { class: 'switch-deactivate' }, el('option', { value: '' }, '(none)'), names.map((n) => el('option', { value: n }, n)));
    const go = el('button', { 'data-action': 'switch', on: { click: () => act(robot, {
      action: 'switch', activate: on.value ? [on.value] : [], deactivate: off.value ? [off.value] : [],
    }) } }, 'Switch');
    return el('div', { class: 'switch' }, 'Switch: activate ', on, ' deactivate ', off, ' ', go, ' (one cycle boundary)');
  }

  async function section(robot) {
    const list = await getJson(`api/robots/${encodeURIComponent(robot)}/controllers`);
    const loaded = new Set(list.controllers.map((c) => c.name));
    const declared = Object.entries(list.declared).filter(([n]) => !loaded.has(n));
    const chains = list.chains;
    return el('section', { 'data-robot': robot }, el('h3', {}, robot),
      el('table', { class: 'controllers' },
        el('tr', {}, ['controller', 'type', 'state', 'rate', 'chained', 'claimed interfaces', ''].map((h) => el('th', {}, h))),
        list.controllers.map((c) => el('tr', { 'data-controller': c.name },
          el('td', { class: 'name' }, c.name), el('td', {}, c.type),
          el('td', { class: `state ${c.state}` }, c.state), el('td', {}, c.updateRate),
          el('td', {}, c.chainable ? (c.chained ? 'chained' : 'unchained') : '-'),
          el('td', { class: 'claimed' }, c.claimed.join(' ') || '-'),
          el('td', { class: 'buttons' }, buttons(robot, c))))),
      declared.length === 0 ? null : el('p', { class: 'declared' }, 'Declared, not loaded: ',
        declared.map(([n, type]) => el('button', { 'data-action': 'load', 'data-name': n, title: type,
          on: { click: () => act(robot, { action: 'load', name: n }) } }, 'Load ' + n))),
      switchForm(robot, list),
      el('p', { class: 'chain' }, 'Update order: ', chains.updateOrder.join(' → ') || '(no configured controller)'),
      chainGraph(chains, robot + '/'),
      chains.edges.length === 0 ? null : el('ul', { class: 'edges' }, chainLinks(chains.edges).map(([link, ifs]) =>
        el('li', { title: ifs.join('\n') }, `${link} (${ifs.length} interface${ifs.length === 1 ? '' : 's'})`))));
  }

  /** The chain graph's edges grouped per pair of controllers: "a —[reference]→ b" with the interfaces. */
  function chainLinks(edges) {
    const links = new Map();
    for (const e of edges) {
      const key = `${e.preceding} —[${e.kind.replace('_', ' ')}]→ ${e.following}`;
      if (!links.has(key)) links.set(key, []);
      links.get(key).push(e.interface);
    }
    return [...links.entries()];
  }

  async function refresh() {
    const cell = await getJson('api/cell');
    const built = [];
    for (const r of cell.robots) built.push(await section(r.name));
    if (alive && !busy) sections.replaceChildren(...built);
  }

  refresh().catch((e) => message(String(e), true));
  const timer = setInterval(() => { if (!busy) refresh().catch(() => {}); }, 1000);
  return () => { alive = false; clearInterval(timer); };
}
