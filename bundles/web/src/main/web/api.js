// The console's calls to /api (same origin; the session cookie goes along). A 401 sends the page to the login form.

export async function getJson(path) {
  const r = await fetch(path, { headers: { Accept: 'application/json' } });
  if (r.status === 401) {
    location.href = 'login';
    throw new Error('not logged in');
  }
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || `${r.status}`);
  return body;
}

export async function getText(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.text();
}

/** POSTs JSON; answers {ok, message|error} as the server did (a refusal is not thrown). */
export async function postJson(path, body) {
  const r = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status === 401) {
    location.href = 'login';
    throw new Error('not logged in');
  }
  return r.json();
}

/**
 * Opens the live stream of these series ("<channel>:<field>"); onBatch(t[], v[][]) gets each batch.
 * Returns the EventSource (close() it when the page goes).
 */
export function stream(series, onBatch) {
  const q = series.map((s) => 's=' + encodeURIComponent(s)).join('&');
  const es = new EventSource('api/stream?' + q);
  es.addEventListener('batch', (e) => {
    const b = JSON.parse(e.data);
    onBatch(b.t, b.v, b.dropped);
  });
  return es;
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'on') for (const [ev, fn] of Object.entries(v)) e.addEventListener(ev, fn);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function message(text, error = false) {
  const m = document.getElementById('message');
  m.textContent = text;
  m.className = error ? 'error' : 'ok';
}

export function ms(ns) {
  return ns === undefined || ns === null ? '-' : (ns / 1e6).toFixed(3);
}
