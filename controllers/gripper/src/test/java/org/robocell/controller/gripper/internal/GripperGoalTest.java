package org.robocell.controller.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GoalResult;
import org.robocell.api.gripper.GoalStatus;
import org.robocell.api.gripper.GripperFeedback;
import org.robocell.api.gripper.GripperGoal;

/** The life of a goal on a position-commanded gripper: reach, stall, preemption, cancel, activation, deactivation. */
class GripperGoalTest {

    @Test
    void onActivationItHoldsTheMeasuredPositionWithoutAJump() {
        GripperHarness h = new GripperHarness();
        h.robot.setPosition(0, 0.042);
        h.active();
        for (int k = 0; k < 20; k++) {
            h.step();
            assertEquals(0.042, h.positionCommand(), "the finger stays where it was");
        }
        assertEquals(0.042, h.published("command/position"));
        assertEquals(1.0, h.published("reached_goal"));
    }

    @Test
    void aGoalReachedWithinToleranceSucceedsAndItsPositionIsKept() throws Exception {
        GripperHarness h = new GripperHarness().active();
        GoalHandle g = h.submit(GripperGoal.to(0.08));
        assertEquals(GoalStatus.ACCEPTED, g.status());
        h.step();
        assertEquals(GoalStatus.EXECUTING, g.status());
        assertEquals(0.08, h.positionCommand());
        h.step();

        GoalResult r = g.awaitResult(Duration.ofSeconds(1));
        assertEquals(GoalStatus.SUCCEEDED, r.status());
        assertTrue(r.reachedGoal());
        assertFalse(r.stalled());
        assertEquals(0.08, r.position());
        assertEquals(10.0, r.effort(), "a position-commanded gripper reports the effort limit in force");
        assertEquals(Outcome.REACHED.message, r.message());
        h.steps(50);
        assertEquals(0.08, h.positionCommand());
    }

    @Test
    void aGoalIsNotReachedUntilTheJointIsWithinTheGoalTolerance() {
        GripperHarness h = new GripperHarness(Map.of("goal_tolerance", 0.005, "stall_timeout", 10.0)).active();
        h.robot.freeze(0);
        h.robot.setPosition(0, 0.0594);
        GoalHandle g = h.start(GripperGoal.to(0.065));
        h.steps(10);
        assertEquals(GoalStatus.EXECUTING, g.status(), "0.0056 from the goal is outside 0.005");
        h.robot.setPosition(0, 0.0601);
        h.step();
        assertEquals(GoalStatus.SUCCEEDED, g.status(), "0.0049 from the goal is inside");
    }

    @Test
    void aFingerHeldByAnObstacleStallsAfterTheStallTimeoutAndTheGoalAborts() {
        GripperHarness h = new GripperHarness().active();
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.08, 25.0));
        double adopted = h.rig.time() - h.rig.period();

        h.rig.stepUntil(adopted + 0.99);
        assertEquals(GoalStatus.EXECUTING, g.status(), "not stalled before stall_timeout (1 s)");
        assertEquals(1.0, h.published("stalled"), "not moving while short of the goal");
        h.rig.stepUntil(adopted + 1.03);

        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.ABORTED, r.status());
        assertTrue(r.stalled());
        assertFalse(r.reachedGoal());
        assertEquals(0.0, r.position(), "where the obstacle held the finger");
        assertEquals(25.0, r.effort());
        assertEquals(Outcome.STALLED.message, r.message());
        h.steps(20);
        assertEquals(0.08, h.positionCommand(), "a stalled gripper keeps pressing towards the goal");
    }

    @Test
    void withAllowStallingAStallSucceedsWithStalledSet() {
        GripperHarness h = new GripperHarness(Map.of("allow_stalling", true, "stall_timeout", 0.5)).active();
        h.robot.setPosition(0, 0.02);
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.0));
        h.steps(45);
        assertEquals(GoalStatus.EXECUTING, g.status());
        h.steps(10);

        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.SUCCEEDED, r.status());
        assertTrue(r.stalled());
        assertFalse(r.reachedGoal());
        assertEquals(0.02, r.position());
    }

    @Test
    void movementFasterThanTheThresholdRestartsTheStallClock() {
        GripperHarness h = new GripperHarness(Map.of("stall_velocity_threshold", 0.01)).active();
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.08));
        h.steps(80);
        h.robot.setVelocity(0, 0.011);
        h.step();
        h.robot.setVelocity(0, 0.01);
        h.steps(95);
        assertEquals(GoalStatus.EXECUTING, g.status(), "the clock restarted at the movement 0.95 s ago");
        h.steps(10);
        assertEquals(GoalStatus.ABORTED, g.status(), "0.01 is not faster than the threshold");
    }

    @Test
    void aNewGoalPreemptsTheExecutingOneWhichEndsCanceled() {
        GripperHarness h = new GripperHarness().active();
        h.robot.freeze(0);
        GoalHandle first = h.start(GripperGoal.to(0.08));
        h.steps(10);

        GoalHandle second = h.submit(GripperGoal.to(0.03));
        assertEquals(GoalStatus.CANCELED, first.status(), "preempted as soon as the new goal is accepted");
        assertEquals(Outcome.PREEMPTED.message, first.result().orElseThrow().message());
        assertEquals(GoalStatus.ACCEPTED, second.status());
        h.step();
        assertEquals(GoalStatus.EXECUTING, second.status());
        assertEquals(0.03, h.positionCommand(), "straight to the new goal, no hold in between");
    }

    @Test
    void aGoalReplacedBeforeTheLoopTookItIsPreemptedAndNeverCommanded() {
        GripperHarness h = new GripperHarness().active();
        h.robot.freeze(0);
        GoalHandle first = h.submit(GripperGoal.to(0.09));
        GoalHandle second = h.submit(GripperGoal.to(0.01));
        assertEquals(GoalStatus.CANCELED, first.status());
        assertTrue(Double.isNaN(first.result().orElseThrow().position()), "it never executed");
        h.step();
        assertEquals(0.01, h.positionCommand());
        assertEquals(GoalStatus.EXECUTING, second.status());
    }

    @Test
    void cancelEndsTheGoalAndHoldsWhereTheFingerIs() {
        GripperHarness h = new GripperHarness().active();
        h.robot.setPosition(0, 0.015);
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.08, 30.0));
        h.steps(20);
        assertEquals(0.08, h.positionCommand());

        assertTrue(g.cancel());
        assertEquals(GoalStatus.CANCELED, g.status());
        assertEquals(Outcome.CANCELED.message, g.result().orElseThrow().message());
        h.step();
        assertEquals(0.015, h.positionCommand(), "holds the measured position instead of the goal");
        assertEquals(10.0, h.published("max_effort"), "with the configured effort limit");
        h.steps(200);
        assertEquals(0.015, h.positionCommand());
        assertFalse(g.cancel(), "a goal that ended cannot be canceled");
    }

    @Test
    void aGoalCanceledBeforeTheLoopTookItIsNeverCommandedAndTheGripperHolds() {
        GripperHarness h = new GripperHarness().active();
        h.robot.setPosition(0, 0.02);
        h.robot.freeze(0);
        GoalHandle g = h.submit(GripperGoal.to(0.07));
        assertTrue(g.cancel());
        h.steps(5);
        assertEquals(0.02, h.positionCommand());
        assertEquals(GoalStatus.CANCELED, g.status());
    }

    @Test
    void feedbackReportsTheFingerWhileTheGoalExecutes() {
        GripperHarness h = new GripperHarness().active();
        h.robot.setPosition(0, 0.035);
        h.robot.freeze(0);
        GoalHandle g = h.submit(GripperGoal.to(0.0, 12.0));
        assertTrue(g.feedback().isEmpty(), "not executing yet");
        h.step();
        assertEquals(new GripperFeedback(0.035, 12.0, true, false), g.feedback().orElseThrow());
        g.cancel();
        assertTrue(g.feedback().isEmpty(), "over");
    }

    @Test
    void deactivationAbortsTheGoalLeavesThePositionCommandAtTheFingerAndRefusesNewGoals() {
        GripperHarness h = new GripperHarness().active();
        h.robot.setPosition(0, 0.025);
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.08));
        h.steps(5);
        h.entry.deactivate();
        assertEquals(GoalStatus.ABORTED, g.status());
        assertEquals(Outcome.DEACTIVATED.message, g.result().orElseThrow().message());
        assertEquals(0.025, h.positionCommand());

        GoalHandle refused = h.submit(GripperGoal.to(0.05));
        assertEquals(GoalStatus.REJECTED, refused.status());
        assertEquals(GripperActionServer.NOT_RUNNING, refused.result().orElseThrow().message());
    }

    @Test
    void reactivationHoldsTheFingerWhereItIsNowNotAtTheOldGoal() {
        GripperHarness h = new GripperHarness().active();
        GoalHandle g = h.start(GripperGoal.to(0.06));
        h.steps(3);
        assertEquals(GoalStatus.SUCCEEDED, g.status());
        h.entry.deactivate();
        h.robot.freeze(0);
        h.robot.setPosition(0, 0.01);
        h.entry.activate();
        h.step();
        assertEquals(0.01, h.positionCommand());
    }

    @Test
    void invalidGoalsAreRejectedWithAReason() {
        GripperHarness h = new GripperHarness().active();
        GoalHandle nan = h.submit(GripperGoal.to(Double.NaN));
        assertEquals(GoalStatus.REJECTED, nan.status());
        assertTrue(nan.result().orElseThrow().message().contains("position"), nan.result().toString());

        GoalHandle negative = h.submit(GripperGoal.to(0.05, -1.0));
        assertEquals(GoalStatus.REJECTED, negative.status());
        assertTrue(negative.result().orElseThrow().message().contains("max effort"), negative.result().toString());

        GoalHandle infinite = h.submit(new GripperGoal(0.05, 5.0, Double.POSITIVE_INFINITY));
        assertEquals(GoalStatus.REJECTED, infinite.status());
        assertTrue(infinite.result().orElseThrow().message().contains("max velocity"), infinite.result().toString());

        assertEquals(GoalStatus.REJECTED, h.submit(null).status());
        assertFalse(nan.cancel(), "a rejected goal cannot be canceled");
        h.step();
        assertEquals(0.0, h.positionCommand(), "nothing moved");
    }

    @Test
    void theLimitsGoToTheirInterfacesWhenConfigured() {
        GripperHarness h = new GripperHarness(Map.of("max_effort_interface", "set_gripper_max_effort",
                "max_velocity_interface", GripperHarness.MAX_VELOCITY, "max_effort", 40.0, "max_velocity", 0.2));
        h.active();
        h.step();
        assertEquals(40.0, h.table.commandValue(GripperHarness.MAX_EFFORT), "configured limit while holding");
        assertEquals(0.2, h.table.commandValue(GripperHarness.MAX_VELOCITY));

        h.robot.freeze(0);
        GoalHandle g = h.start(new GripperGoal(0.07, 15.0, 0.05));
        assertEquals(15.0, h.table.commandValue(GripperHarness.MAX_EFFORT), "the goal's limits");
        assertEquals(0.05, h.table.commandValue(GripperHarness.MAX_VELOCITY));

        g.cancel();
        h.step();
        assertEquals(40.0, h.table.commandValue(GripperHarness.MAX_EFFORT), "back to the configured limit");

        GoalHandle defaults = h.start(GripperGoal.to(0.03));
        assertEquals(new GripperGoal(0.03, 40.0, 0.2), defaults.goal(), "NaN limits are the configured ones");
        assertEquals(40.0, h.table.commandValue(GripperHarness.MAX_EFFORT));
    }

    @Test
    void withoutLimitInterfacesOnlyThePositionIsCommanded() {
        GripperHarness h = new GripperHarness().active();
        h.start(new GripperGoal(0.07, 15.0, 0.05));
        assertTrue(Double.isNaN(h.table.commandValue(GripperHarness.MAX_EFFORT)));
        assertTrue(Double.isNaN(h.table.commandValue(GripperHarness.MAX_VELOCITY)));
        assertTrue(Double.isNaN(h.effortCommand()));
    }

    @Test
    void withoutAVelocityStateTheVelocityIsEstimatedFromThePosition() {
        GripperHarness h = new GripperHarness(Map.of("state_interfaces", List.of("position"))).active();
        h.robot.freeze(0);
        GoalHandle g = h.start(GripperGoal.to(0.08));
        for (int k = 1; k <= 150; k++) {
            h.robot.setPosition(0, 0.0002 * k);
            h.robot.setVelocity(0, 0.0);
            h.step();
        }
        assertEquals(GoalStatus.EXECUTING, g.status(), "moving at 0.02 m/s for 1.5 s is no stall");
        assertEquals(0.02, h.published("velocity"), 1e-9);
        h.steps(102);
        assertEquals(GoalStatus.ABORTED, g.status(), "standing still for over 1 s is");
    }
}
