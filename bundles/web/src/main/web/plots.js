// Live plots of any channel field, several at once (uPlot): tick the fields, press Plot. The page keeps the last
// WINDOW_S seconds; window.robocellPlot holds the plotted data (what the browser test reads).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { getJson, el, stream, message } from './api.js';

const WINDOW_S = 10;
const COLORS = ['#60a5fa', '#f87171', '#34d399', '#fbbf24', '#a78bfa', '#f472b6', '#22d3ee', '#a3e635'];

export function plotsPage(root) {
  const picker = el('div', { class: 'picker' });
  const chartBox = el('div', { id: 'chart' });
  const info = el('p', { id: 'plot-info' });
  const plotButton = el('button', { id: 'plot', on: { click: () => start(checked()) } }, 'Plot');
  root.append(el('h2', {}, 'Plots'), el('p', {}, 'Tick fields of any channel, then ', plotButton), picker, info, chartBox);
  let es = null;
  let chart = null;
  let alive = true;

  function checked() {
    return [...picker.querySelectorAll('input[type=checkbox]:checked')].map((c) => c.value);
  }

  function start(series) {
    if (es) es.close();
    if (chart) chart.destroy();
    if (series.length === 0) {
      message('tick one or more fields to plot', true);
      return;
    }
    const data = { series, t: [], v: series.map(() => []), batches: 0, dropped: 0 };
    window.robocellPlot = data;
    chart = new uPlot({
      width: Math.max(400, root.clientWidth - 20), height: 360,
      scales: { x: { time: true } },
      series: [{}, ...series.map((s, i) => ({ label: s, stroke: COLORS[i % COLORS.length], width: 1.5 }))],
      axes: [{ stroke: '#9ca3af', grid: { stroke: '#374151' } }, { stroke: '#9ca3af', grid: { stroke: '#374151' } }],
    }, [[], ...series.map(() => [])], chartBox);
    es = stream(series, (t, v, dropped) => {
      for (let i = 0; i < t.length; i++) data.t.push(t[i] / 1000);
      v.forEach((col, k) => { for (const x of col) data.v[k].push(x); });
      const cut = data.t.findIndex((x) => x >= data.t[data.t.length - 1] - WINDOW_S);
      if (cut > 0) {
        data.t.splice(0, cut);
        data.v.forEach((col) => col.splice(0, cut));
      }
      data.batches++;
      data.dropped = dropped;
      chart.setData([data.t, ...data.v]);
      const span = data.t.length > 1 ? data.t[data.t.length - 1] - data.t[0] : 0;
      info.textContent = `${series.length} series, ${data.t.length} points in ${span.toFixed(1)} s`
        + (span > 0 ? ` (${(data.t.length / span).toFixed(0)} Hz per series)` : '') + (dropped ? `, ${dropped} batches dropped` : '');
    });
  }

  (async () => {
    const list = await getJson('api/channels');
    if (!alive) return;
    for (const c of list.channels) {
      picker.append(el('details', { 'data-channel': c.name }, el('summary', {}, c.name),
        el('div', { class: 'fields' }, c.fields.map((f) => el('label', {},
          el('input', { type: 'checkbox', value: `${c.name}:${f}`, 'data-field': f }), f)))));
    }
    const pre = new URLSearchParams(location.hash.split('?')[1] || '').getAll('s');
    if (pre.length) {
      pre.forEach((s) => { const box = picker.querySelector(`input[value="${CSS.escape(s)}"]`); if (box) box.checked = true; });
      start(pre);
    }
  })().catch((e) => message(String(e), true));

  return () => { alive = false; if (es) es.close(); if (chart) chart.destroy(); };
}
