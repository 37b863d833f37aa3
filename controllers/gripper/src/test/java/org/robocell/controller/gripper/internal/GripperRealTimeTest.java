package org.robocell.controller.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GoalStatus;
import org.robocell.api.gripper.GripperGoal;
import org.robocell.controller.testkit.AllocationMeter;

/** The loop side allocates nothing, and goals handed over from another thread are never lost. */
class GripperRealTimeTest {

    private static final int CYCLES = 1000;

    /**
     * Each measured attempt: the loop takes a closing goal, drives the PID for five seconds until the finger meets
     * the object, detects the stall, ends the goal and keeps squeezing. The goal is submitted before the measurement
     * (submission is off the loop and allocates).
     */
    @Test
    void executingAGoalUntilItStallsAllocatesNothing() {
        GripperHarness h = GripperHarness.effort(Map.of("max_effort_interface", "set_gripper_max_effort"));
        h.obstacle = 0.03;
        h.robot.setPosition(0, 0.08);
        h.active();
        for (int round = 0; round < 3; round++) {
            grasp(h);
        }
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            open(h);
            GoalHandle close = h.submit(GripperGoal.to(0.0, 10.0 - 0.25 * attempt));
            long published = h.state().publications();
            long bytes = AllocationMeter.bytesOf(() -> h.stepsPlant(CYCLES));

            assertEquals(published + CYCLES, h.state().publications());
            assertEquals(GoalStatus.ABORTED, close.status(), "the measured cycles took the goal and ended it");
            assertTrue(close.result().orElseThrow().stalled());
            assertEquals(10.0 - 0.25 * attempt, h.table.commandValue(GripperHarness.MAX_EFFORT));
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in " + CYCLES + " cycles");
    }

    private static void grasp(GripperHarness h) {
        open(h);
        GoalHandle close = h.submit(GripperGoal.to(0.0));
        h.runUntilDone(close, 10.0, true);
        assertEquals(GoalStatus.ABORTED, close.status());
    }

    private static void open(GripperHarness h) {
        GoalHandle open = h.submit(GripperGoal.to(0.08));
        h.runUntilDone(open, 10.0, true);
        assertEquals(GoalStatus.SUCCEEDED, open.status());
    }

    /**
     * A thread submits goals as fast as it can while the loop steps: every goal but the last ends (preempted, or
     * reached if the loop got to it), none is left executing, and the loop ends up at the last goal.
     */
    @Test
    void goalsSubmittedFromAnotherThreadAreNeverLost() throws Exception {
        GripperHarness h = new GripperHarness().active();
        int goals = 2000;
        List<GoalHandle> handles = new ArrayList<>(goals);
        AtomicBoolean done = new AtomicBoolean();
        Thread submitter = new Thread(() -> {
            for (int i = 0; i < goals; i++) {
                handles.add(h.submit(GripperGoal.to(0.001 * (i % 80))));
            }
            done.set(true);
        }, "gripper-goal-submitter");
        submitter.start();
        while (!done.get()) {
            h.step();
        }
        submitter.join();
        h.steps(3);

        GoalHandle last = handles.get(goals - 1);
        assertEquals(GoalStatus.SUCCEEDED, last.status());
        assertEquals(0.001 * ((goals - 1) % 80), h.positionCommand());
        for (GoalHandle g : handles.subList(0, goals - 1)) {
            GoalStatus s = g.status();
            assertTrue(s == GoalStatus.CANCELED || s == GoalStatus.SUCCEEDED, g + " ended " + s);
        }
    }
}
