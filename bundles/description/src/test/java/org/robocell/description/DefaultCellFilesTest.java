package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.model.Joint;

/**
 * The default cell shipped in {@code runtime/cell} (FR3 on the Franka driver with a mock flange sensor, KR 6 on KUKA RSI, and the controllers) parses, and
 * its initial poses and command ranges stay inside the URDF limits. The files live in this repository, two folders
 * up from this module.
 */
class DefaultCellFilesTest {

    private static final Path CELL = Path.of(System.getProperty("basedir", ".")).resolve("../../runtime/cell").normalize();

    @Test
    void fr3CellIsSevenFrankaJointsOnLoopbackInAReadyPoseWithAMockFlangeSensor() {
        RobotDescription fr3 = RobotDescription.parse(CELL.resolve("fr3.urdf"));

        HardwareInfo hw = fr3.hardware().get(0);
        assertEquals("franka_hardware/FrankaHardwareInterface", hw.plugin());
        assertEquals("127.0.0.1", hw.parameter("robot_ip", ""));
        assertEquals(7, hw.joints().size());
        HardwareInfo sensor = fr3.hardware().get(1);
        assertEquals("mock_components/GenericSystem", sensor.plugin());
        assertEquals("ft_sensor", sensor.sensors().get(0).name());
        assertInsideLimits(fr3, List.of("position", "velocity"));
        assertEquals(-2.35619449019, stateInitial(hw.joints().get(3), "position"), 1e-9);
    }

    @Test
    void kr6CellIsSixRsiJointsOnLoopbackInAReadyPose() {
        RobotDescription kr6 = RobotDescription.parse(CELL.resolve("kr6r900sixx.urdf"));

        HardwareInfo hw = kr6.hardware().get(0);
        assertEquals("kuka_rsi_driver/KukaRSIHardware", hw.plugin());
        assertEquals("127.0.0.1", hw.parameter("listen_address", ""));
        assertEquals("59152", hw.parameter("listen_port", ""));
        assertEquals(List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6"),
                hw.joints().stream().map(ComponentInfo::name).toList());
        assertInsideLimits(kr6, List.of("position"));
    }

    @Test
    void controllersFileDeclaresTheBroadcasterAndTheForwardPositionController() {
        ControllersConfig c = ControllersConfig.parse(CELL.resolve("controllers.yaml"));

        assertEquals(1000, c.updateRate());
        assertEquals("joint_state_broadcaster/JointStateBroadcaster",
                c.controller("joint_state_broadcaster").orElseThrow().type());
        ControllerDeclaration fwd = c.controller("forward_position_controller").orElseThrow();
        assertEquals("forward_command_controller/ForwardCommandController", fwd.type());
        assertEquals(List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7"),
                fwd.parameters().getStringList("joints"));
        assertEquals("position", fwd.parameters().getString("interface_name"));
    }

    private static void assertInsideLimits(RobotDescription d, List<String> stateInterfaces) {
        for (ComponentInfo c : d.hardware().get(0).joints()) {
            Joint j = d.robot().joint(c.name()).orElseThrow();
            InterfaceInfo cmd = c.commandInterfaces().get(0);
            assertEquals("position", cmd.name());
            assertEquals(j.limits().lower(), cmd.min(), 1e-12, c.name());
            assertEquals(j.limits().upper(), cmd.max(), 1e-12, c.name());
            double start = stateInitial(c, "position");
            assertTrue(start >= j.limits().lower() && start <= j.limits().upper(), c.name() + " starts at " + start);
            assertEquals(stateInterfaces, c.stateInterfaces().stream().map(InterfaceInfo::name).toList());
        }
    }

    private static double stateInitial(ComponentInfo c, String iface) {
        return c.stateInterfaces().stream().filter(i -> i.name().equals(iface)).findFirst().orElseThrow().initialValue();
    }
}
