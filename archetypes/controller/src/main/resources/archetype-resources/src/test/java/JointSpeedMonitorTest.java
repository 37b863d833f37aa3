package ${package};

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;

class JointSpeedMonitorTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();

    @Test
    void everyUpdatePublishesTheJointsSpeedsAndTheHighest() {
        ControllerRig.Entry monitor = rig.load("speeds", JointSpeedMonitorFactory.TYPE,
                new JointSpeedMonitorFactory(channels).create(JointSpeedMonitorFactory.TYPE),
                Map.of("joints", List.of("joint1", "joint2")));
        assertEquals(CallbackReturn.SUCCESS, monitor.configure());
        assertEquals(CallbackReturn.SUCCESS, monitor.activate());
        rig.table().setState("joint1/position", 1.0);
        rig.table().setState("joint2/position", 2.0);
        rig.step();
        rig.table().setState("joint1/position", 1.0 - 0.5 * rig.period());
        rig.table().setState("joint2/position", 2.0 + 0.25 * rig.period());
        rig.step();
        StateOutput speeds = channels.find("speeds/speeds", StateOutput.class).orElseThrow();
        assertEquals(List.of("joint1/speed", "joint2/speed", "max_speed"), speeds.fields());
        double[] values = new double[3];
        assertTrue(speeds.read(values) > 0, "published");
        assertArrayEquals(new double[] { 0.5, 0.25, 0.5 }, values, 1e-12);
    }

    @Test
    void aConfigurationWithoutJointsIsRefusedWithOneLine() {
        Controller controller = new JointSpeedMonitorFactory(channels).create(JointSpeedMonitorFactory.TYPE);
        ControllerRig.Entry monitor = rig.load("speeds", JointSpeedMonitorFactory.TYPE, controller, Map.of());
        assertEquals(CallbackReturn.FAILURE, monitor.configure());
        assertEquals("speeds: parameter 'joints' names no joint", controller.lastError());
        assertTrue(channels.names().isEmpty(), "no channel is left registered");
    }
}
