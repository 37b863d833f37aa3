package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.driver.franka.emulator.FrankaRobotEmulator;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;

/**
 * Two FR3 in one robot, one loop, in the real framework: the dual-arm cell of {@code runtime/cells/fr3-dual} (its URDF
 * and controllers as shipped), each arm on the Franka driver over FCI to an emulated FR3 of its own (two factory
 * configurations of the emulator), on the hardware clock at 1 kHz, in the robot lifecycle. The dual-arm Cartesian
 * impedance controller moves the left end effector to a new target and the right one follows, keeping the pose
 * relative to the left one within 5 mm and 0.05 rad; a reflex of the left robot (a push beyond its collision
 * threshold) fails the right arm with it through the hardware group: both stop and hold, the controller is
 * deactivated; one {@code cell:activate} brings both arms back to torque control under the controller.
 */
class DualArmCellTest {

    private static final String EMULATOR_PID = "org.robocell.driver.franka.emulator";
    private static final String ROBOT = "fr3dual";
    private static final Path CELL = Path.of("../runtime/cells/fr3-dual").toAbsolutePath().normalize();
    private static final String CONTROLLER = "dual_arm_cartesian_impedance_example_controller";
    /** The bases as fr3_dual.urdf places them: 0.4 m either side of the world origin along y. */
    private static final double[] WORLD_T_LEFT = DualArmMath.translation(0, 0.4, 0);
    private static final double[] WORLD_T_RIGHT = DualArmMath.translation(0, -0.4, 0);

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> emulatorConfigurations = new ArrayList<>();
    private Configuration robot;
    private Shell shell;
    private Path urdf;
    private Path logs;
    private ControllerManager manager;
    private FrankaRobotEmulator left;
    private FrankaRobotEmulator right;

    @BeforeEach
    void startTwoEmulatedFr3AndTheDualArmRobot() throws Exception {
        shell = new Shell(processor);
        CellFixture.await(() -> emulators(-1).isEmpty(), "no emulator left from another test");
        int leftPort = freePort();
        int rightPort = freePort();
        while (rightPort == leftPort) {
            rightPort = freePort();
        }
        // org.robocell.driver.franka.emulator as a factory PID: one emulated robot per factory configuration
        left = startEmulator(leftPort);
        right = startEmulator(rightPort);

        String description = Files.readString(CELL.resolve("fr3_dual.urdf"));
        logs = Files.createTempDirectory("fr3_dual");
        String withPorts = description
                .replace("<param name=\"command_port\">1337</param>", params(leftPort, "left"))
                .replace("<param name=\"command_port\">1347</param>", params(rightPort, "right"));
        assertEquals(2, withPorts.split("flight_log").length - 1, "both arms' FCI ports replaced");
        urdf = Files.createTempFile("fr3_dual", ".urdf");
        Files.writeString(urdf, withPorts);

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "dual", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", urdf.toString());
        props.put("controllers", CELL.resolve("controllers.yaml").toString());
        props.put("clock", "hardware");
        props.put("configuration.controllers", "joint_state_broadcaster");
        props.put("control.modes", "joint_torque.dual_arm=" + CONTROLLER);
        props.put("control.mode", "joint_torque.dual_arm");
        props.put("lifecycle", "active");
        // not about execution budgets: a loaded machine's slow write must not take an arm out before the push
        props.put("budget.us", "100000");
        robot.update(props);
        manager = new CellFixture(context, configAdmin).manager(ROBOT);
        awaitController(CONTROLLER, LifecycleState.ACTIVE);
    }

    private String params(int port, String arm) {
        return "<param name=\"command_port\">" + port + "</param>"
                + "<param name=\"flight_log\">" + logs.resolve(arm + ".log") + "</param>";
    }

    private FrankaRobotEmulator startEmulator(int port) throws Exception {
        Configuration c = configAdmin.createFactoryConfiguration(EMULATOR_PID, "?");
        emulatorConfigurations.add(c);
        Dictionary<String, Object> robotSide = new Hashtable<>();
        robotSide.put("bind.address", "127.0.0.1");
        robotSide.put("command.port", port);
        robotSide.put("protocol.version", "7");
        // not about the 20-lost-commands rule: a loaded machine pausing the JVM must not stop a robot
        robotSide.put("lost.commands.limit", 1000);
        c.update(robotSide);
        CellFixture.await(() -> !emulators(port).isEmpty(), "the emulated FR3 on port " + port);
        return context.getService(emulators(port).iterator().next());
    }

    @AfterEach
    void stopTheRobotAndTheEmulators() throws Exception {
        if (robot != null) {
            robot.delete();
            new CellFixture(context, configAdmin).awaitGone(ROBOT);
        }
        for (Configuration c : emulatorConfigurations) {
            c.delete();
        }
        CellFixture.await(() -> emulators(-1).isEmpty(), "both emulators stopped");
        if (urdf != null) {
            Files.deleteIfExists(urdf);
        }
        if (logs != null) {
            try (var files = Files.list(logs)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(logs);
        }
    }

    @Test
    void theRightArmFollowsTheLeftTargetAReflexOfOneArmStopsBothAndOneCellActivateBringsBothBack() throws Exception {
        String hardware = shell.run("hardware:list -r " + ROBOT);
        assertTrue(hardware.matches("(?s).*FR3LeftSystem\\s+system\\s+franka_hardware/FrankaHardwareInterface\\s+active.*"),
                hardware);
        assertTrue(hardware.matches("(?s).*FR3RightSystem\\s+system\\s+franka_hardware/FrankaHardwareInterface\\s+active.*"),
                hardware);
        CellFixture.await(() -> left.state().robotMode() == RobotMode.MOVE && right.state().robotMode() == RobotMode.MOVE,
                "both robots under torque control (robot mode Move)");
        assertTrue(state("fr3_left/robot_mode") == RobotMode.MOVE.ordinal(), "the left arm's state under fr3_left/");
        assertTrue(state("fr3_right/robot_mode") == RobotMode.MOVE.ordinal(), "the right arm's state under fr3_right/");

        // the left target: 5 cm forward, 4 cm down, turned 0.1 rad about the base's z axis; the right end effector
        // keeps its pose relative to the left one (in the world: the bases 0.8 m apart as fr3_dual.urdf has them)
        double[] relative = relativePose();
        double[] leftNow = pose(left);
        double[] rightBefore = pose(right);
        double[] goal = DualArmMath.turnedAboutZ(leftNow, 0.1);
        goal[12] += 0.05;
        goal[14] -= 0.04;
        double[] q = DualArmMath.quaternion(goal);
        String sent = shell.run("channel:send " + CONTROLLER + "/target_pose " + goal[12] + " " + goal[13] + " "
                + goal[14] + " " + q[0] + " " + q[1] + " " + q[2] + " " + q[3]);
        assertTrue(sent.startsWith("sent"), sent);
        // within 5 mm and 0.05 rad once settled: the left at its target, the right where the left's move puts it
        CellFixture.await(() -> DualArmMath.distance(pose(left), goal) < 0.005
                && DualArmMath.angle(pose(left), goal) < 0.05, "the left end effector at its target",
                () -> offBy(pose(left), goal));
        CellFixture.await(() -> DualArmMath.distance(relativePose(), relative) < 0.005
                && DualArmMath.angle(relativePose(), relative) < 0.05,
                "the right end effector at its pose relative to the left one", () -> offBy(relativePose(), relative));
        assertTrue(DualArmMath.distance(pose(right), rightBefore) > 0.05,
                "the right arm moved with the left: " + DualArmMath.distance(pose(right), rightBefore) + " m");
        assertEquals(RobotMode.MOVE, left.state().robotMode(), "no reflex on the way");
        assertEquals(RobotMode.MOVE, right.state().robotMode(), "no reflex on the way");

        // a push on the left flange beyond the robot's collision thresholds (20 N): the left robot stops with a reflex
        left.applyFlangeWrench(0, 0, -80, 0, 0, 0);
        CellFixture.await(() -> lastErrorOf("FR3LeftSystem").contains("reflex"),
                "the left arm's reflex reported by libfranka's name");
        left.applyFlangeWrench(0, 0, 0, 0, 0, 0);
        // the right arm fails with its group: its motion is stopped (StopMove), the robot holds
        CellFixture.await(() -> hardwareState("FR3RightSystem") == LifecycleState.UNCONFIGURED,
                "the right arm taken out with the left");
        assertEquals(Fault.GROUP_MEMBER_FAILED, manager.hardware("FR3RightSystem").orElseThrow().fault());
        assertEquals(LifecycleState.UNCONFIGURED, hardwareState("FR3LeftSystem"));
        awaitController(CONTROLLER, LifecycleState.INACTIVE);
        CellFixture.await(() -> right.state().robotMode() == RobotMode.IDLE, "the right robot idle (no motion)");
        double[] held = rightQ();
        Thread.sleep(300);
        double[] later = rightQ();
        for (int i = 0; i < 7; i++) {
            assertEquals(held[i], later[i], 1e-3, "the right robot holds joint " + (i + 1));
        }
        String status = shell.run("cell:status -r " + ROBOT);
        assertTrue(status.contains("unconfigured"), status);

        // one action brings both back: configure (the left robot's automatic error recovery), the controller on the
        // inactive hardware, then both arms active again in torque control
        String activated = shell.run("cell:activate -r " + ROBOT);
        assertTrue(activated.contains("active"), activated);
        assertEquals(LifecycleState.ACTIVE, hardwareState("FR3LeftSystem"));
        assertEquals(LifecycleState.ACTIVE, hardwareState("FR3RightSystem"));
        awaitController(CONTROLLER, LifecycleState.ACTIVE);
        CellFixture.await(() -> left.state().robotMode() == RobotMode.MOVE && right.state().robotMode() == RobotMode.MOVE,
                "both robots under torque control again");
    }

    private String offBy(double[] pose, double[] wanted) {
        return String.format("off by %.2f mm and %.4f rad, robot mode left %s right %s",
                DualArmMath.distance(pose, wanted) * 1000, DualArmMath.angle(pose, wanted), left.state().robotMode(),
                right.state().robotMode());
    }

    /** The right end effector in the left end effector's frame, both in world coordinates. */
    private double[] relativePose() {
        return DualArmMath.relative(WORLD_T_LEFT, pose(left), WORLD_T_RIGHT, pose(right));
    }

    private static double[] pose(FrankaRobotEmulator robot) {
        double[] t = new double[16];
        for (int i = 0; i < 16; i++) {
            t[i] = robot.state().get(StateField.O_T_EE, i);
        }
        return t;
    }

    private double[] rightQ() {
        double[] q = new double[7];
        for (int i = 0; i < 7; i++) {
            q[i] = right.state().get(StateField.Q, i);
        }
        return q;
    }

    private void awaitController(String name, LifecycleState state) throws InterruptedException {
        CellFixture.await(() -> manager.controller(name).map(c -> c.state() == state).orElse(false),
                name + " " + state);
    }

    private LifecycleState hardwareState(String component) {
        return manager.hardware(component).map(h -> h.state()).orElse(LifecycleState.UNKNOWN);
    }

    private String lastErrorOf(String component) {
        return manager.hardware(component).map(h -> String.valueOf(h.lastError())).orElse("");
    }

    private double state(String name) {
        return manager.interfaces().stream().filter(i -> i.name().equals(name) && !i.kind().isCommand()).findFirst()
                .map(i -> i.value()).orElseThrow(() -> new AssertionError("no state interface " + name));
    }

    private Collection<ServiceReference<FrankaRobotEmulator>> emulators(int commandPort) {
        try {
            return context.getServiceReferences(FrankaRobotEmulator.class,
                    commandPort < 0 ? null : "(command.port=" + commandPort + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
