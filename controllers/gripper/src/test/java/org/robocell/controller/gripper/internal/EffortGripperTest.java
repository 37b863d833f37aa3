package org.robocell.controller.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GoalResult;
import org.robocell.api.gripper.GoalStatus;
import org.robocell.api.gripper.GripperGoal;

/**
 * An effort-commanded gripper (a PID on the position error, clamped to the effort limit) driving the harness's
 * plant: the finger moves at 0.001 m/s per unit of effort, at most 0.02 m/s.
 */
class EffortGripperTest {

    @Test
    void onActivationItHoldsWithoutEffort() {
        GripperHarness h = GripperHarness.effort(Map.of());
        h.robot.setPosition(0, 0.04);
        h.active();
        for (int k = 0; k < 50; k++) {
            h.stepPlant();
            assertEquals(0.0, h.effortCommand(), 1e-12);
        }
        assertEquals(0.04, h.robot.position(0), 1e-12, "no jump, no drift");
    }

    @Test
    void theEffortIsClampedToTheGoalsLimitAndTheGoalIsReachedSlowlyWithoutAStall() {
        GripperHarness h = GripperHarness.effort(Map.of());
        h.robot.setPosition(0, 0.05);
        h.active();
        GoalHandle g = h.start(GripperGoal.to(0.0, 4.0));
        double maxSeen = 0.0;
        for (int k = 0; k < 100; k++) {
            h.stepPlant();
            assertEquals(-4.0, h.effortCommand(), "far from the goal the PID saturates at the limit");
            maxSeen = Math.max(maxSeen, Math.abs(h.effortCommand()));
        }
        while (!g.status().isFinal() && h.rig.time() < 20.0) {
            h.stepPlant();
            maxSeen = Math.max(maxSeen, Math.abs(h.effortCommand()));
        }
        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.SUCCEEDED, r.status(), "moving at 0.004 m/s for 10 s never counts as a stall");
        assertTrue(r.reachedGoal());
        assertTrue(h.rig.time() > 9.0, "the limit slowed the finger down: " + h.rig.time());
        assertTrue(Math.abs(r.position()) < 0.01, "within goal_tolerance: " + r.position());
        assertEquals(-4.0, r.effort(), "the effort applied in the last cycle");
        assertEquals(4.0, maxSeen, "never more than the limit");
    }

    @Test
    void closingOnAnObjectStallsOneStallTimeoutAfterContactAndKeepsSqueezing() {
        GripperHarness h = GripperHarness.effort(Map.of());
        h.obstacle = 0.03;
        h.robot.setPosition(0, 0.08);
        h.active();
        GoalHandle g = h.start(GripperGoal.to(0.0));
        while (h.robot.position(0) > 0.03) {
            h.stepPlant();
        }
        double contact = h.rig.time();
        assertTrue(contact > 4.5, "closing at 0.01 m/s took about 5 s: " + contact);
        assertEquals(GoalStatus.EXECUTING, g.status());

        while (h.rig.time() < contact + 0.9) {
            h.stepPlant();
        }
        assertEquals(GoalStatus.EXECUTING, g.status(), "the stall clock starts at contact, not at the goal");
        while (h.rig.time() < contact + 1.1) {
            h.stepPlant();
        }
        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.ABORTED, r.status());
        assertTrue(r.stalled());
        assertEquals(0.03, r.position(), 1e-12);
        assertEquals(-10.0, r.effort(), "pressing with the configured max_effort");
        h.stepsPlant(100);
        assertEquals(-10.0, h.effortCommand(), "the grasp keeps squeezing after the goal ended");
    }

    @Test
    void withAllowStallingTheGraspSucceedsStalled() {
        GripperHarness h = GripperHarness.effort(Map.of("allow_stalling", true));
        h.obstacle = 0.03;
        h.robot.setPosition(0, 0.04);
        h.active();
        GoalHandle g = h.start(GripperGoal.to(0.0, 6.0));
        h.runUntilDone(g, 5.0, true);
        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.SUCCEEDED, r.status());
        assertTrue(r.stalled());
        assertEquals(-6.0, r.effort());
    }

    @Test
    void cancelStopsTheFingerWhereItIs() {
        GripperHarness h = GripperHarness.effort(Map.of());
        h.robot.setPosition(0, 0.08);
        h.active();
        GoalHandle g = h.start(GripperGoal.to(0.0));
        h.stepsPlant(200);
        double before = h.robot.position(0);
        assertTrue(before < 0.065 && before > 0.055, "half way: " + before);

        assertTrue(g.cancel());
        h.stepPlant();
        double held = h.published("command/position");
        assertEquals(before, held, 0.0002, "holds where the finger was at the cancel");
        h.stepsPlant(300);
        assertEquals(held, h.robot.position(0), 0.0005, "and stays there");
        assertTrue(Math.abs(h.effortCommand()) < 0.5, "with little effort: " + h.effortCommand());
    }

    @Test
    void deactivationWritesZeroEffort() {
        GripperHarness h = GripperHarness.effort(Map.of());
        h.active();
        GoalHandle g = h.start(GripperGoal.to(0.05));
        h.stepsPlant(10);
        assertEquals(10.0, h.effortCommand());
        h.entry.deactivate();
        assertEquals(0.0, h.effortCommand());
        assertEquals(GoalStatus.ABORTED, g.status());
    }

    @Test
    void theParallelGripperCommandsEffortWhenAskedTo() {
        GripperHarness h = new GripperHarness(Map.of("command_interface", "effort", "gains.finger.p", 500.0));
        h.robot.setPosition(0, 0.05);
        h.active();
        h.start(GripperGoal.to(0.07, 3.0));
        assertEquals(3.0, h.effortCommand(), "500 × 0.02 clamped to 3");
        assertTrue(Double.isNaN(h.positionCommand()), "the position interface is not commanded");
    }
}
