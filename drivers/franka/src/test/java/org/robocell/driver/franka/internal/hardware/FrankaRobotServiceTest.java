package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.api.CollisionBehavior;
import org.robocell.driver.franka.api.FrankaAnswer;
import org.robocell.driver.franka.api.FrankaCommandException;
import org.robocell.driver.franka.api.FrankaRobot;
import org.robocell.driver.franka.api.FrankaState;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.driver.testkit.DriverContext;

/**
 * The non-real-time calls of a Franka component ({@link FrankaRobot}) against the emulated FR3 over loopback: each one
 * changes what the robot reports or how it behaves, the robot's refusals come back by libfranka's names, and a value
 * the robot cannot take is refused before anything is sent.
 */
class FrankaRobotServiceTest {

    private static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };

    @Test
    void aPushBelowTheDefaultThresholdsIsHeld() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            start(rig);
            rig.robot.applyFlangeWrench(0, 0, -10, 0, 0, 0);
            rig.cycles(300);
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode(), "10 N is below the robot's 20 N");
        }
    }

    @Test
    void theSamePushAfterLoweringTheCollisionThresholdsIsAReflex() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            FrankaAnswer lowered = rig.offLoop(() -> robot.setCollisionBehavior(CollisionBehavior.uniform(1, 2, 2, 5)));
            assertEquals("SetCollisionBehavior: kSuccess", lowered.toString());
            start(rig);
            rig.robot.applyFlangeWrench(0, 0, -10, 0, 0, 0);
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 300 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r, "the same push is a reflex under the lowered thresholds");
            rig.stopLoop();
            assertTrue(rig.robot.state().error(FrankaError.CARTESIAN_REFLEX)
                    || rig.robot.state().error(FrankaError.JOINT_REFLEX), rig.driver.lastError());
            assertTrue(rig.driver.lastError().matches(".*motion aborted by reflex! \\[.*\"(cartesian|joint)_reflex\".*"),
                    rig.driver.lastError());
        }
    }

    @Test
    void aLowerJointStiffnessLetsTheSamePushDeflectTheHeldArmFurther() throws Exception {
        double stiff = deflectionUnderPush(null);
        double soft = deflectionUnderPush(new double[] { 300, 300, 300, 250, 250, 200, 200 });
        assertTrue(soft > 3 * stiff, "a tenth of the stiffness deflects more: " + soft + " rad vs " + stiff + " rad");
    }

    /** How far joint 2 and 4 give way under 15 N down on the flange while the robot holds its position. */
    private static double deflectionUnderPush(double[] kTheta) throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            if (kTheta != null) {
                assertTrue(rig.offLoop(() -> robot.setJointImpedance(kTheta)).success());
            }
            start(rig);
            double[] before = rig.measuredQ();
            rig.robot.applyFlangeWrench(0, 0, -15, 0, 0, 0);
            rig.cycles(600);
            double[] after = rig.measuredQ();
            rig.robot.applyFlangeWrench(0, 0, 0, 0, 0, 0);
            return Math.abs(after[1] - before[1]) + Math.abs(after[3] - before[3]);
        }
    }

    @Test
    void theEndEffectorFrameMovesO_T_EEAndIsReportedAsNE_T_EE() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            FrankaState before = rig.offLoop(robot::state);
            assertTrue(before.connected(), "read through the component's own connection");
            double[] tcp = IDENTITY.clone();
            tcp[14] = 0.1; // 10 cm further along the nominal end effector's z
            assertEquals("SetNEToEE: kSuccess", rig.offLoop(() -> robot.setEE(tcp)).toString());
            FrankaState after = rig.offLoop(robot::state);
            assertArrayEquals(tcp, field(after, StateField.NE_T_EE), 1e-12);
            double[] zAxis = { field(before, StateField.O_T_EE)[8], field(before, StateField.O_T_EE)[9],
                    field(before, StateField.O_T_EE)[10] };
            for (int i = 0; i < 3; i++) {
                assertEquals(field(before, StateField.O_T_EE)[12 + i] + 0.1 * zAxis[i],
                        field(after, StateField.O_T_EE)[12 + i], 1e-6, "O_T_EE moved 0.1 m along the EE's z");
            }
        }
    }

    @Test
    void theStiffnessFrameAndTheLoadAreReportedAsTheRobotTookThem() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            double[] k = IDENTITY.clone();
            k[12] = 0.02;
            assertTrue(rig.offLoop(() -> robot.setK(k)).success());
            double[] inertia = { 0.01, 0, 0, 0, 0.02, 0, 0, 0, 0.03 };
            assertEquals("SetLoad: kSuccess", rig.offLoop(() -> robot.setLoad(1.5, new double[] { 0, 0, 0.05 },
                    inertia)).toString());
            FrankaState s = rig.offLoop(robot::state);
            assertArrayEquals(k, field(s, StateField.EE_T_K), 1e-12);
            assertEquals(1.5, s.state().get(StateField.M_LOAD, 0), 1e-12);
            assertArrayEquals(new double[] { 0, 0, 0.05 }, field(s, StateField.F_X_CLOAD), 1e-12);
            assertArrayEquals(inertia, field(s, StateField.I_LOAD), 1e-12);
        }
    }

    @Test
    void aLoadTheRobotIsToldAboutButDoesNotCarryReadsAsAForceLiftingTheFlange() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            rig.cycles(20);
            assertEquals(0, field(rig.offLoop(robot::state), StateField.O_F_EXT_HAT_K)[2], 1e-9, "nothing pushes");
            assertTrue(rig.offLoop(() -> robot.setLoad(1.0, new double[] { 0, 0, 0.05 }, new double[9])).success());
            rig.cycles(60);
            FrankaState told = rig.offLoop(robot::state);
            assertEquals(9.81, field(told, StateField.O_F_EXT_HAT_K)[2], 0.01, "1 kg the robot holds up, not there");
            double[] tauExt = field(told, StateField.TAU_EXT_HAT_FILTERED);
            assertTrue(Math.abs(tauExt[1]) > 1 && Math.abs(tauExt[3]) > 1, "joint 2 and 4 would carry it: "
                    + Arrays.toString(tauExt));
            assertTrue(rig.offLoop(() -> robot.setLoad(0, new double[3], new double[9])).success());
            rig.cycles(60);
            assertEquals(0, field(rig.offLoop(robot::state), StateField.O_F_EXT_HAT_K)[2], 0.01, "the load cleared");
        }
    }

    @Test
    void settersDuringAMotionAreRefusedByTheRobotWithKCommandNotPossibleRejected() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(10);
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            FrankaAnswer a = rig.offLoop(() -> robot.setJointImpedance(new double[] { 1, 1, 1, 1, 1, 1, 1 }));
            assertFalse(a.success());
            assertEquals("SetJointImpedance: kCommandNotPossibleRejected", a.toString());
            assertEquals("SetCartesianImpedance: kCommandNotPossibleRejected", rig.offLoop(() -> robot
                    .setCartesianImpedance(new double[] { 100, 100, 100, 10, 10, 10 })).toString());
            assertEquals("SetGuidingMode: kCommandNotPossibleRejected", rig.offLoop(() -> robot.setGuidingMode(
                    new boolean[] { true, true, true, false, false, false }, true)).toString());
            assertEquals("AutomaticErrorRecovery: kCommandNotPossibleRejected",
                    rig.offLoop(robot::automaticErrorRecovery).toString());
            rig.cycles(10); // the motion goes on
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
        }
    }

    @Test
    void stopEndsTheRunningMotionAndTheComponentsLoopReportsKPreempted() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(10);
            FrankaRobot robot = new FrankaRobotService(rig.driver);
            assertEquals("StopMove: kSuccess", rig.offLoop(robot::stop).toString());
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 200 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r, "as libfranka's control loop ends when stop() preempts it");
            rig.stopLoop();
            assertEquals("the motion was stopped on request (StopMove): kPreempted; the robot holds",
                    rig.driver.lastError(), "not a failure of the robot: no flight log, no ControlException text");
            assertEquals(RobotMode.IDLE, rig.robot.state().robotMode(), "the robot holds, no reflex");
        }
    }

    @Test
    void afterAReflexTookTheComponentOutRecoveryAndStateUseAConnectionOfTheirOwn() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("effort")) {
            rig.cycles(10);
            rig.robot.applyFlangeWrench(0, 0, -400, 0, 0, 0);
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 200 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r);
            rig.stopLoop();
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onError(LifecycleState.ACTIVE)));
            rig.robot.applyFlangeWrench(0, 0, 0, 0, 0, 0);
            for (int k = 0; k < 100 && rig.robot.connected(); k++) {
                rig.robot.step();
                FrankaRig.pause();
            }
            assertFalse(rig.robot.connected(), "the component closed its connection");

            FrankaRobot robot = new FrankaRobotService(rig.driver);
            FrankaState reflex = rig.offLoop(robot::state);
            assertFalse(reflex.connected());
            assertEquals(RobotMode.REFLEX, reflex.state().robotMode());
            assertTrue(reflex.state().error(FrankaError.CARTESIAN_REFLEX));
            assertEquals("AutomaticErrorRecovery: kSuccess", rig.offLoop(robot::automaticErrorRecovery).toString());
            FrankaState recovered = rig.offLoop(robot::state);
            assertEquals(RobotMode.IDLE, recovered.state().robotMode());
            assertFalse(recovered.state().error(FrankaError.CARTESIAN_REFLEX), "current errors cleared");
            assertTrue(recovered.state().reflexReason(FrankaError.CARTESIAN_REFLEX), "last motion errors kept");
            // the component connects again without running recovery itself: the robot reports no errors
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onConfigure(LifecycleState.UNCONFIGURED)),
                    rig.driver.lastError());
        }
    }

    /** Each bad value, one line naming it; nothing reaches a robot (none listens: the line is not "not connected"). */
    @Test
    void badValuesAreRefusedWithOneLineBeforeAnythingIsSent() throws Exception {
        FrankaRobot robot = unreachable();
        double[] k7 = { 3000, 3000, 3000, 2500, 2500, 2000, 2000 };
        Map<String, Consumer<FrankaRobot>> calls = new java.util.LinkedHashMap<>();
        calls.put("K_theta takes 7 values, got 3; nothing sent", r -> r.setJointImpedance(new double[] { 1, 2, 3 }));
        calls.put("K_theta[2] = NaN is not a finite number; nothing sent", r -> r.setJointImpedance(with(k7, 2,
                Double.NaN)));
        calls.put("K_theta[6] = Infinity is not a finite number; nothing sent", r -> r.setJointImpedance(with(k7, 6,
                Double.POSITIVE_INFINITY)));
        calls.put("K_theta[0] = -1 is negative; nothing sent", r -> r.setJointImpedance(with(k7, 0, -1)));
        calls.put("K_x[0] (x) = 5 is outside libfranka's [10, 3000] N/m; nothing sent",
                r -> r.setCartesianImpedance(new double[] { 5, 100, 100, 10, 10, 10 }));
        calls.put("K_x[5] (yaw) = 301 is outside libfranka's [1, 300] Nm/rad; nothing sent",
                r -> r.setCartesianImpedance(new double[] { 100, 100, 100, 10, 10, 301 }));
        calls.put("lower_torque_thresholds_nominal[3] = 30 Nm is above upper_torque_thresholds_nominal[3] = 20 Nm;"
                + " nothing sent", r -> r.setCollisionBehavior(CollisionBehavior.of(with(new double[7], 3, 30),
                        fill(7, 20), fill(6, 10), fill(6, 20))));
        calls.put("lower_force_thresholds_nominal[1] = -2 is negative; nothing sent",
                r -> r.setCollisionBehavior(CollisionBehavior.of(fill(7, 10), fill(7, 20), with(fill(6, 1), 1, -2),
                        fill(6, 20))));
        calls.put("NE_T_EE takes 16 values, got 6; nothing sent", r -> r.setEE(new double[6]));
        calls.put("EE_T_K is not a homogeneous transform: its rotation's column 1 is not a unit vector;"
                + " nothing sent", r -> r.setK(with(IDENTITY, 0, 2)));
        calls.put("NE_T_EE is not a homogeneous transform: its last row (NE_T_EE[3], [7], [11], [15]) is 0 0 0 2,"
                + " expected 0 0 0 1 (column-major); nothing sent", r -> r.setEE(with(IDENTITY, 15, 2)));
        calls.put("m_load = 3.5 kg is outside [0, 3] (the FR3's payload); nothing sent",
                r -> r.setLoad(3.5, new double[3], new double[9]));
        calls.put("I_load is not symmetric: I_load[3] = 0.1, I_load[1] = 0; nothing sent",
                r -> r.setLoad(1, new double[3], new double[] { 0.01, 0, 0, 0.1, 0.01, 0, 0, 0, 0.01 }));
        calls.put("guiding_mode takes 6 flags (x, y, z, roll, pitch, yaw), got 2; nothing sent",
                r -> r.setGuidingMode(new boolean[2], false));
        for (Map.Entry<String, Consumer<FrankaRobot>> c : calls.entrySet()) {
            FrankaCommandException e = assertThrows(FrankaCommandException.class, () -> c.getValue().accept(robot),
                    c.getKey());
            assertEquals(FrankaCommandException.Reason.INVALID_ARGUMENT, e.reason(), e.getMessage());
            assertEquals(c.getKey(), e.getMessage());
        }
    }

    @Test
    void anUnreachableRobotIsOneLineNamingItsAddress() throws Exception {
        FrankaRobot robot = unreachable();
        for (Function<FrankaRobot, Object> call : List.<Function<FrankaRobot, Object>>of(FrankaRobot::state,
                FrankaRobot::automaticErrorRecovery, r -> r.setJointImpedance(new double[] { 1, 1, 1, 1, 1, 1, 1 }))) {
            FrankaCommandException e = assertThrows(FrankaCommandException.class, () -> call.apply(robot));
            assertEquals(FrankaCommandException.Reason.NOT_CONNECTED, e.reason());
            assertTrue(e.getMessage().startsWith("'FR3System' is not connected and the robot at 127.0.0.1:"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
    }

    /** A component initialized for a robot where nobody listens. */
    private static FrankaRobot unreachable() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        FrankaHardware hardware = new FrankaHardware();
        DriverContext context = new DriverContext(FrankaRig.info(Map.of("robot_ip", "127.0.0.1", "command_port",
                String.valueOf(port), "connect_timeout_ms", "200")));
        assertEquals(CallbackReturn.SUCCESS, hardware.onInit(context));
        return new FrankaRobotService(hardware);
    }

    /** The robot starts a joint position motion and holds where it is. */
    private static void start(FrankaRig rig) {
        assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onActivate(LifecycleState.INACTIVE)));
        rig.claiming("position").cycles(10);
    }

    private static double[] field(FrankaState s, StateField f) {
        double[] v = new double[f.count()];
        s.state().get(f, v);
        return v;
    }

    private static double[] with(double[] a, int i, double v) {
        double[] b = a.clone();
        b[i] = v;
        return b;
    }

    private static double[] fill(int n, double v) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }
}
