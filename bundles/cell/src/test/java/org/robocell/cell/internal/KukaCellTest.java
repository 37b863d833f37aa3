package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.forward.internal.ForwardCommandControllerFactory;
import org.robocell.controller.jsb.internal.JointStateBroadcasterFactory;
import org.robocell.controller.jtc.internal.JointTrajectoryControllerFactory;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;
import org.robocell.driver.kuka.rsi.internal.KukaRsiHardwareFactory;
import org.robocell.driver.mock.internal.GenericSystemFactory;

/**
 * The default cell's robots, from the runtime's own folder, on their real drivers and controllers: the KR 6 on the
 * KUKA RSI driver against the RSI emulator over UDP on loopback (ephemeral ports), hardware clock, through the KUKA
 * lifecycle; and the FR3 on the mock driver beside it, each robot in its own loop.
 */
class KukaCellTest {

    private static final List<String> KR6_JOINTS = List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5",
            "joint_a6");
    private final ChannelDirectory channels = new ChannelDirectory();
    private final List<RobotAssembly> assemblies = new ArrayList<>();
    private final List<RsiRobotEmulator> emulators = new ArrayList<>();

    @AfterEach
    void stop() {
        assemblies.forEach(RobotAssembly::stop);
        emulators.forEach(RsiRobotEmulator::close);
    }

    /** A robot with every driver and controller factory of the runtime's default cell present. */
    private RobotAssembly assemble(RobotSettings settings) {
        RobotAssembly a = new RobotAssembly(settings);
        a.hardwareFactoryAdded(1L, List.of(KukaRsiHardwareFactory.PLUGIN_NAME, KukaRsiHardwareFactory.KUKA_DRIVERS_PLUGIN_NAME),
                new KukaRsiHardwareFactory());
        a.hardwareFactoryAdded(2L, List.of(GenericSystemFactory.PLUGIN), new GenericSystemFactory());
        a.controllerFactoryAdded(3L, List.of("joint_state_broadcaster/JointStateBroadcaster"),
                new JointStateBroadcasterFactory(channels));
        a.controllerFactoryAdded(4L, List.of("joint_trajectory_controller/JointTrajectoryController"),
                new JointTrajectoryControllerFactory(channels));
        a.controllerFactoryAdded(5L, List.of("forward_command_controller/ForwardCommandController"),
                new ForwardCommandControllerFactory(channels));
        assemblies.add(a);
        a.start();
        return a;
    }

    /** The emulated KR C4, sending to the port the driver bound at configure. */
    private RsiRobotEmulator robotFor(RobotAssembly kr6) throws Exception {
        int port = (int) state(kr6.manager(), "rsi/listen_port");
        assertTrue(port > 0, "the driver listens on an ephemeral port");
        RsiRobotEmulator robot = RsiRobotEmulator.start(RsiEmulatorConfig.defaults(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port)));
        emulators.add(robot);
        return robot;
    }

    private static double state(ControllerManager m, String name) {
        return m.interfaces().stream().filter(i -> i.name().equals(name) && i.kind() == InterfaceSnapshot.Kind.STATE)
                .findFirst().orElseThrow(() -> new AssertionError("no state interface " + name)).value();
    }

    private static LifecycleState controller(RobotAssembly a, String name) {
        return a.manager().controller(name).map(ControllerSnapshot::state).orElse(LifecycleState.UNKNOWN);
    }

    private static LifecycleState hardware(RobotAssembly a) {
        return a.manager().hardware("KR6System").orElseThrow().state();
    }

    /** Polls a condition, bounded: robots on real sockets take their own time, which a test never asserts. */
    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not reached: " + what);
            }
            Thread.sleep(5);
        }
    }

    @Test
    void whenTheRobotGoesSilentTheLifecycleSaysUnconfiguredWithTheReasonAndOneActivateBringsItBack(@TempDir Path dir)
            throws Exception {
        int port;
        try (java.net.DatagramSocket probe = new java.net.DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        RobotAssembly kr6 = assemble(CellFolder.copyOfDefault(dir, port).robot("kr6"));
        assertTrue(kr6.configure().ok());
        RsiRobotEmulator robot = robotFor(kr6);
        Result active = kr6.activate(null);
        assertTrue(active.ok(), active.message());

        robot.faults().goSilent();
        await("the driver gives the silent robot up", () -> hardware(kr6) != LifecycleState.ACTIVE);
        assertEquals(LifecycleState.UNCONFIGURED, kr6.lifecycleState(), "the robot says what is true");
        assertEquals("", kr6.controlMode());
        String problem = kr6.lifecycle().problem();
        assertTrue(problem.contains("hardware component 'KR6System'"), problem);
        assertNotEquals(org.robocell.api.lifecycle.Fault.NONE, kr6.lifecycle().fault());
        assertFalse(kr6.deactivate().ok(), "deactivate is refused: the robot is not active");

        // the operator starts the RSI program again and activates: one command
        robot.close();
        java.util.concurrent.CompletableFuture<Result> again =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> kr6.activate(null));
        RsiRobotEmulator restarted = RsiRobotEmulator.start(RsiEmulatorConfig.defaults(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port)));
        emulators.add(restarted);
        Result back = again.get(30, TimeUnit.SECONDS);
        assertTrue(back.ok(), back.message());
        assertEquals(LifecycleState.ACTIVE, kr6.lifecycleState());
        assertEquals(LifecycleState.ACTIVE, hardware(kr6));
        assertEquals("", kr6.lifecycle().problem(), "configured again: the problem is over");
    }

    @Test
    void theKr6GoesThroughTheKukaLifecycleOverLoopbackUdpAndStopsCleanlyDuringAMotion(@TempDir Path dir)
            throws Exception {
        RobotAssembly kr6 = assemble(CellFolder.copyOfDefault(dir).robot("kr6"));
        assertEquals(LifecycleState.UNCONFIGURED, kr6.lifecycleState());
        assertEquals(LifecycleState.UNCONFIGURED, hardware(kr6), "nothing connected before configure");
        assertEquals(LifecycleState.INACTIVE, controller(kr6, "kr6/joint_trajectory_controller"),
                "controllers are loaded and configured at start, as the KUKA drivers do");
        assertEquals(LifecycleState.INACTIVE, controller(kr6, "kr6/forward_position_controller"));

        Result configured = kr6.configure();
        assertTrue(configured.ok(), configured.message());
        assertEquals(LifecycleState.INACTIVE, hardware(kr6));
        assertEquals(LifecycleState.ACTIVE, controller(kr6, "kr6/joint_state_broadcaster"));
        RsiRobotEmulator robot = robotFor(kr6);

        Result active = kr6.activate(null);
        assertTrue(active.ok(), active.message());
        assertEquals("robot 'kr6' is active in control mode 'joint_position'", active.message());
        assertEquals(LifecycleState.ACTIVE, hardware(kr6));
        assertEquals(LifecycleState.ACTIVE, controller(kr6, "kr6/joint_trajectory_controller"));
        assertEquals(Map.of("joint_position", KR6_JOINTS.stream().map(j -> j + "/position").toList(),
                "joint_position.streaming", KR6_JOINTS.stream().map(j -> j + "/position").toList(),
                "joint_position.motion_primitives", KR6_JOINTS.stream().map(j -> j + "/position").toList()),
                kr6.controlModeInterfaces());
        assertEquals(List.of("joint_position"), kr6.supportedModes());

        Result refused = kr6.switchControlMode("joint_velocity");
        assertFalse(refused.ok());
        assertEquals("robot 'kr6' cannot run control mode 'joint_velocity': its hardware [kuka_rsi_driver/KukaRSIHardware]"
                + " has no command interface joint_a1/velocity (5 more missing); it can run joint_position",
                refused.message());
        assertEquals("joint_position", kr6.controlMode());
        assertEquals(LifecycleState.ACTIVE, controller(kr6, "kr6/joint_trajectory_controller"), "nothing changed");
        Result unknown = kr6.switchControlMode("cartesian_position");
        assertFalse(unknown.ok());
        assertTrue(unknown.message().startsWith("robot 'kr6' cannot run control mode 'cartesian_position': its hardware"
                + " [kuka_rsi_driver/KukaRSIHardware] has no command interface dummy_cart_joint/*/position"), unknown.message());

        Result streaming = kr6.switchControlMode("joint_position.streaming");
        assertTrue(streaming.ok(), streaming.message());
        assertEquals(LifecycleState.INACTIVE, controller(kr6, "kr6/joint_trajectory_controller"));
        assertEquals(LifecycleState.ACTIVE, controller(kr6, "kr6/forward_position_controller"));
        CommandInput commands = channels.find("kr6/forward_position_controller/commands", CommandInput.class).orElseThrow();
        double[] start = robot.axisDegrees();
        assertTrue(commands.offer(Math.toRadians(start[0] + 2.0), Math.toRadians(start[1]), Math.toRadians(start[2]),
                Math.toRadians(start[3]), Math.toRadians(start[4]), Math.toRadians(start[5])));
        await("A1 of the robot at +2 degrees", () -> Math.abs(robot.axisDegrees()[0] - (start[0] + 2.0)) < 1e-3);

        Result back = kr6.switchControlMode("joint_position");
        assertTrue(back.ok(), back.message());
        FollowJointTrajectory jtc = channels.find("kr6/joint_trajectory_controller/follow_joint_trajectory",
                FollowJointTrajectory.class).orElseThrow();
        double[] from = robot.axisDegrees();
        GoalHandle goal = jtc.submit(TrajectoryGoal.of(JointTrajectory.startingNow(KR6_JOINTS, List.of(
                TrajectoryPoint.positions(60.0, Math.toRadians(from[0] - 40), Math.toRadians(from[1]),
                        Math.toRadians(from[2]), Math.toRadians(from[3]), Math.toRadians(from[4]),
                        Math.toRadians(from[5]))))));
        await("the trajectory executing", () -> goal.status() == GoalStatus.EXECUTING);
        await("A1 moving", () -> Math.abs(robot.axisDegrees()[0] - from[0]) > 0.01);

        Result inactive = kr6.deactivate();
        assertTrue(inactive.ok(), inactive.message());
        assertTrue(robot.awaitStopped(20, TimeUnit.SECONDS), "the robot saw the end of external control");
        assertEquals(RsiRobotEmulator.SessionState.STOPPED_BY_REQUEST, robot.state(), robot.stopMessage());
        assertEquals(LifecycleState.INACTIVE, kr6.lifecycleState());
        assertEquals(LifecycleState.INACTIVE, hardware(kr6));
        assertEquals(LifecycleState.INACTIVE, controller(kr6, "kr6/joint_trajectory_controller"));
        assertEquals(LifecycleState.ACTIVE, controller(kr6, "kr6/joint_state_broadcaster"), "configured: broadcasting");
        await("the goal ended with the controller", () -> goal.status() == GoalStatus.ABORTED);
        assertEquals(0, kr6.manager().stats().hardwareErrors());
        double[] stoppedAt = robot.axisDegrees();
        assertTrue(Math.abs(stoppedAt[0] - from[0]) < 40 - 1e-6, "stopped during the motion, not at its end");

        Result cleaned = kr6.cleanup();
        assertTrue(cleaned.ok(), cleaned.message());
        assertEquals(LifecycleState.UNCONFIGURED, hardware(kr6));
        assertEquals(LifecycleState.UNCONFIGURED, kr6.lifecycleState());
    }

    @Test
    void twoKr6sFromOneFolderRunSideBySideUnderTheirOwnPrefixesNamespacesLoopsAndRobots(@TempDir Path dir)
            throws Exception {
        CellFolder.copyOfDefault(dir);
        java.nio.file.Files.delete(dir.resolve("org.robocell.cell.robot-fr3.cfg"));
        java.nio.file.Files.delete(dir.resolve("org.robocell.cell.robot-kr6.cfg"));
        java.nio.file.Files.delete(dir.resolve("org.robocell.driver.kuka.rsi.emulator.cfg"));
        java.nio.file.Files.delete(dir.resolve("org.robocell.driver.franka.emulator.cfg"));
        for (String side : List.of("left", "right")) {
            java.nio.file.Files.writeString(dir.resolve("org.robocell.cell.robot-" + side + ".cfg"), String.join("\n",
                    "name=" + side, "namespace=" + side, "prefix=" + side + "_", "urdf=kr6r900sixx.urdf",
                    "controllers=kr6_controllers.yaml", "clock=hardware",
                    "load=joint_state_broadcaster,joint_trajectory_controller",
                    "configuration.controllers=joint_state_broadcaster",
                    "control.modes=joint_position=joint_trajectory_controller", "lifecycle=inactive", ""));
        }
        CellFolder cell = CellFolder.read(dir);
        assertEquals(List.of("org.robocell.cell.robot~left", "org.robocell.cell.robot~right"), cell.names());
        RobotAssembly left = assemble(cell.robot("left"));
        RobotAssembly right = assemble(cell.robot("right"));
        assertEquals(LifecycleState.INACTIVE, left.lifecycleState(), "configured at start");
        assertEquals(LifecycleState.INACTIVE, right.lifecycleState());
        RsiRobotEmulator leftRobot = robotFor(left);
        RsiRobotEmulator rightRobot = robotFor(right);
        assertNotEquals(leftRobot.config().driver(), rightRobot.config().driver(), "each robot its own RSI port");
        assertTrue(left.activate(null).ok());
        assertTrue(right.activate(null).ok());

        List<String> leftJoints = KR6_JOINTS.stream().map(j -> "left_" + j).toList();
        FollowJointTrajectory leftJtc = channels.find("left/joint_trajectory_controller/follow_joint_trajectory",
                FollowJointTrajectory.class).orElseThrow();
        assertEquals(leftJoints, leftJtc.joints(), "the controllers file names the joints without the prefix");
        assertEquals(KR6_JOINTS.stream().map(j -> "right_" + j).toList(),
                channels.find("right/joint_trajectory_controller/follow_joint_trajectory", FollowJointTrajectory.class)
                        .orElseThrow().joints());
        assertTrue(left.manager().hardware("KR6System").orElseThrow().commandInterfaces().stream()
                .anyMatch(i -> i.name().equals("left_joint_a1/position")));
        assertEquals("left_base_link", left.description().robot().rootLink());
        assertEquals(List.of("joint_position"), left.supportedModes());

        double[] from = leftRobot.axisDegrees();
        double[] rightFrom = rightRobot.axisDegrees();
        GoalHandle goal = leftJtc.submit(TrajectoryGoal.of(JointTrajectory.startingNow(leftJoints, List.of(
                TrajectoryPoint.positions(0.3, Math.toRadians(from[0] + 10), Math.toRadians(from[1]),
                        Math.toRadians(from[2]), Math.toRadians(from[3]), Math.toRadians(from[4]),
                        Math.toRadians(from[5]))))));
        await("the left goal done", () -> goal.status() == GoalStatus.SUCCEEDED);
        await("the left robot at +10 degrees", () -> Math.abs(leftRobot.axisDegrees()[0] - (from[0] + 10)) < 0.01);
        assertArrayEquals(rightFrom, rightRobot.axisDegrees(), 1e-9, "the right robot did not move");
        assertEquals(ClockKind.HARDWARE, left.manager().stats().clock());
        assertTrue(left.manager().stats().running() && right.manager().stats().running());
    }

    @Test
    void twoRobotsFromOneCellFolderRunInTheirOwnLoopsWithTheirOwnClocksAndNames(@TempDir Path dir) throws Exception {
        CellFolder cell = CellFolder.copyOfDefault(dir);
        assertEquals(List.of("org.robocell.cell.robot~fr3", "org.robocell.cell.robot~kr6",
                "org.robocell.driver.franka.emulator", "org.robocell.driver.kuka.rsi.emulator"), cell.names());
        RobotAssembly fr3 = assemble(cell.robot("fr3"));
        RobotAssembly kr6 = assemble(cell.robot("kr6"));

        assertEquals(1000, fr3.manager().updateRate());
        assertEquals(ClockKind.HARDWARE, fr3.manager().stats().clock());
        assertEquals(250, kr6.manager().updateRate());
        assertEquals(ClockKind.HARDWARE, kr6.manager().stats().clock());
        // the admittance chain's admittance_controller and ft_sensor_command_controller: types this test does not install
        assertEquals(java.util.Set.of("joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller",
                "chained_trajectory_controller"),
                java.util.Set.copyOf(fr3.manager().controllers().stream().map(ControllerSnapshot::name).toList()));
        assertEquals(List.of("kr6/joint_state_broadcaster", "kr6/joint_trajectory_controller",
                "kr6/forward_position_controller"),
                kr6.manager().controllers().stream().map(ControllerSnapshot::name).toList());
        assertEquals(LifecycleState.ACTIVE, controller(fr3, "joint_state_broadcaster"), "the FR3 starts by itself");
        assertEquals(LifecycleState.ACTIVE, controller(fr3, "joint_trajectory_controller"));
        assertEquals(LifecycleState.INACTIVE, controller(fr3, "forward_position_controller"));

        assertTrue(kr6.configure().ok());
        robotFor(kr6);
        Result active = kr6.activate("joint_position");
        assertTrue(active.ok(), active.message());
        // both broadcasters publish, each under its own name
        assertTrue(channels.names().containsAll(List.of("joint_state_broadcaster/joint_states",
                "kr6/joint_state_broadcaster/joint_states", "joint_trajectory_controller/follow_joint_trajectory",
                "kr6/joint_trajectory_controller/follow_joint_trajectory")), channels.names().toString());
        long fr3Cycles = fr3.manager().stats().cycles();
        long kr6Cycles = kr6.manager().stats().cycles();
        await("both loops cycling", () -> fr3.manager().stats().cycles() > fr3Cycles + 10
                && kr6.manager().stats().cycles() > kr6Cycles + 10);
        assertNotEquals(fr3.loop(), kr6.loop());

        Dictionary<String, Object> model = RobotComponent.modelProperties("kr6", kr6.description().robot());
        assertEquals("kr6", model.get(ControllerManager.ROBOT));
        assertEquals("base_link", model.get(RobotComponent.MODEL_ROOT));
        assertArrayEquals(new String[] {"tool0"}, (String[]) model.get(RobotComponent.MODEL_TIPS));
        assertEquals("base", RobotComponent.modelProperties("fr3", fr3.description().robot())
                .get(RobotComponent.MODEL_ROOT));
    }
}
