package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.franka.emulator.FrankaEmulatorConfig;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.StateField;

class FrankaHardwareTest {

    private static final double[] READY = FrankaEmulatorConfig.readyPose();

    @Test
    void theJointStatesAreTheRobotsFromTheFirstState() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            rig.cycles(3);
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.state(FrankaRig.JOINTS[i], "position"), 1e-9, FrankaRig.JOINTS[i]);
                assertEquals(rig.robot.state().get(StateField.TAU_J, i), rig.state(FrankaRig.JOINTS[i], "effort"),
                        1e-6);
            }
            assertEquals(RobotMode.IDLE.ordinal(), rig.context.stateValue("fr3/robot_mode"));
            assertEquals(0, rig.driver.sentCommands(), "no motion: nothing is sent");
        }
    }

    @Test
    void activationStartsFromTheMeasuredStateAndTheRobotHoldsThere() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycle();
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.context.commandValue(FrankaRig.JOINTS[i] + "/position"), 1e-9,
                        "the first command is the measured position");
            }
            rig.cycles(200);
            assertEquals(ControlMode.JOINT_POSITION, rig.driver.motionMode());
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.robot.state().get(StateField.Q, i), 1e-3, "joint " + (i + 1) + " held");
            }
            assertTrue(rig.driver.sentCommands() >= 200, "one command per state: " + rig.driver.sentCommands());
            assertEquals(0, rig.robot.staleCommands() + rig.robot.unknownIdCommands() + rig.robot.foreignDatagrams()
                    + rig.robot.malformedDatagrams(), "every command answered the robot's newest state");
        }
    }

    @Test
    void aJointPositionStepIsShapedByTheRateLimiterAndFilter() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("limit_rate", "true")).active()
                .claiming("position")) {
            rig.cycle();
            double[] target = READY.clone();
            target[0] += 0.2;
            rig.command("position", target);
            rig.cycle();
            rig.cycle();
            double firstStep = rig.robot.state().get(StateField.Q_D, 0) - READY[0];
            assertTrue(firstStep > 0 && firstStep < 0.001, "one cycle moves q_d at most a few mrad: " + firstStep);
            for (int k = 0; k < 2000 && Math.abs(rig.state(FrankaRig.JOINTS[0], "position") - target[0]) > 1e-3;
                    k++) {
                rig.cycle();
            }
            assertEquals(target[0], rig.state(FrankaRig.JOINTS[0], "position"), 1e-3, "arrives without a reflex");
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
        }
    }

    @Test
    void withoutTheShapersTheSameStepIsAbortedByTheRobot() throws Exception {
        // what the shaping above prevents: the step goes out as it is and the robot stops the motion
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("limit_rate", "false", "cutoff_frequency",
                "1000")).active().claiming("position")) {
            rig.cycle();
            double[] target = READY.clone();
            target[0] += 0.2;
            rig.command("position", target);
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 10 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r);
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            assertTrue(rig.driver.lastError().contains("joint_motion_generator"), rig.driver.lastError());
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = { Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 3.5, -10 })
    void aNonFiniteOrOutOfRangePositionNeverReachesTheWire(double bad) throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(5);
            long sent = rig.driver.sentCommands();
            double[] command = READY.clone();
            command[2] = bad;
            rig.command("position", command);
            assertEquals(ReturnType.ERROR, rig.cycleResult());
            rig.stopLoop();
            rig.robot.step();
            assertEquals(sent, rig.driver.sentCommands(), "nothing was sent for the bad command");
            assertTrue(rig.robot.receivedCommands() <= sent, "the robot got what was sent before, and no more");
            assertEquals(READY[2], rig.robot.state().get(StateField.Q_D, 2), 1e-9, "the robot holds");
            assertEquals(Fault.REALTIME_ERROR, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("fr3_joint3/position = " + bad + " is outside the FR3's"
                    + " [-2.9065, 2.9065] rad; not sent"), rig.driver.lastError());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "velocity", "effort" })
    void anOutOfRangeVelocityOrEffortNeverReachesTheWire(String kind) throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming(kind)) {
            rig.cycles(5);
            long sent = rig.driver.sentCommands();
            double[] command = new double[7];
            command[6] = 1e6;
            rig.command(kind, command);
            assertEquals(ReturnType.ERROR, rig.cycleResult());
            rig.stopLoop();
            rig.robot.step();
            assertEquals(sent, rig.driver.sentCommands());
            assertTrue(rig.robot.receivedCommands() <= sent);
            assertTrue(rig.driver.lastError().startsWith("fr3_joint7/" + kind + " = 1000000.0 is outside"),
                    rig.driver.lastError());
        }
    }

    @Test
    void aNotYetCommandedInterfaceHoldsTheRobotsLastCommand() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycle();
            rig.command("position", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN);
            rig.cycles(50);
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.robot.state().get(StateField.Q_D, i), 1e-9);
            }
        }
    }

    @Test
    void effortModeRunsTorqueControlAndTheRobotCompensatesGravity() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V10, Map.of()).active().claiming("effort")) {
            rig.cycles(100);
            assertEquals(ControlMode.EFFORT, rig.driver.motionMode());
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
            assertEquals(ProtocolVersion.V10, rig.driver.version());
            double[] q = rig.measuredQ();
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], q[i], 0.05, "zero torque on a gravity-compensated arm drifts little");
            }
        }
    }

    @Test
    void effortClaimedWhileInactiveStartsTheTorqueMotionWhenTheComponentIsActivated() throws Exception {
        // the robot lifecycle's order (cell:activate): the controllers first, on the inactive hardware, then the
        // hardware; the motion the claims ask for starts with the activation
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured().claiming("effort")) {
            rig.cycles(5);
            assertEquals(ControlMode.NONE, rig.driver.motionMode(), "no motion while inactive");
            assertEquals(RobotMode.IDLE, rig.robot.state().robotMode());
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onActivate(LifecycleState.INACTIVE)),
                    rig.driver.lastError());
            rig.cycles(50);
            assertEquals(ControlMode.EFFORT, rig.driver.motionMode());
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
            assertTrue(rig.driver.sentCommands() >= 50, "one torque command per state: " + rig.driver.sentCommands());
        }
    }

    @Test
    void switchingFromPositionToEffortStopsOneMotionAndStartsTheOther() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(20);
            assertEquals(ReturnType.OK, rig.switchModes(FrankaRig.names("effort"), FrankaRig.names("position")),
                    rig.driver.lastError());
            rig.cycles(20);
            assertEquals(ControlMode.EFFORT, rig.driver.motionMode());
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
        }
    }

    @Test
    void mixedOrPartialClaimsAreRefusedWithOneLine() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active()) {
            List<String> mixed = new java.util.ArrayList<>(FrankaRig.names("position").subList(0, 6));
            mixed.add("fr3_joint7/effort");
            assertEquals(ReturnType.ERROR, rig.switchModes(mixed, List.of()));
            assertEquals("'FR3System' cannot take position and effort commands at once: FCI runs one of joint"
                    + " position, joint velocity, effort, Cartesian pose or Cartesian velocity", rig.driver.lastError());
            assertEquals(ReturnType.ERROR, rig.switchModes(FrankaRig.names("velocity").subList(0, 3), List.of()));
            assertTrue(rig.driver.lastError().startsWith("'FR3System' needs the velocity command of all 7 joints"),
                    rig.driver.lastError());
            assertEquals(ControlMode.NONE, rig.driver.motionMode(), "no motion was started");
        }
    }

    @Test
    void aReflexIsReportedByLibfrankasNameAndTheFlightLogIsWritten(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("ControlException.log");
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("flight_log", log.toString())).active()
                .claiming("effort")) {
            rig.cycles(10);
            rig.robot.applyFlangeWrench(0, 0, -400, 0, 0, 0);
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 200 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r);
            rig.stopLoop();
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            String line = rig.driver.lastError();
            assertTrue(line.startsWith("Move command aborted: motion aborted by reflex! [\""), line);
            assertTrue(line.contains("\"cartesian_reflex\""), line);
            assertTrue(line.endsWith("flight log: " + log.toAbsolutePath()), line);
            assertTrue(Files.size(log) > 0);
            assertEquals(RobotMode.REFLEX, rig.robot.state().robotMode());
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onError(LifecycleState.ACTIVE)));
            // recovery: configure again runs AutomaticErrorRecovery, and a new motion starts
            rig.robot.applyFlangeWrench(0, 0, 0, 0, 0, 0);
            rig.settle();
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onConfigure(LifecycleState.UNCONFIGURED)),
                    rig.driver.lastError());
            rig.robot.step();
            assertEquals(RobotMode.IDLE, rig.robot.state().robotMode());
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onActivate(LifecycleState.INACTIVE)));
            rig.claiming("position").cycles(20);
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
        }
    }

    @Test
    void twentyLostCommandsStopTheRobotWithCommunicationConstraintsViolation() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(10);
            // the loop misses 25 of the robot's cycles: 25 states unanswered
            for (int k = 0; k < 25; k++) {
                rig.robot.step();
            }
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 10 && r == ReturnType.OK; k++) {
                r = rig.cycleResult();
            }
            assertEquals(ReturnType.ERROR, r);
            rig.stopLoop();
            assertTrue(rig.driver.lastError().contains("[\"communication_constraints_violation\"]"),
                    rig.driver.lastError());
            assertTrue(rig.context.stateValue("fr3/lost_states") >= 20, "the driver saw the gap in the ids: "
                    + rig.context.stateValue("fr3/lost_states"));
        }
    }

    /**
     * A cycle that took most of the robot's millisecond between read and write (in a loop with two arms: the wait for
     * the other arm): its answer goes out, late, and without waiting; the next read then waits for a state that came
     * long enough after that answer to be answered in time, and the loop runs on that phase from then on.
     */
    @Test
    void afterALateAnswerTheNextReadWaitsForAStateItCanAnswerInTime() throws Exception {
        java.util.concurrent.ExecutorService reader = java.util.concurrent.Executors.newSingleThreadExecutor();
        reader.submit(() -> { }).get(); // the reading thread is there before the cycle starts
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(10);
            rig.robot.step();
            rig.awaitDelivery();
            assertEquals(ReturnType.OK, rig.driver.read(rig.time += 1e-3, 1e-3));
            long readAt = System.nanoTime();
            while (System.nanoTime() - readAt <= FrankaHardware.ANSWER_BY_NANOS) {
                Thread.onSpinWait(); // the rest of the cycle took most of the robot's millisecond
            }
            long received = rig.robot.receivedCommands();
            long beforeWrite = System.nanoTime();
            assertEquals(ReturnType.OK, rig.driver.write(rig.time, 1e-3));

            // the robot's next cycle right after the late answer: a state too early to be answered in time (no use
            // waiting for it: the loop's phase would stay); the robot keeps cycling while the next read waits
            rig.robot.step();
            rig.awaitDelivery();
            java.util.concurrent.Future<ReturnType> read = reader.submit(() -> rig.driver.read(rig.time + 1e-3, 1e-3));
            while (System.nanoTime() - beforeWrite <= FrankaHardware.RESYNC_NANOS + 50_000) {
                Thread.onSpinWait(); // the robot's cycle after: late enough to be answered in time
            }
            for (int k = 0; k < FrankaRig.MAX_CYCLES && !read.isDone(); k++) {
                rig.robot.step();
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
            }
            assertEquals(ReturnType.OK, read.get());
            assertTrue(rig.robot.receivedCommands() > received, "the late answer went out (without waiting)");
            assertTrue(rig.driver.stateArrivedAt() - beforeWrite >= FrankaHardware.RESYNC_NANOS,
                    "the state read came at least " + FrankaHardware.RESYNC_NANOS + " ns after the late answer");
            double shifts = rig.context.stateValue("fr3/phase_shifts");
            assertEquals(ReturnType.OK, rig.driver.write(rig.time, 1e-3));
            rig.cycles(10);
            assertEquals(shifts, rig.context.stateValue("fr3/phase_shifts"), "answered in time from then on");
            assertEquals(RobotMode.MOVE, rig.robot.state().robotMode());
        } finally {
            reader.shutdownNow();
        }
    }

    @Test
    void aRobotThatGoesAwayIsReportedByWhatTheDriverSawWithinTheReceiveTimeout() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("receive_timeout_ms", "200")).active()
                .claiming("position")) {
            rig.cycles(10);
            rig.robot.close();
            rig.stopLoop();
            ReturnType r = ReturnType.OK;
            for (int k = 0; k < 100 && r == ReturnType.OK; k++) {
                r = rig.driver.read(0, 1e-3); // bounded: each call waits at most the receive timeout
            }
            assertEquals(ReturnType.ERROR, r);
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("no robot state for 200 ms (receive_timeout_ms); the robot at"
                    + " /127.0.0.1:"), rig.driver.lastError());
            assertTrue(rig.driver.lastError().endsWith("closed the command connection"), rig.driver.lastError());
        }
    }

    @Test
    void deactivationStopsTheMotionAndTheRobotHoldsWithoutCommands() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position")) {
            rig.cycles(20);
            assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onDeactivate(LifecycleState.ACTIVE)));
            assertEquals(ControlMode.NONE, rig.driver.motionMode());
            long sent = rig.driver.sentCommands();
            rig.stopLoop();
            for (int k = 0; k < 100; k++) {
                rig.robot.step();
            }
            assertEquals(RobotMode.IDLE, rig.robot.state().robotMode(), "no reflex although nobody answers");
            for (int i = 0; i < 7; i++) {
                assertEquals(READY[i], rig.robot.state().get(StateField.Q, i), 1e-3);
            }
            assertEquals(sent, rig.driver.sentCommands());
        }
    }

    @Test
    void shutdownStopsTheMotionAndDisconnects() throws Exception {
        FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).active().claiming("position");
        rig.cycles(20);
        rig.stopLoop();
        assertEquals(CallbackReturn.SUCCESS, rig.offLoop(() -> rig.driver.onShutdown(LifecycleState.ACTIVE)));
        for (int k = 0; k < 100 && rig.robot.connected(); k++) {
            rig.robot.step();
            FrankaRig.pause();
        }
        assertFalse(rig.robot.connected());
        assertNotEquals(RobotMode.REFLEX, rig.robot.state().robotMode());
        rig.close();
    }

    @Test
    void autoPicksTheRobotsVersionAndAFixedOtherVersionIsRefusedWithOneLine() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of()).configured()) {
            assertEquals(ProtocolVersion.V7, rig.driver.version());
        }
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("protocol_version", "10"))) {
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onInit(rig.context));
            assertEquals(CallbackReturn.FAILURE,
                    rig.offLoop(() -> rig.driver.onConfigure(LifecycleState.UNCONFIGURED)));
            assertTrue(rig.driver.lastError().endsWith("refused Connect with kIncompatibleLibraryVersion: it speaks"
                    + " FCI v7, this driver FCI v10 (protocol_version)"), rig.driver.lastError());
        }
    }

    @Test
    void badParametersAreOneLineNamingTheParameter() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("protocol_version", "8"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals("protocol_version: expected auto, 7 (libfranka 0.13.3-0.13.6) or 10 (libfranka 0.18 and"
                    + " later), got '8'", rig.driver.lastError());
        }
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("cutoff_frequency", "fast"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertTrue(rig.driver.lastError().startsWith("cutoff_frequency: expected a frequency in Hz"));
        }
    }
}
