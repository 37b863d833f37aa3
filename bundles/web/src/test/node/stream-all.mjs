// A live-view client for the jitter benchmark (BENCHMARKS.md "Web console and Foxglove server, two clients each"):
// subscribes to the first 32 fields (the stream's maximum) of the channels whose names contain <filter> (all when
// none; it waits until one exists, e.g. "jitter_" for cell:jitter's own robot), and reads the event stream until
// stopped, printing rows and bytes received every 5 s.
//
//   node stream-all.mjs <base url> <token> [filter]
const [base, token, filter = ''] = process.argv.slice(2);
const auth = { Authorization: `Bearer ${token}` };
let series = [];
while (series.length === 0) {
  const { channels } = await (await fetch(`${base}/api/channels`, { headers: auth })).json();
  series = channels.filter((c) => c.name.includes(filter)).flatMap((c) => c.fields.map((f) => `${c.name}:${f}`)).slice(0, 32);
  if (series.length === 0) await new Promise((r) => setTimeout(r, 500));
}
const q = series.map((s) => 's=' + encodeURIComponent(s)).join('&');
const r = await fetch(`${base}/api/stream?${q}`, { headers: auth });
if (!r.ok) throw new Error(`stream: ${r.status} ${await r.text()}`);
let bytes = 0;
let rows = 0;
let dropped = 0;
let pending = '';
setInterval(() => console.log(JSON.stringify({ series: series.length, rows, bytes, dropped })), 5000);
const decoder = new TextDecoder();
for await (const chunk of r.body) {
  bytes += chunk.length;
  pending += decoder.decode(chunk, { stream: true });
  let end;
  while ((end = pending.indexOf('\n\n')) >= 0) {
    const event = pending.slice(0, end);
    pending = pending.slice(end + 2);
    const data = event.split('\n').find((l) => l.startsWith('data: '));
    if (event.startsWith('event: batch') && data) {
      const b = JSON.parse(data.slice(6));
      rows += b.t.length;
      dropped = b.dropped;
    }
  }
}
