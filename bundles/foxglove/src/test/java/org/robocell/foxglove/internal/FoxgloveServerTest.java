package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.java_websocket.drafts.Draft_6455;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.io.StateOutput;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Link;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** The server on a real loopback socket, with the sampler reading a channel the test publishes into. */
class FoxgloveServerTest {

    private static final int DECIMATION = 10;

    private final FakeCell cell = new FakeCell();
    private final StateOutput jointStates = new StateOutput("jsb/joint_states",
            List.of("j1/position", "j1/velocity", "j1/effort"));
    private final RobotModel model = new RobotModel("r", List.of(new Link("base", null), new Link("arm", null)),
            List.of(new Joint("j1", JointType.REVOLUTE, "base", "arm", Pose.IDENTITY, new Vector3(0, 0, 1), null, null)));
    private FoxgloveServer server;
    private Sampler sampler;
    private TestClient client;

    private int start(String host, String token) throws Exception {
        return start(host, token, 64);
    }

    private int start(String host, String token, int queue) throws Exception {
        cell.parameters.put("jsb", Map.of("interfaces", List.of("position")));
        cell.channels.put("jsb/joint_states", jointStates);
        ChannelTable table = new ChannelTable();
        List<TrackedRobot> robots = List.of(new TrackedRobot(cell.manager("fr3"), ""));
        server = new FoxgloveServer(new FoxgloveSettings(host, 0, DECIMATION, token, queue), table,
                new ParameterBridge(() -> robots));
        server.startAndWait();
        sampler = new Sampler(cell.registry(), () -> robots, r -> model, table, server, DECIMATION);
        sampler.start();
        return server.getPort();
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.closeBlocking();
        }
        if (sampler != null) {
            sampler.stop();
        }
        if (server != null) {
            server.stop(1000);
        }
    }

    private TestClient connect(int port, String path) throws InterruptedException {
        client = TestClient.foxglove(port, path);
        assertTrue(client.connectBlocking(20, TimeUnit.SECONDS), "connected");
        return client;
    }

    private static int channelId(JsonObject advertise, String topic) {
        for (JsonElement c : advertise.getAsJsonArray("channels")) {
            if (c.getAsJsonObject().get("topic").getAsString().equals(topic)) {
                return c.getAsJsonObject().get("id").getAsInt();
            }
        }
        return -1;
    }

    private static JsonObject advertised(TestClient c, String topic) throws InterruptedException {
        return c.await("advertise", a -> channelId(a, topic) >= 0);
    }

    @Test
    void aClientThatDoesNotOfferTheFoxgloveSubprotocolIsRefused() throws Exception {
        int port = start("127.0.0.1", "");
        client = new TestClient(port, "/", new Draft_6455());
        assertFalse(client.connectBlocking(20, TimeUnit.SECONDS));
    }

    @Test
    void aClientGetsServerInfoThenEveryTopicWithAJsonSchema() throws Exception {
        TestClient c = connect(start("127.0.0.1", ""), "/");
        JsonObject info = c.await("serverInfo", o -> true);
        assertEquals("[\"parameters\"]", info.get("capabilities").toString());
        JsonObject adv = advertised(c, "/fr3/joint_states");
        for (String topic : List.of("/fr3/joint_states", "/tf", "/fr3/robot_description", "/fr3/loop_stats",
                "/fr3/controllers", "/channels/jsb/joint_states")) {
            assertTrue(channelId(adv, topic) >= 0, topic + " in " + adv);
        }
        for (JsonElement ch : adv.getAsJsonArray("channels")) {
            JsonObject o = ch.getAsJsonObject();
            assertEquals("json", o.get("encoding").getAsString());
            assertEquals("jsonschema", o.get("schemaEncoding").getAsString());
            assertTrue(JsonParser.parseString(o.get("schema").getAsString()).isJsonObject());
        }
    }

    @Test
    void jointStatesAndTfArriveAtEveryTenthPublicationOfTheBroadcaster() throws Exception {
        TestClient c = connect(start("127.0.0.1", ""), "/");
        JsonObject adv = advertised(c, "/fr3/joint_states");
        c.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":7,\"channelId\":" + channelId(adv, "/fr3/joint_states")
                + "},{\"id\":8,\"channelId\":" + channelId(adv, "/tf") + "}]}");
        jointStates.publish(new double[] {Math.PI / 2, 0.1, 2.0});
        JsonObject first = c.awaitData(7).payload();
        assertEquals(1, first.get("publication").getAsLong());
        assertEquals("[\"j1\"]", first.get("name").toString());
        assertEquals(Math.PI / 2, first.getAsJsonArray("position").get(0).getAsDouble(), 1e-12);
        JsonArray tf = c.awaitData(8).payload().getAsJsonArray("transforms");
        JsonObject rotation = tf.get(0).getAsJsonObject().getAsJsonObject("rotation");
        assertEquals(Math.sin(Math.PI / 4), rotation.get("z").getAsDouble(), 1e-12);
        assertEquals("arm", tf.get(0).getAsJsonObject().get("child_frame_id").getAsString());
        // publications 2..10 are fewer than ten after the first: none may be sent; the eleventh is
        for (int i = 2; i <= 11; i++) {
            jointStates.publish(new double[] {i, 0, 0});
        }
        JsonObject next = c.awaitData(7).payload();
        assertEquals(11, next.get("publication").getAsLong());
        assertEquals(11.0, next.getAsJsonArray("position").get(0).getAsDouble());
        JsonObject nextRotation = c.awaitData(8).payload().getAsJsonArray("transforms").get(0).getAsJsonObject()
                .getAsJsonObject("rotation");
        assertEquals(Math.sin(11 / 2.0), nextRotation.get("z").getAsDouble(), 1e-12);
    }

    @Test
    void aParameterSetThroughFoxgloveReachesTheManagerAndReadsBack() throws Exception {
        TestClient c = connect(start("127.0.0.1", ""), "/");
        c.send("{\"op\":\"setParameters\",\"id\":\"s1\",\"parameters\":[{\"name\":\"fr3.jsb.interfaces\","
                + "\"value\":[\"position\",\"velocity\"]}]}");
        JsonObject values = c.await("parameterValues", o -> "s1".equals(o.get("id").getAsString()));
        assertEquals("[{\"name\":\"fr3.jsb.interfaces\",\"value\":[\"position\",\"velocity\"]}]",
                values.get("parameters").toString());
        assertEquals(List.of("jsb {interfaces=[position, velocity]}"), cell.setCalls);
        c.send("{\"op\":\"getParameters\",\"id\":\"g\",\"parameterNames\":[\"fr3.jsb.interfaces\"]}");
        assertEquals(values.get("parameters"), c.await("parameterValues", o -> "g".equals(o.get("id").getAsString()))
                .get("parameters"));
    }

    @Test
    void theManagersRefusalReachesTheClientAsAnErrorStatus() throws Exception {
        TestClient c = connect(start("127.0.0.1", ""), "/");
        c.send("{\"op\":\"setParameters\",\"parameters\":[{\"name\":\"fr3.nope.p\",\"value\":1}]}");
        JsonObject status = c.await("status", o -> o.get("level").getAsInt() == 2);
        assertEquals("fr3.nope: controller 'nope' is not loaded", status.get("message").getAsString());
    }

    @Test
    void aMalformedRequestIsAnsweredWithOneLineAndTheConnectionStays() throws Exception {
        TestClient c = connect(start("127.0.0.1", ""), "/");
        c.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1}]}");
        assertEquals("field 'channelId' is missing; expected a whole number 0..4294967295",
                c.await("status", o -> true).get("message").getAsString());
        c.send("{\"op\":\"getParameters\",\"id\":\"after\",\"parameterNames\":[]}");
        c.await("parameterValues", o -> "after".equals(o.get("id").getAsString()));
    }

    @Test
    void beyondLoopbackAClientWithoutTheTokenMayReadButNotSetParameters() throws Exception {
        TestClient c = connect(start("0.0.0.0", "t0ken"), "/");
        assertTrue(c.await("status", o -> true).get("message").getAsString().startsWith("read-only"));
        c.send("{\"op\":\"setParameters\",\"parameters\":[{\"name\":\"fr3.jsb.interfaces\",\"value\":[]}]}");
        assertTrue(c.await("status", o -> o.get("level").getAsInt() == 2).get("message").getAsString()
                .startsWith("setParameters refused"));
        assertEquals(List.of(), cell.setCalls);
        c.closeBlocking();

        client = connect(server.getPort(), "/?token=t0ken");
        client.send("{\"op\":\"setParameters\",\"id\":\"t\",\"parameters\":[{\"name\":\"fr3.jsb.interfaces\",\"value\":[]}]}");
        client.await("parameterValues", o -> "t".equals(o.get("id").getAsString()));
        assertEquals(List.of("jsb {interfaces=[]}"), cell.setCalls);
    }

    @Test
    void aClientThatNeverReadsLosesOldMessagesAndAnotherClientKeepsGettingItsOwn() throws Exception {
        // a wide channel (40 kB a message) fills the stalled client's socket buffers after a few hundred messages
        List<String> fields = java.util.stream.IntStream.range(0, 2000).mapToObj(i -> "j" + i + "/position").toList();
        StateOutput wide = new StateOutput("wide/state", fields);
        cell.channels.put("wide/state", wide);
        int port = start("127.0.0.1", "", 16);
        try (java.net.Socket stalled = new java.net.Socket()) {
            stalled.setReceiveBufferSize(4096);
            stalled.connect(new java.net.InetSocketAddress("127.0.0.1", port));
            java.io.OutputStream out = stalled.getOutputStream();
            out.write(("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                    + "Sec-WebSocket-Protocol: foxglove.websocket.v1\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            TestClient reader = connect(port, "/");
            int wideChannel = channelId(advertised(reader, "/channels/wide/state"), "/channels/wide/state");
            out.write(maskedText("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":1,\"channelId\":" + wideChannel + "}]}"));
            out.flush();
            reader.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":5,\"channelId\":" + wideChannel + "}]}");
            double[] values = new double[fields.size()];
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (server.dropped() == 0 && System.nanoTime() < until) {
                values[0]++;
                wide.publish(values);
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
            assertTrue(server.dropped() > 0, "the stalled client lost messages");
            // the reading client still gets the newest publications (a decimation's worth more, so one is due)
            long published = wide.publications();
            for (int i = 0; i < DECIMATION; i++) {
                wide.publish(values);
            }
            long received;
            do {
                received = reader.awaitData(5).payload().get("publication").getAsLong();
            } while (received <= published);
        }
    }

    /** A client's text frame: masked, as RFC 6455 section 5.3 requires from a client. */
    private static byte[] maskedText(String text) {
        byte[] payload = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream f = new java.io.ByteArrayOutputStream();
        f.write(0x81);
        if (payload.length < 126) {
            f.write(0x80 | payload.length);
        } else {
            f.write(0x80 | 126);
            f.write(payload.length >>> 8);
            f.write(payload.length & 0xFF);
        }
        byte[] mask = {1, 2, 3, 4};
        f.writeBytes(mask);
        for (int i = 0; i < payload.length; i++) {
            f.write(payload[i] ^ mask[i % 4]);
        }
        return f.toByteArray();
    }

    @Test
    void aPortInUseIsOneLineNamingTheAddress() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            server = new FoxgloveServer(new FoxgloveSettings("127.0.0.1", port, DECIMATION, "", 16), new ChannelTable(),
                    new ParameterBridge(List::of));
            FoxgloveServer.ListenFailure e = org.junit.jupiter.api.Assertions.assertThrows(
                    FoxgloveServer.ListenFailure.class, server::startAndWait);
            assertTrue(e.getMessage().startsWith("cannot listen on 127.0.0.1:" + port + ": "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line");
        }
    }
}
