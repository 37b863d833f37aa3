package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.jtc.internal.JtcHarness.all;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/** Handing goals from other threads to the loop: where each goal starts, and goals that end before they start. */
class GoalHandOffTest {

    @Test
    void aGoalCanceledBeforeTheLoopTookItNeverMoves() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle g = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(0.5, all(1.0)))));
        assertTrue(g.cancel());
        h.rig.steps(100);
        assertEquals(GoalStatus.CANCELED, g.status());
        assertEquals(0.0, h.positionCommand(0), 0.0);
    }

    @Test
    void cancelingTheReplacementOfARunningGoalBeforeItStartsStopsTheRobot() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle first = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, all(1.0)))));
        h.rig.steps(50);
        GoalHandle second = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, all(-1.0)))));
        second.cancel();
        h.rig.step();
        double held = h.positionCommand(0);
        h.rig.steps(100);
        assertEquals(GoalStatus.ABORTED, first.status());
        assertEquals(GoalStatus.CANCELED, second.status());
        assertEquals(held, h.positionCommand(0), 0.0, "neither the preempted nor the canceled trajectory runs on");
    }

    @Test
    void aTrajectoryThatEndedBeforeTheLoopTookItIsAbortedAndNothingMoves() {
        JtcHarness h = new JtcHarness().active();
        h.rig.steps(10);
        double lastUpdate = h.rig.time() - h.rig.period();
        double end = lastUpdate + h.rig.period() / 2;
        GoalHandle g = h.goals().submit(TrajectoryGoal.of(new JointTrajectory(end - 1.0, JtcHarness.JOINTS,
                List.of(TrajectoryPoint.positions(1.0, all(1.0))))));
        assertEquals(GoalStatus.ACCEPTED, g.status(), "it still ended in the future when submitted");
        h.rig.steps(10);
        assertEquals(ResultCode.OLD_HEADER_TIMESTAMP, g.result().orElseThrow().code());
        assertEquals(0.0, h.positionCommand(0), 0.0);
    }

    @Test
    void deactivationAbortsAGoalTheLoopHasNotTakenYet() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle g = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(0.5, all(1.0)))));
        h.entry.deactivate();
        assertEquals(GoalStatus.ABORTED, g.status());
        assertEquals(ResultCode.INVALID_GOAL, g.result().orElseThrow().code());
        h.entry.activate();
        h.rig.steps(100);
        assertEquals(0.0, h.positionCommand(0), 0.0, "the aborted goal does not run after reactivation");
    }

    @Test
    void aNewGoalStartsFromTheMeasuredStateByDefault() {
        JtcHarness h = new JtcHarness().active();
        h.rig.robot().freeze(0);
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, all(1.0)))));
        h.rig.steps(100);
        h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, all(1.0)))));
        h.rig.step();
        assertEquals(0.0, h.positionCommand(0), 1e-12, "joint1 measures 0.0");
    }

    @Test
    void withInterpolateFromDesiredStateANewGoalStartsFromTheLastDesiredState() {
        JtcHarness h = new JtcHarness(Map.of("interpolate_from_desired_state", true)).active();
        h.rig.robot().freeze(0);
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, all(1.0)))));
        h.rig.steps(100);
        double desired = h.positionCommand(0);
        h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, all(1.0)))));
        h.rig.step();
        assertEquals(desired, h.positionCommand(0), 1e-12);
        assertTrue(desired > 0.45, "desired had moved on: " + desired);
    }

    /**
     * Every goal moves all seven joints alike, so at every cycle all seven commands must be equal; a buffer that the
     * submitting thread overwrote while the loop read it would break that.
     */
    @Test
    void goalsSubmittedFromAnotherThreadWhileTheLoopRunsArriveIntact() throws Exception {
        JtcHarness h = new JtcHarness().active();
        int goals = 3000;
        List<GoalHandle> handles = Collections.synchronizedList(new ArrayList<>());
        Thread submitter = new Thread(() -> {
            for (int k = 1; k <= goals; k++) {
                double target = 0.001 * k;
                handles.add(h.goals().submit(TrajectoryGoal.of(trajectory(
                        TrajectoryPoint.positions(0.1, all(target / 2)), TrajectoryPoint.positions(0.2, all(target))))));
            }
        });
        submitter.start();
        int cycles = 0;
        while (submitter.isAlive() || cycles < 10) {
            h.rig.step();
            cycles++;
            for (int j = 1; j < 7; j++) {
                assertEquals(h.positionCommand(0), h.positionCommand(j), 0.0, "cycle " + cycles);
            }
        }
        submitter.join();
        GoalHandle last = handles.get(goals - 1);
        h.runUntilDone(last, 1.0);
        assertEquals(GoalStatus.SUCCEEDED, last.status());
        assertEquals(0.001 * goals, h.positionCommand(6), 1e-12);
        for (GoalHandle g : handles.subList(0, goals - 1)) {
            assertTrue(g.status() == GoalStatus.SUCCEEDED
                    || (g.status() == GoalStatus.ABORTED && g.result().orElseThrow().message().contains("preempted")),
                    g + " " + g.result());
        }
    }
}
