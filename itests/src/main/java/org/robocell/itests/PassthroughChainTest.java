package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * ros2_control_demos example 12's controller chain, its controllers file in its own shape (fixtures/rrbot): a
 * forward command controller commands a second-level passthrough, which commands two first-level passthroughs,
 * which command the joints of an RRBot on mock hardware.
 */
class PassthroughChainTest {

    private static final Path FIXTURE = Path.of("fixtures/rrbot").toAbsolutePath();
    private static final String[] CHAIN = { "joint_state_broadcaster", "joint1_position_controller",
            "joint2_position_controller", "position_controller", "forward_position_controller" };

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration robot;
    private Shell shell;

    @BeforeEach
    void startTheRrbot() throws Exception {
        shell = new Shell(processor);
        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "rrbot", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", "rrbot");
        props.put("urdf", FIXTURE.resolve("rrbot.urdf").toString());
        props.put("controllers", FIXTURE.resolve("rrbot_chained_controllers.yaml").toString());
        props.put("activate", String.join(",", CHAIN));
        robot.update(props);
        ControllerManager m = new CellFixture(context, configAdmin).manager("rrbot");
        for (String c : CHAIN) {
            CellFixture.await(() -> m.controller(c).map(s -> s.state() == LifecycleState.ACTIVE).orElse(false),
                    c + " active");
        }
    }

    @AfterEach
    void stopTheRobot() throws Exception {
        robot.delete();
        new CellFixture(context, configAdmin).awaitGone("rrbot");
    }

    @Test
    void aCommandToTheTopOfTheChainReachesTheJointsThroughThreeLevels() throws Exception {
        String chains = shell.run("controller:chains -r rrbot");
        assertTrue(chains.contains("forward_position_controller --[position_controller/joint1_position_controller/"
                + "joint1/position reference]--> position_controller"), chains);
        assertTrue(chains.contains("position_controller --[joint2_position_controller/joint2/position reference]-->"
                + " joint2_position_controller"), chains);
        String list = shell.run("controller:list -r rrbot");
        assertTrue(list.matches("(?s).*joint1_position_controller\\s+passthrough_controller/PassthroughController"
                + "\\s+active\\s+\\d+\\s+chained.*"), list);

        shell.run("channel:send forward_position_controller 0.5 -0.25");
        assertEquals(0.5, awaitJoint("joint1/position", 0.5));
        assertEquals(-0.25, awaitJoint("joint2/position", -0.25));
    }

    private double awaitJoint(String field, double expected) throws Exception {
        double[] last = { Double.NaN };
        String[] echo = { "" };
        try {
            CellFixture.await(() -> {
                try {
                    echo[0] = shell.run("channel:echo -n 1 -f " + field + " joint_states");
                } catch (Exception e) {
                    return false;
                }
                Matcher m = Pattern.compile(Pattern.quote(field) + ": (\\S+)").matcher(echo[0]);
                last[0] = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
                return last[0] == expected;
            }, field + " at " + expected);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last:\n" + echo[0], e);
        }
        return last[0];
    }
}
