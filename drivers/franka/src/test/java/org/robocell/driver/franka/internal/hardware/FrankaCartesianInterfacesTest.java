package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.protocol.ControllerMode;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.MotionGeneratorMode;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;

/**
 * franka_ros2's Cartesian pose, Cartesian velocity and elbow command interfaces on the driver, over loopback
 * against a stepped FR3 emulator: where an activation starts, what a commanded motion does to the emulated hand,
 * and that hostile values never reach the wire.
 */
class FrankaCartesianInterfacesTest {

    static final List<String> POSE = names("cartesian_pose_command", "0", "1", "2", "3", "4", "5", "6", "7", "8",
            "9", "10", "11", "12", "13", "14", "15");
    static final List<String> TWIST = names("cartesian_velocity", "vx", "vy", "vz", "wx", "wy", "wz");
    static final List<String> ELBOW = names("elbow_command", "joint_3_position", "joint_4_sign");

    private static List<String> names(String kind, String... elements) {
        List<String> n = new ArrayList<>();
        for (String e : elements) {
            n.add(e + "/" + kind);
        }
        return List.copyOf(n);
    }

    static FrankaRig rig(ProtocolVersion v, Map<String, String> parameters) throws Exception {
        return new FrankaRig(v, parameters, UnaryOperator.identity(), FrankaRig.cartesianGpios());
    }

    static List<String> plus(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static double[] robotPose(FrankaRig rig) {
        double[] p = new double[16];
        rig.robot.state().get(StateField.O_T_EE, p);
        return p;
    }

    private static void commandPose(FrankaRig rig, double[] pose) {
        for (int i = 0; i < 16; i++) {
            rig.context.setCommand(POSE.get(i), pose[i]);
        }
    }

    private static void assertNoRobotErrors(FrankaRig rig) {
        assertEquals(RobotMode.MOVE, rig.robot.state().robotMode(),
                () -> FrankaError.describe(rig.robot.state().reflexReason()) + " " + rig.driver.lastError());
        assertEquals("[]", FrankaError.describe(rig.robot.state().errors()));
    }

    @Test
    void theCartesianInterfacesAreThoseTheUrdfListsByFrankaRos2sNames() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).configured()) {
            rig.cycles(3);
            for (String n : plus(plus(POSE, TWIST), ELBOW)) {
                assertTrue(rig.context.hasCommandInterface(n), n);
            }
            double[] pose = robotPose(rig);
            for (int i = 0; i < 16; i++) {
                assertEquals(pose[i], rig.context.stateValue(i + "/cartesian_pose_state"), 1e-9,
                        "the measured O_T_EE, element " + i);
            }
            assertEquals(rig.robot.state().get(StateField.ELBOW, 0),
                    rig.context.stateValue("joint_3_position/elbow_state"), 1e-9);
            assertEquals(-1, rig.context.stateValue("joint_4_sign/elbow_state"), "the FR3's joint 4 is negative");
        }
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            assertFalse(rig.context.hasCommandInterface("0/cartesian_pose_command"), "not listed: not exported");
            assertFalse(rig.context.hasStateInterface("0/cartesian_pose_state"));
        }
    }

    @Test
    void aCartesianPoseActivationStartsWhereTheRobotIsAndTheRobotHoldsThere() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).active()) {
            rig.cycles(5);
            double[] start = robotPose(rig);
            rig.claiming(POSE);
            rig.cycle();
            for (int i = 0; i < 16; i++) {
                assertEquals(start[i], rig.context.commandValue(POSE.get(i)), 1e-6,
                        "the first command is the measured O_T_EE, element " + i);
            }
            rig.cycles(300);
            assertEquals(ControlMode.CARTESIAN_POSE, rig.driver.motionMode());
            assertEquals(MotionGeneratorMode.CARTESIAN_POSITION, rig.robot.state().motionGeneratorMode());
            assertEquals(ControllerMode.JOINT_IMPEDANCE, rig.robot.state().controllerMode(),
                    "franka_ros2 runs the Cartesian motion generators under the joint impedance");
            assertNoRobotErrors(rig);
            double[] now = robotPose(rig);
            for (int i = 0; i < 16; i++) {
                assertEquals(start[i], now[i], 1e-3, "held, element " + i);
            }
        }
    }

    @Test
    void aCommandedCartesianPoseMotionMovesTheEmulatedHandByThatAmount() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V10, Map.of()).active().claiming(POSE)) {
            rig.cycle();
            double[] start = robotPose(rig);
            double[] pose = start.clone();
            int n = 1000;
            for (int k = 1; k <= n; k++) {
                double s = (1 - Math.cos(Math.PI * k / n)) / 2;
                pose[12] = start[12] + 0.05 * s;
                pose[14] = start[14] - 0.03 * s;
                commandPose(rig, pose);
                rig.cycle();
            }
            rig.cycles(300); // the filter and the joint impedance settle
            assertNoRobotErrors(rig);
            double[] end = robotPose(rig);
            assertEquals(start[12] + 0.05, end[12], 1e-3, "x of the hand");
            assertEquals(start[13], end[13], 1e-3, "y of the hand");
            assertEquals(start[14] - 0.03, end[14], 1e-3, "z of the hand");
            assertEquals(start[0], end[0], 1e-3, "the orientation is kept");
            assertEquals(0, rig.context.stateValue("fr3/held_commands"), "nothing held");
        }
    }

    @Test
    void underTheRobotsCartesianImpedanceACommandedPoseMotionMovesTheHandToo() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of("cartesian_controller", "cartesian_impedance")).active()
                .claiming(POSE)) {
            rig.cycle();
            assertEquals(ControllerMode.CARTESIAN_IMPEDANCE, rig.robot.state().controllerMode());
            double[] start = robotPose(rig);
            double[] pose = start.clone();
            int n = 1000;
            for (int k = 1; k <= n; k++) {
                pose[13] = start[13] + 0.04 * (1 - Math.cos(Math.PI * k / n)) / 2;
                commandPose(rig, pose);
                rig.cycle();
            }
            rig.cycles(1000);
            assertNoRobotErrors(rig);
            assertEquals(start[13] + 0.04, robotPose(rig)[13], 3e-3, "y of the hand, impedance-controlled");
        }
    }

    @Test
    void aCartesianVelocityActivationStartsAtRestAndTheTwistMovesTheHandByItsIntegral() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).active().claiming(TWIST)) {
            rig.cycle();
            for (String t : TWIST) {
                assertEquals(0, rig.context.commandValue(t), "a zero twist first: " + t);
            }
            double[] start = robotPose(rig);
            int n = 1000;
            double peak = 0.1; // m/s along y as a cosine bump: 0.05 m in 1 s
            for (int k = 1; k <= n; k++) {
                rig.context.setCommand("vy/cartesian_velocity", peak * (1 - Math.cos(2 * Math.PI * k / n)) / 2);
                rig.cycle();
            }
            rig.context.setCommand("vy/cartesian_velocity", 0);
            rig.cycles(300);
            assertEquals(ControlMode.CARTESIAN_VELOCITY, rig.driver.motionMode());
            assertEquals(MotionGeneratorMode.CARTESIAN_VELOCITY, rig.robot.state().motionGeneratorMode());
            assertNoRobotErrors(rig);
            assertEquals(start[13] + 0.05, robotPose(rig)[13], 2e-3, "y of the hand");
            assertEquals(start[12], robotPose(rig)[12], 2e-3, "x of the hand");
        }
    }

    @Test
    void theElbowStartsAtTheMeasuredElbowAndTurnsJointThreeWhileTheHandStays() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).active().claiming(plus(POSE, ELBOW))) {
            rig.cycle();
            double q3 = rig.measuredQ()[2];
            assertEquals(q3, rig.context.commandValue("joint_3_position/elbow_command"), 1e-6, "the measured elbow");
            assertEquals(-1, rig.context.commandValue("joint_4_sign/elbow_command"));
            double[] start = robotPose(rig);
            int n = 1000;
            for (int k = 1; k <= n; k++) {
                rig.context.setCommand("joint_3_position/elbow_command", q3 + 0.2 * (1 - Math.cos(Math.PI * k / n))
                        / 2);
                rig.cycle();
            }
            rig.cycles(300);
            assertNoRobotErrors(rig);
            assertEquals(q3 + 0.2, rig.measuredQ()[2], 5e-3, "joint 3 followed the elbow");
            double[] end = robotPose(rig);
            for (int i = 12; i < 15; i++) {
                assertEquals(start[i], end[i], 2e-3, "the hand stays, element " + i);
            }
        }
    }

    /** kind, element, value: a pose element set to the value (a jump adds it), a twist element, an elbow element */
    @ParameterizedTest
    @CsvSource({ "pose, 12, NaN", "pose, 0, Infinity", "pose, 0, 2.0", "pose, 4, 0.3", "pose, 3, 1.0",
            "pose jump, 14, 0.01", "pose jump, 12, -1.0", "twist, 0, NaN", "twist, 1, 5.0", "twist, 5, -Infinity",
            "twist, 3, 3.0", "elbow, 1, 0.0", "elbow, 0, NaN", "elbow, 0, 4.0", "elbow jump, 0, 0.1" })
    void aHostileCartesianCommandIsHeldCountedAndNeverReachesTheWire(String kind, int element, double value)
            throws Exception {
        boolean pose = kind.startsWith("pose") || kind.startsWith("elbow");
        List<String> claim = pose ? plus(POSE, ELBOW) : TWIST;
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of("cutoff_frequency", "1000")).active().claiming(claim)) {
            rig.cycles(20);
            double[] commanded = new double[16];
            rig.robot.state().get(StateField.O_T_EE_C, commanded);
            double elbow = rig.robot.state().get(StateField.ELBOW_C, 0);
            String name = switch (kind) {
                case "pose", "pose jump" -> POSE.get(element);
                case "twist" -> TWIST.get(element);
                default -> ELBOW.get(element);
            };
            double good = rig.context.commandValue(name);
            rig.context.setCommand(name, kind.endsWith("jump") ? good + value : value);
            rig.cycles(50);
            assertNoRobotErrors(rig);
            assertEquals(50, rig.context.stateValue("fr3/held_commands"), "every cycle held and counted");
            double[] now = new double[16];
            rig.robot.state().get(StateField.O_T_EE_C, now);
            for (int i = 0; i < 16; i++) {
                assertEquals(commanded[i], now[i], 1e-9, "the robot got the last good pose, element " + i);
            }
            assertEquals(elbow, rig.robot.state().get(StateField.ELBOW_C, 0), 1e-9, "and the last good elbow");
            rig.context.setCommand(name, good);
            rig.cycles(20);
            assertEquals(50, rig.context.stateValue("fr3/held_commands"), "a good command is sent again");
            assertNoRobotErrors(rig);
        }
    }

    @Test
    void aHeldRunIsReportedInOneLineNamingTheInterfaceAndWhy() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).active().claiming(POSE)) {
            rig.cycles(5);
            CartesianCommandGuard guard = new CartesianCommandGuard(org.robocell.driver.franka.control.FrankaLimits.FR3);
            guard.start(robotPose(rig), new double[] { 0, -1 });
            rig.context.setCommand("12/cartesian_pose_command", Double.NaN);
            org.robocell.api.hardware.CommandInterfaceHandle[] handles = new org.robocell.api.hardware.CommandInterfaceHandle[16];
            for (int i = 0; i < 16; i++) {
                handles[i] = rig.context.command(POSE.get(i));
            }
            guard.pose(handles);
            guard.endCycle();
            guard.pose(handles);
            guard.endCycle();
            assertEquals("FR3System: cartesian_pose_command[12] = NaN is not a finite number; not sent, the last good"
                    + " command is held (2 held so far)", guard.takeReport("FR3System"));
            assertEquals(null, guard.takeReport("FR3System"), "one line per run");
            assertEquals(2, guard.held());
        }
    }

    @Test
    void mixedJointAndCartesianOrPartialCartesianClaimsAreRefusedWithOneLine() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V7, Map.of()).active()) {
            assertEquals(ReturnType.ERROR, rig.switchModes(plus(POSE, FrankaRig.names("effort")), List.of()));
            assertTrue(rig.driver.lastError().startsWith("'FR3System' cannot take "), rig.driver.lastError());
            assertTrue(rig.driver.lastError().contains("FCI runs one of joint position, joint velocity, effort,"
                    + " Cartesian pose or Cartesian velocity"), rig.driver.lastError());
            assertEquals(ReturnType.ERROR, rig.switchModes(plus(POSE, TWIST), List.of()));
            assertEquals(ReturnType.ERROR, rig.switchModes(POSE.subList(0, 12), List.of()));
            assertEquals("'FR3System' needs the cartesian_pose_command commands, all 16, claimed together, got 12 ",
                    rig.driver.lastError().substring(0, rig.driver.lastError().indexOf('[')));
            assertEquals(ReturnType.ERROR, rig.switchModes(ELBOW, List.of()));
            assertTrue(rig.driver.lastError().contains("cannot take elbow_command alone"), rig.driver.lastError());
            assertEquals(ReturnType.ERROR, rig.switchModes(plus(TWIST, ELBOW.subList(0, 1)), List.of()));
            assertTrue(rig.driver.lastError().contains("needs both elbow_command interfaces"), rig.driver.lastError());
            assertEquals(ControlMode.NONE, rig.driver.motionMode(), "no motion was started");
        }
    }

    @Test
    void switchingFromJointPositionToCartesianVelocityStopsOneMotionAndStartsTheOther() throws Exception {
        try (FrankaRig rig = rig(ProtocolVersion.V10, Map.of()).active().claiming(FrankaRig.names("position"))) {
            rig.command("position", FrankaEmulatorConfig.readyPose());
            rig.cycles(20);
            assertEquals(ReturnType.OK, rig.switchModes(TWIST, FrankaRig.names("position")), rig.driver.lastError());
            rig.cycles(50);
            assertEquals(ControlMode.CARTESIAN_VELOCITY, rig.driver.motionMode());
            assertEquals(MotionGeneratorMode.CARTESIAN_VELOCITY, rig.robot.state().motionGeneratorMode());
            assertNoRobotErrors(rig);
        }
    }

    @Test
    void aBadGpioIsOneLineNamingIt() throws Exception {
        List<ComponentInfo> gpios = new ArrayList<>(FrankaRig.cartesianGpios());
        gpios.add(new ComponentInfo("pose_x", ComponentKind.GPIO, List.of(InterfaceInfo.of("cartesian_pose_command")),
                List.of(), Map.of("index", "16")));
        assertInitFails(gpios, "'FR3System': gpio 'pose_x' index: expected 0 to 15 for cartesian_pose_command, got"
                + " '16'");
        gpios = new ArrayList<>(FrankaRig.cartesianGpios());
        gpios.add(FrankaRig.gpio("x", "cartesian_velocity"));
        assertInitFails(gpios, "'FR3System': gpio 'x' has no index parameter and its name is none of franka_ros2's"
                + " cartesian_velocity elements (vx, vy, vz, wx, wy, wz)");
        gpios = new ArrayList<>(FrankaRig.cartesianGpios());
        gpios.removeIf(g -> g.name().equals("wz"));
        assertInitFails(gpios, "'FR3System' lists 5 of the 6 cartesian_velocity interfaces; FCI commands all or"
                + " none: missing [5]");
        gpios = new ArrayList<>(FrankaRig.cartesianGpios());
        gpios.add(new ComponentInfo("another_x", ComponentKind.GPIO, List.of(InterfaceInfo.of("cartesian_pose_command")),
                List.of(), Map.of("index", "12")));
        assertInitFails(gpios, "'FR3System': gpio 'another_x' gives cartesian_pose_command element 12, which"
                + " 12/cartesian_pose_command gives already");
    }

    private static void assertInitFails(List<ComponentInfo> gpios, String line) throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of(), UnaryOperator.identity(), gpios)) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals(line, rig.driver.lastError());
        }
    }
}
