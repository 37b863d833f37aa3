package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.StateOutput;

import com.google.gson.JsonParser;

/** The joint states topic of a robot: decimated by the broadcaster's publications, never one sent twice. */
class RobotSourceTest {

    private static final List<String> FIELDS = List.of("joint1/position", "joint1/velocity", "joint1/effort");

    private final FakeCell cell = new FakeCell();
    private final List<Long> sent = new ArrayList<>();
    private final TopicSource.Sink sink = new TopicSource.Sink() {
        @Override
        public boolean wanted(String topic) {
            return topic.equals("/fox/joint_states");
        }

        @Override
        public void publish(String topic, long epochNanos, byte[] payload) {
            sent.add(JsonParser.parseString(new String(payload, StandardCharsets.UTF_8)).getAsJsonObject()
                    .get("publication").getAsLong());
        }
    };

    @Test
    void aScanThatMissesTheBroadcasterForAMomentDoesNotSendItsLastMessageAgain() {
        RobotSource source = new RobotSource("fox", cell.manager("fox"), 10);
        StateOutput channel = new StateOutput("fox/joint_state_broadcaster/joint_states", FIELDS);
        publish(channel, 332);
        source.update(channel, null);
        source.sample(0, sink);
        // a scan during a controller switch finds no broadcaster, the next one finds the same channel again
        source.update(null, null);
        source.update(channel, null);
        source.sample(0, sink);
        publish(channel, 9);
        source.sample(0, sink);
        publish(channel, 1);
        source.sample(0, sink);
        assertEquals(List.of(332L, 342L), sent);
    }

    @Test
    void aNewBroadcasterChannelCountsFromItsOwnStart() {
        RobotSource source = new RobotSource("fox", cell.manager("fox"), 10);
        StateOutput first = new StateOutput("fox/joint_state_broadcaster/joint_states", FIELDS);
        publish(first, 332);
        source.update(first, null);
        source.sample(0, sink);
        StateOutput reloaded = new StateOutput("fox/joint_state_broadcaster/joint_states", FIELDS);
        publish(reloaded, 3);
        source.update(reloaded, null);
        source.sample(0, sink);
        assertEquals(List.of(332L, 3L), sent);
    }

    private static void publish(StateOutput channel, int times) {
        double[] values = new double[FIELDS.size()];
        for (int i = 0; i < times; i++) {
            values[0] = i;
            channel.publish(values);
        }
    }
}
