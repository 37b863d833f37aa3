// The Foxglove protocol test's client side (README "Foxglove"): connects to a running RoboCell Foxglove server with
// the npm client of the protocol (@foxglove/ws-protocol over ws), subscribes to a robot's joint states and /tf, counts
// messages over a number of broadcaster publications (loop cycles, never wall time), sets a controller parameter and
// reads it back, and has an invalid set refused. Prints one JSON line with what it saw; exits 1 with one line naming
// the first check that failed.
//
//   node protocol-check.mjs <url> <robot> <decimation> <cycles> <parameter> <json value> <refused parameter>
import foxglove from "@foxglove/ws-protocol";
import WebSocket from "ws";

const { FoxgloveClient } = foxglove;

const [url, robot, decimationText, cyclesText, parameter, valueText, refusedParameter] = process.argv.slice(2);
if (!refusedParameter) {
  console.error("usage: node protocol-check.mjs <url> <robot> <decimation> <cycles> <parameter> <json value> <refused parameter>");
  process.exit(2);
}
const decimation = Number(decimationText);
const cycles = Number(cyclesText);
const value = JSON.parse(valueText);
const decoder = new TextDecoder();

function fail(message) {
  console.error(`protocol check failed: ${message}`);
  process.exit(1);
}
setTimeout(() => fail(`not done within 60 s (${JSON.stringify(progress())})`), 60_000).unref();

const client = new FoxgloveClient({ ws: new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]) });
const channels = new Map();
const subscriptions = new Map();
const publications = [];
const tfFrames = new Set();
let tfMessages = 0;
let capabilities = [];
let setDone = false;
let readBack;
let refusal;

function progress() {
  return { publications: publications.length, tfMessages, setDone, readBack, refusal };
}

client.on("error", (e) => fail(`client error: ${e}`));
client.on("serverInfo", (info) => { capabilities = info.capabilities; });
client.on("advertise", (list) => {
  for (const ch of list) {
    channels.set(ch.topic, ch);
    if (ch.encoding !== "json" || ch.schemaEncoding !== "jsonschema") {
      fail(`${ch.topic} is advertised as ${ch.encoding}/${ch.schemaEncoding}, expected json/jsonschema`);
    }
    JSON.parse(ch.schema);
    if (ch.topic === `/${robot}/joint_states` || ch.topic === "/tf") {
      subscriptions.set(client.subscribe(ch.id), ch.topic);
    }
  }
});
client.on("message", ({ subscriptionId, data }) => {
  const topic = subscriptions.get(subscriptionId);
  const message = JSON.parse(decoder.decode(data));
  if (topic === "/tf") {
    tfMessages++;
    for (const t of message.transforms) {
      const q = t.rotation;
      const norm = Math.hypot(q.x, q.y, q.z, q.w);
      if (Math.abs(norm - 1) > 1e-6) fail(`a /tf rotation is not a unit quaternion: ${JSON.stringify(q)}`);
      tfFrames.add(`${t.parent_frame_id}->${t.child_frame_id}`);
    }
  } else if (topic === `/${robot}/joint_states`) {
    if (message.name.length === 0 || message.name.length !== message.position.length) {
      fail(`joint states name ${message.name.length} joints and ${message.position.length} positions`);
    }
    publications.push(message.publication);
  }
  maybeSetParameter();
  finishWhenDone();
});
client.on("parameterValues", ({ parameters, id }) => {
  if (id === "set") {
    setDone = true;
    client.getParameters([parameter], "get");
  } else if (id === "get") {
    readBack = parameters.find((p) => p.name === parameter)?.value;
    if (JSON.stringify(readBack) !== JSON.stringify(value)) {
      fail(`${parameter} reads back as ${JSON.stringify(readBack)}, set to ${JSON.stringify(value)}`);
    }
    client.setParameters([{ name: refusedParameter, value: 1 }], "refused");
  }
  finishWhenDone();
});
client.on("status", ({ level, message }) => {
  if (level === 2 && message.includes(refusedParameter.split(".").slice(0, 2).join("."))) {
    refusal = message;
    finishWhenDone();
  } else if (level === 2) {
    fail(`server error: ${message}`);
  }
});

let setSent = false;
function maybeSetParameter() {
  if (!setSent && publications.length > 0) {
    if (!capabilities.includes("parameters")) fail(`serverInfo capabilities ${JSON.stringify(capabilities)} lack 'parameters'`);
    setSent = true;
    client.setParameters([{ name: parameter, value }], "set");
  }
}

function finishWhenDone() {
  if (publications.length < 2 || publications[publications.length - 1] - publications[0] < cycles) return;
  if (readBack === undefined || refusal === undefined || tfMessages === 0) return;
  // messages over `cycles` publications of the broadcaster, the first one counted as the start
  const window = publications.filter((p) => p - publications[0] <= cycles);
  for (let i = 1; i < publications.length; i++) {
    const gap = publications[i] - publications[i - 1];
    if (gap < decimation) fail(`publications ${publications[i - 1]} and ${publications[i]} are ${gap} apart, decimation is ${decimation}`);
  }
  const expected = cycles / decimation;
  // at most one message per `decimation` publications; at least half of that while the sampler keeps up
  if (window.length - 1 > expected) fail(`${window.length - 1} messages over ${cycles} publications, at most ${expected} expected`);
  if (window.length - 1 < expected / 2) fail(`${window.length - 1} messages over ${cycles} publications, at least ${expected / 2} expected`);
  console.log(JSON.stringify({
    messages: window.length - 1, cycles, decimation, tfMessages, tfFrames: [...tfFrames].sort(), readBack, refusal,
  }));
  client.close();
  process.exit(0);
}
