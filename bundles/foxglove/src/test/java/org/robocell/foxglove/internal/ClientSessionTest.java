package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.java_websocket.WebSocket;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * What one client is told about channels. A channel that appears while a client connects is in the connection's
 * first advertisement and in the scan's diff; the npm client (@foxglove/ws-protocol) subscribes on each
 * advertisement, so a channel advertised twice delivered every message twice (CI: "publications 304 and 304 are 0
 * apart").
 */
class ClientSessionTest {

    private final List<String> sent = new ArrayList<>();
    private final ClientSession session = new ClientSession(socket(sent), true, 8);
    private final ChannelTable.Entry jointStates = new ChannelTable.Entry(5,
            new TopicSpec("/fr3/joint_states", "sensor_msgs/JointState", "{}"));
    private final ChannelTable.Entry tf = new ChannelTable.Entry(6, new TopicSpec("/tf", "tf2_msgs/TFMessage", "{}"));

    @Test
    void aChannelInTheFirstAdvertisementAndInTheNextScansDiffIsAdvertisedOnce() {
        session.advertise(List.of(jointStates)); // onOpen: the table already held it
        session.advertise(List.of(jointStates, tf)); // the scan that added it announces it to every session

        assertEquals(List.of(List.of(5), List.of(6)), advertisedIds());
    }

    @Test
    void aChannelThatWentAwayBeforeALateAdvertisementIsNeverAdvertised() {
        session.unadvertise(List.of(5)); // the scan removed it before onOpen's (older) list was sent
        session.advertise(List.of(jointStates, tf));

        assertEquals(List.of(List.of(6)), advertisedIds());
        assertFalse(sent.stream().anyMatch(m -> m.contains("unadvertise")), "the client never knew channel 5: " + sent);
    }

    @Test
    void unadvertisingDropsTheSubscriptionsAndIsSentOnceForAKnownChannel() {
        ChannelTable table = new ChannelTable();
        table.update(List.of(new TopicSpec("/a", "s", "{}")));
        ChannelTable.Entry a = table.entries().get(0);
        session.advertise(List.of(a));
        assertEquals(null, session.subscribe(1, a.id(), table));
        assertTrue(session.subscribed(a.id()));

        session.unadvertise(List.of(a.id()));
        session.unadvertise(List.of(a.id()));

        assertFalse(session.subscribed(a.id()));
        assertEquals(1, sent.stream().filter(m -> m.contains("\"unadvertise\"")).count(), sent.toString());
    }

    private List<List<Integer>> advertisedIds() {
        List<List<Integer>> ids = new ArrayList<>();
        for (String m : sent) {
            JsonObject o = JsonParser.parseString(m).getAsJsonObject();
            if (o.get("op").getAsString().equals("advertise")) {
                List<Integer> one = new ArrayList<>();
                for (JsonElement c : o.getAsJsonArray("channels")) {
                    one.add(c.getAsJsonObject().get("id").getAsInt());
                }
                ids.add(one);
            }
        }
        return ids;
    }

    /** A socket that keeps what is sent as text. */
    private static WebSocket socket(List<String> sent) {
        return (WebSocket) Proxy.newProxyInstance(WebSocket.class.getClassLoader(), new Class<?>[] {WebSocket.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("send") && args.length == 1 && args[0] instanceof String text) {
                        sent.add(text);
                    }
                    return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
                });
    }
}
