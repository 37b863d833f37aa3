// A load client for the jitter benchmark (BENCHMARKS.md "Foxglove server"): subscribes to every channel the server
// advertises and counts what arrives, until killed; prints the counts every 10 s.
//
//   node subscribe-all.mjs ws://localhost:8765
import foxglove from "@foxglove/ws-protocol";
import WebSocket from "ws";

const { FoxgloveClient } = foxglove;

const client = new FoxgloveClient({ ws: new WebSocket(process.argv[2], [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
let messages = 0;
let bytes = 0;
client.on("error", (e) => { console.error(`client error: ${e}`); process.exit(1); });
client.on("advertise", (channels) => channels.forEach((ch) => client.subscribe(ch.id)));
client.on("message", ({ data }) => { messages++; bytes += data.byteLength; });
setInterval(() => console.log(JSON.stringify({ messages, bytes })), 10_000);
