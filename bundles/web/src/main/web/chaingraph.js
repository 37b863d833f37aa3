// A robot's controller chain as a drawing: one box per chained controller, one arrow per pair of controllers and kind of
// link (preceding → following, labelled with the kind and how many interfaces), columns by depth in the chain. The manager's update
// order is topological (preceding before following), so one pass over it gives each controller's depth.
const SVG = 'http://www.w3.org/2000/svg';
const BOX_W = 250;
const BOX_H = 30;
const COL = 420;
const ROW = 50;
const PAD = 10;

function svg(tag, attrs = {}, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The drawing, or null when no controller uses another's interfaces. */
export function chainGraph(chains, prefix) {
  if (chains.edges.length === 0) return null;
  const linked = new Set(chains.edges.flatMap((e) => [e.preceding, e.following]));
  const nodes = chains.updateOrder.filter((n) => linked.has(n));
  const depth = new Map(nodes.map((n) => [n, 0]));
  for (const n of nodes) {
    for (const e of chains.edges) {
      if (e.preceding === n) depth.set(e.following, Math.max(depth.get(e.following) ?? 0, depth.get(n) + 1));
    }
  }
  const rows = new Map();
  const at = new Map();
  for (const n of nodes) {
    const d = depth.get(n);
    const r = rows.get(d) ?? 0;
    rows.set(d, r + 1);
    at.set(n, { x: PAD + d * COL, y: PAD + r * ROW });
  }
  const pairs = new Map();
  for (const e of chains.edges) {
    const key = `${e.preceding}\n${e.following}\n${e.kind}`;
    if (!pairs.has(key)) pairs.set(key, { from: e.preceding, to: e.following, kind: e.kind, interfaces: [] });
    pairs.get(key).interfaces.push(e.interface);
  }
  const width = PAD * 2 + Math.max(...depth.values()) * COL + BOX_W;
  const height = PAD * 2 + (Math.max(...rows.values()) - 1) * ROW + BOX_H;
  const root = svg('svg', { class: 'chain-graph', width, height, viewBox: `0 0 ${width} ${height}` });
  const defs = svg('defs');
  const marker = svg('marker', { id: 'chain-arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 8,
    markerHeight: 8, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z' }));
  defs.append(marker);
  root.append(defs);
  for (const p of pairs.values()) {
    const a = at.get(p.from);
    const b = at.get(p.to);
    const x1 = a.x + BOX_W;
    const y1 = a.y + BOX_H / 2;
    const x2 = b.x;
    const y2 = b.y + BOX_H / 2;
    const g = svg('g', { class: `edge ${p.kind}`, 'data-from': p.from, 'data-to': p.to });
    g.append(svg('title', {}, p.interfaces.join('\n')));
    g.append(svg('line', { x1, y1, x2, y2, 'marker-end': 'url(#chain-arrow)' }));
    const n = p.interfaces.length;
    g.append(svg('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4, 'text-anchor': 'middle' },
      `${p.kind.replace('_', ' ')} ×${n}`));
    root.append(g);
  }
  for (const n of nodes) {
    const { x, y } = at.get(n);
    const g = svg('g', { class: 'node', 'data-controller': n });
    g.append(svg('rect', { x, y, width: BOX_W, height: BOX_H, rx: 4 }));
    const label = prefix && n.startsWith(prefix) ? n.slice(prefix.length) : n;
    g.append(svg('text', { x: x + BOX_W / 2, y: y + BOX_H / 2 + 4, 'text-anchor': 'middle' }, label));
    root.append(g);
  }
  return root;
}
