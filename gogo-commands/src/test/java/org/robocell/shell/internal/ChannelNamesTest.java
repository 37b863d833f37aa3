package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;

/**
 * Which channel a name means when several robots publish channels of the same short name: a name as registered is
 * that channel, a short one resolves in the robot given with --robot or the one robot that has it, and otherwise
 * the error names the robots and asks for one.
 */
class ChannelNamesTest {

    private final Map<String, Channel> channels = new TreeMap<>();
    private final Robots robots = new Robots();
    private final ChannelCommands commands;

    ChannelNamesTest() {
        ChannelRegistry registry = new ChannelRegistry() {
            @Override
            public Registration register(String name, Channel channel) {
                channels.put(name, channel);
                return null;
            }

            @Override
            public Registration register(String name, Channel channel, String owner) {
                return register(name, channel);
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
                return new ArrayList<>(channels.keySet());
            }
        };
        commands = new ChannelCommands(registry, robots);
        robot("left", "left", "joint_a1");
        robot("right", "right", "joint_a1");
    }

    /** A running robot in a namespace, its broadcaster's channel published once. */
    private void robot(String name, String namespace, String joint) {
        ControllerManager m = (ControllerManager) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ControllerManager.class}, (p, method, a) -> switch (method.getName()) {
                    case "robot" -> name;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    default -> null;
                });
        robots.addManager(m, Map.of(ControllerManager.ROBOT, name, ControllerManager.NAMESPACE, namespace,
                ControllerManager.STARTED, Boolean.TRUE));
        StateOutput out = new StateOutput(namespace + "/joint_state_broadcaster/joint_states",
                List.of(joint + "/position", joint + "/velocity"));
        out.publish(new double[] { name.length(), 0 });
        channels.put(out.name(), out);
        channels.put(namespace + "/joint_states", out);
    }

    private String echo(String robot, String filter, String name) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            commands.echo(null, "1", "10", filter, robot, name);
        } finally {
            System.setOut(saved);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aShortNameTwoRobotsHaveIsRefusedWithTheRobotsNamed() {
        CommandFailed e = assertThrows(CommandFailed.class, () -> echo("", "", "joint_states"));
        assertEquals("'joint_states' is a channel of 2 robots (left, right): name one, left/joint_states or"
                + " right/joint_states, or choose with --robot", e.getMessage());
    }

    @Test
    void theRobotOptionOrTheFullNameSaysWhichRobotsChannelIsMeant() throws Exception {
        assertTrue(echo("right", "", "joint_states").contains("joint_a1/position: 5.000000"), "right's broadcaster");
        assertTrue(echo("", "", "left/joint_states").contains("joint_a1/position: 4.000000"), "left's broadcaster");
    }

    @Test
    void aShortNameOnlyOneRobotHasIsThatRobotsChannel() throws Exception {
        channels.remove("left/joint_states");
        channels.remove("left/joint_state_broadcaster/joint_states");
        assertTrue(echo("", "", "joint_states").contains("joint_a1/position: 5.000000"));
    }

    @Test
    void aFilterThatMatchesNoFieldIsRefusedWithTheFieldsThereAre() {
        CommandFailed e = assertThrows(CommandFailed.class, () -> echo("left", "joint9", "joint_states"));
        assertEquals("no field of left/joint_state_broadcaster/joint_states contains 'joint9'; its fields:"
                + " joint_a1/position, joint_a1/velocity", e.getMessage());
    }
}
