package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class LiveSamplerTest {

    private final Map<String, Channel> channels = new ConcurrentHashMap<>();
    private final StateOutput joints = new StateOutput("jsb/joint_states",
            List.of("joint1/position", "joint1/velocity", "joint2/position"));
    private final LiveSampler sampler = new LiveSampler(registry(), 250);

    LiveSamplerTest() {
        channels.put("jsb/joint_states", joints);
    }

    @Test
    void aRowIsAddedOnlyForANewPublicationWithTheFieldsTheClientPicked() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("jsb/joint_states:joint2/position"),
                Series.parse("jsb/joint_states:joint1/position")), 8);
        sampler.add(c);
        joints.publish(new double[] {0.1, 9, 0.2});
        sampler.sampleOnce(1);
        sampler.sampleOnce(2); // no new publication: no row
        joints.publish(new double[] {0.3, 9, 0.4});
        sampler.sampleOnce(3);
        sampler.sealAll();
        JsonObject b = JsonParser.parseString(c.next(0)).getAsJsonObject();
        assertEquals("[1.0,3.0]", b.get("t").toString());
        assertEquals("[[0.2,0.4],[0.1,0.3]]", b.get("v").toString());
    }

    @Test
    void aFieldOrChannelThatDoesNotExistIsNullBesideTheOthers() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("jsb/joint_states:joint1/position"),
                Series.parse("jsb/joint_states:joint9/position"), Series.parse("nope/state:x")), 8);
        sampler.add(c);
        joints.publish(new double[] {0.5, 0, 0});
        sampler.sampleOnce(1);
        sampler.sealAll();
        JsonObject b = JsonParser.parseString(c.next(0)).getAsJsonObject();
        assertEquals("[[0.5],[null],[null]]", b.get("v").toString());
    }

    @Test
    void aClientThatLeftGetsNothingMore() throws InterruptedException {
        LiveClient c = new LiveClient(List.of(Series.parse("jsb/joint_states:joint1/position")), 8);
        sampler.add(c);
        sampler.remove(c);
        joints.publish(new double[] {0.5, 0, 0});
        sampler.sampleOnce(1);
        sampler.sealAll();
        assertNull(c.next(0));
        assertEquals(0, sampler.clients());
    }

    private ChannelRegistry registry() {
        return new ChannelRegistry() {
            @Override
            public Registration register(String name, Channel channel) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Registration register(String name, Channel channel, String owner) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<Channel> find(String name) {
                return Optional.ofNullable(channels.get(name));
            }

            @Override
            public <C extends Channel> Optional<C> find(String name, Class<C> type) {
                return find(name).filter(type::isInstance).map(type::cast);
            }

            @Override
            public List<String> names() {
                return channels.keySet().stream().sorted().toList();
            }
        };
    }
}
