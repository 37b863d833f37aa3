package org.robocell.driver.kuka.fri.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.fri.emulator.LbrIiwa14;
import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/** The driver and the emulated LBR iiwa 14 over loopback, one send period per step of the test thread. */
class FriSessionTest {

    @Test
    void activationWalksTheSessionFromMonitoringToCommandingActiveAndStartsFromTheMeasuredJoints() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).configured()) {
            rig.robot(c -> c.withStartJoints(0.1, 0.2, -0.3, -1.0, 0.5, 0.6, -0.7));
            List<FriSessionState> states = new ArrayList<>();
            CompletableFuture<CallbackReturn> done = CompletableFuture
                    .supplyAsync(() -> rig.driver.onActivate(LifecycleState.INACTIVE));
            while (!done.isDone()) {
                rig.robot.step();
                if (states.isEmpty() || states.get(states.size() - 1) != rig.robot.state()) {
                    states.add(rig.robot.state());
                }
                rig.robot.awaitReply(50, TimeUnit.MILLISECONDS);
            }
            assertEquals(CallbackReturn.SUCCESS, done.get(), rig.driver.lastError());
            assertEquals(List.of(FriSessionState.MONITORING_WAIT, FriSessionState.MONITORING_READY,
                    FriSessionState.COMMANDING_WAIT, FriSessionState.COMMANDING_ACTIVE), states);
            assertEquals(FriSessionState.COMMANDING_ACTIVE.ordinal(), rig.status("session_state"));
            assertEquals(-1.0, rig.state("A4/position"), 1e-12);
            // nobody commands yet: the robot holds exactly where it was measured
            assertEquals(200, rig.run(200));
            assertArrayEquals(new double[] { 0.1, 0.2, -0.3, -1.0, 0.5, 0.6, -0.7 }, rig.robot.joints(), 1e-12);
            assertEquals(0, rig.status("held_commands"));
        }
    }

    @Test
    void jointPositionCommandsMoveTheRobotNoFasterThanItsVelocityLimits() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            double start = rig.robot.joints()[0];
            rig.command(0, start + 0.5);
            rig.cycle();
            rig.cycle();
            double perPeriod = LbrIiwa14.velocityLimit(0) * 0.005;
            assertEquals(start + perPeriod, rig.robot.joints()[0], 1e-9, "one period of motion at the limit");
            rig.run(200);
            assertEquals(start + 0.5, rig.robot.joints()[0], 1e-12);
            assertEquals(start + 0.5, rig.state("A1/position"), 1e-12);
            assertEquals(FriConnectionQuality.EXCELLENT, rig.robot.quality());
            assertEquals(0, rig.robot.limitedCommands());
        }
    }

    @Test
    void nanInfiniteAndOutOfLimitCommandsNeverReachTheWireTheLastValidOneIsHeld() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            rig.command(1, 0.4);
            rig.run(100);
            double[] before = rig.robot.joints();
            long commands = rig.robot.commandedCycles();
            for (double bad : new double[] { Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                    LbrIiwa14.positionLimit(1) + 1e-6, -3.0 }) {
                rig.command(1, bad);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            rig.run(10);
            assertArrayEquals(before, rig.robot.joints(), 0.0);
            assertEquals(0, rig.robot.limitedCommands(), "nothing beyond a limit was sent");
            assertEquals(0, rig.robot.incompleteCommands(), "nothing NaN was sent");
            assertTrue(rig.robot.commandedCycles() > commands, "the robot kept being commanded");
            assertEquals(15, rig.status("held_commands"));
        }
    }

    @Test
    void lateRepliesLowerTheQualityUntilTheRobotStopsCommandingAndTheLoopSaysWhyInOneLine() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            assertEquals(100, rig.run(100));
            assertEquals(FriConnectionQuality.EXCELLENT, rig.robot.quality(), "a full window answered in time");
            // the loop falls behind: each reply arrives after the robot sent its next message
            ReturnType r = ReturnType.OK;
            List<FriConnectionQuality> seen = new ArrayList<>();
            for (int i = 0; i < 100 && r == ReturnType.OK; i++) {
                rig.robot.step();
                r = rig.driver.read(0, 0);
                rig.robot.step();
                if (r == ReturnType.OK) {
                    r = rig.driver.write(0, 0);
                }
                if (seen.isEmpty() || seen.get(seen.size() - 1) != rig.robot.quality()) {
                    seen.add(rig.robot.quality());
                }
            }
            assertEquals(ReturnType.ERROR, r);
            assertEquals(List.of(FriConnectionQuality.GOOD, FriConnectionQuality.FAIR), seen);
            assertTrue(rig.robot.lateReplies() > 0);
            assertEquals(FriSessionState.MONITORING_WAIT, rig.robot.state());
            assertTrue(rig.robot.stopMessage().startsWith("commanding stopped in cycle "), rig.robot.stopMessage());
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            String line = rig.driver.lastError();
            assertTrue(line.matches("the robot at /127\\.0\\.0\\.1:\\d+ left COMMANDING_ACTIVE: its FRI session is in"
                    + " MONITORING_WAIT with connection quality FAIR; the overlay stopped and the robot holds"), line);
        }
    }

    @Test
    void lostRepliesStopCommandingAndTheRobotHoldsWhereItWas() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c.withRecommand(false))) {
            rig.command(3, -0.9);
            rig.run(300);
            double[] at = rig.robot.joints();
            // the client goes silent: the robot keeps sending, nobody answers
            for (int i = 0; i < 10; i++) {
                rig.robot.step();
            }
            assertEquals(FriSessionState.MONITORING_WAIT, rig.robot.state());
            assertEquals(1, rig.robot.stops());
            for (int i = 0; i < 100; i++) {
                rig.robot.step();
            }
            assertArrayEquals(at, rig.robot.joints(), 0.0);
            assertEquals(FriSessionState.MONITORING_WAIT, rig.robot.state(), "without recommand it stays there");
        }
    }

    @Test
    void malformedForeignAndReplayedMonitoringMessagesChangeNothingButTheirCounters() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            rig.command(0, 0.2);
            rig.run(20);
            long received = rig.status("received_packets");
            // a garbled message, then the next one: the loop skips the first and answers the second
            for (int i = 0; i < 3; i++) {
                rig.robot.garbleMessages(1);
                rig.robot.step();
                assertEquals(ReturnType.OK, rig.cycle());
            }
            // a copy from another port of the controller's host before each message
            rig.robot.sendForeignCopies(4);
            assertEquals(4, rig.run(4));
            // the previous message again after each message: its counter is not newer
            rig.robot.replayMessages(5);
            assertEquals(5, rig.run(5));
            // the same message twice
            rig.robot.duplicateMessages(2);
            assertEquals(2, rig.run(2));
            assertEquals(3, rig.status("malformed_packets"));
            assertEquals(4, rig.status("foreign_packets"));
            assertEquals(7, rig.status("stale_packets"));
            assertEquals(received + 14, rig.status("received_packets"));
            assertEquals(FriSessionState.COMMANDING_ACTIVE, rig.robot.state());
            assertEquals(0.2, rig.robot.joints()[0], 1e-12);
        }
    }

    @Test
    void deactivationStopsAnsweringAndLeavesTheRobotHoldingThenReactivationStartsFromTheMeasuredJoints()
            throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            rig.command(2, 0.3);
            rig.run(100);
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE));
            double[] at = rig.robot.joints();
            for (int i = 0; i < 50; i++) {
                rig.robot.step();
                assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            }
            assertEquals(FriSessionState.MONITORING_WAIT, rig.robot.state());
            assertArrayEquals(at, rig.robot.joints(), 0.0);

            // a controller left 1.0 in the slot; the new session must not jump there
            rig.command(2, 1.0);
            assertEquals(CallbackReturn.SUCCESS, rig.activate(), rig.driver.lastError());
            assertEquals(0, rig.robot.wrongCounterReplies(), "the client's sequence counter went on, not back to 0");
            assertEquals(0.3, rig.state("A3/position"), 1e-12);
            assertTrue(Double.isNaN(rig.context.commandValue("A3/position")), "the command slot starts empty");
            rig.run(50);
            assertArrayEquals(at, rig.robot.joints(), 0.0);
        }
    }

    @Test
    void activationRefusesARobotApplicationWhoseCommandModeIsNotTheControlModesInOneLine() throws Exception {
        try (FriRig rig = new FriRig(Map.of("control_mode", "1")).configured()) {
            rig.robot(c -> c.withCommandMode(FriCommandMode.TORQUE));
            assertEquals(CallbackReturn.FAILURE, rig.activate());
            assertEquals(Fault.CONFIGURATION, rig.driver.fault());
            assertTrue(rig.driver.lastError().matches("the robot application at /127\\.0\\.0\\.1:\\d+ runs client"
                    + " command mode TORQUE, control_mode 1 \\(joint_position_control\\) needs POSITION"),
                    rig.driver.lastError());
        }
    }

    @Test
    void activationRefusesAReceiveMultiplierOtherThanTheParameter() throws Exception {
        try (FriRig rig = new FriRig(Map.of("receive_multiplier", "1")).configured()) {
            rig.robot(c -> c.withReceiveMultiplier(2));
            assertEquals(CallbackReturn.FAILURE, rig.activate());
            assertTrue(rig.driver.lastError().endsWith("runs receive multiplier 2, parameter receive_multiplier is 1"),
                    rig.driver.lastError());
        }
    }

    @Test
    void withAReceiveMultiplierOfThreeOnlyEveryThirdMessageIsAnswered() throws Exception {
        try (FriRig rig = new FriRig(Map.of("receive_multiplier", "3")).active(c -> c.withReceiveMultiplier(3))) {
            long sent = rig.status("sent_commands");
            rig.command(0, 0.1);
            assertEquals(300, rig.run(300));
            assertEquals(sent + 100, rig.status("sent_commands"));
            assertEquals(FriConnectionQuality.EXCELLENT, rig.robot.quality());
            assertEquals(0.1, rig.robot.joints()[0], 1e-12);
        }
    }

    @Test
    void jointTorqueControlSendsTheHeldPositionsAndTheCommandedTorques() throws Exception {
        try (FriRig rig = new FriRig(Map.of("control_mode", "4"))
                .active(c -> c.withCommandMode(FriCommandMode.TORQUE))) {
            double[] at = rig.robot.joints();
            rig.context.setCommand("A6/effort", 2.5);
            rig.context.setCommand("A7/effort", 500);
            rig.run(20);
            assertEquals(2.5, rig.robot.commandedTorques()[5], 0.0);
            assertEquals(0.0, rig.robot.commandedTorques()[6], 0.0, "beyond the torque limit: held at 0");
            assertEquals(2.5, rig.state("A6/effort"), 0.0);
            assertArrayEquals(at, rig.robot.joints(), 0.0);
            assertEquals(0, rig.robot.incompleteCommands());
        }
    }

    @Test
    void wrenchControlSendsTheWrenchFromItsCommandInterfaces() throws Exception {
        try (FriRig rig = new FriRig(Map.of("control_mode", "8"))
                .active(c -> c.withCommandMode(FriCommandMode.WRENCH))) {
            rig.context.setCommand("wrench/force.z", -5.0);
            rig.context.setCommand("wrench/torque.x", 0.25);
            rig.run(20);
            assertArrayEquals(new double[] { 0, 0, -5.0, 0.25, 0, 0 }, rig.robot.commandedWrench(), 0.0);
            assertEquals(0, rig.robot.incompleteCommands());
        }
    }

    @Test
    void anFri2SessionCommandsTheSameWay() throws Exception {
        try (FriRig rig = new FriRig(Map.of("fri_version", "2.7")).active(c -> c.withVersion(FriVersion.V2))) {
            rig.command(4, 0.25);
            rig.run(100);
            assertEquals(0.25, rig.robot.joints()[4], 1e-12);
            assertEquals(0, rig.status("malformed_packets"));
        }
    }

    @Test
    void whileCommandingControllersMayTakeOverThePositionsButNotSwitchToTorques() throws Exception {
        try (FriRig rig = new FriRig(Map.of()).active(c -> c)) {
            assertEquals(ReturnType.OK, rig.driver.prepareCommandModeSwitch(List.of("A1/position", "A2/position"),
                    List.of("A1/position", "A2/position")));
            assertEquals(ReturnType.ERROR, rig.driver.prepareCommandModeSwitch(List.of("A1/effort"),
                    List.of("A1/position")));
            assertEquals("FRI cannot command 'A1/effort': the robot's client command mode is fixed while commanding,"
                    + " and control_mode 1 (joint_position_control) commands position", rig.driver.lastError());
            assertEquals(100, rig.run(100), "the session goes on");
        }
    }
}
