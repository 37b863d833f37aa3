package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.jtc.internal.JtcHarness.ramp;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/** The life of a goal, as joint_trajectory_controller.cpp runs it: success, preemption, cancel, deactivation, partial goals, hold. */
class GoalLifecycleTest {

    private static final String PREEMPTED = "Current goal preempted by new incoming action.";

    @Test
    void onActivationItHoldsTheMeasuredPositionWithoutAJump() {
        JtcHarness h = new JtcHarness();
        for (int j = 0; j < 7; j++) {
            h.rig.robot().setPosition(j, 0.3 * (j + 1));
        }
        h.active();
        for (int k = 0; k < 10; k++) {
            h.rig.step();
            for (int j = 0; j < 7; j++) {
                assertEquals(0.3 * (j + 1), h.positionCommand(j), 1e-12);
                assertEquals(0.0, h.published(j, 5), "zero position error");
            }
        }
    }

    @Test
    void aGoalReachedWithinToleranceSucceedsAndItsLastPointIsHeld() {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint1.goal", 0.001)).active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.2)))));
        h.runUntilDone(g, 2.0);
        assertEquals(new GoalResult(GoalStatus.SUCCEEDED, ResultCode.SUCCESSFUL, Outcome.SUCCEEDED.message),
                g.result().orElseThrow());
        h.rig.steps(50);
        for (int j = 0; j < 7; j++) {
            assertEquals(0.2 * (j + 1), h.positionCommand(j), 1e-12);
        }
    }

    @Test
    void aNewGoalPreemptsTheExecutingOneAndContinuesWithoutAJump() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle first = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, ramp(1.0)))));
        h.rig.steps(50);
        double before = h.positionCommand(6);

        GoalHandle second = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0,
                ramp(-0.5)))));

        assertEquals(GoalStatus.ACCEPTED, second.status());
        assertEquals(new GoalResult(GoalStatus.ABORTED, ResultCode.INVALID_GOAL, PREEMPTED),
                first.result().orElseThrow());
        h.rig.step();
        assertEquals(GoalStatus.EXECUTING, second.status());
        assertEquals(before, h.positionCommand(6), 0.04, "the new goal starts where the joints are");
        h.runUntilDone(second, 2.0);
        assertEquals(GoalStatus.SUCCEEDED, second.status());
        assertEquals(-3.5, h.positionCommand(6), 1e-12);
    }

    @Test
    void aGoalReplacedBeforeTheLoopTookItIsPreemptedAndNeverMoves() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle first = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0)))));
        GoalHandle second = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0,
                ramp(0.1)))));
        assertEquals(PREEMPTED, first.result().orElseThrow().message());
        h.runUntilDone(second, 2.0);
        assertEquals(GoalStatus.SUCCEEDED, second.status());
        assertEquals(0.1, h.positionCommand(0), 1e-12);
    }

    @Test
    void cancelEndsTheGoalAndHoldsWhereTheJointsAre() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, ramp(1.0)))));
        h.rig.steps(100);

        assertTrue(g.cancel());
        assertEquals(GoalStatus.CANCELED, g.status());
        h.rig.step();
        double held = h.rig.robot().position(3);
        assertEquals(held, h.positionCommand(3), 1e-12);
        assertTrue(held > 1.5 && held < 2.5, "stopped half way: " + held);
        h.rig.steps(200);
        assertEquals(held, h.positionCommand(3), 1e-12);
        assertFalse(g.cancel(), "a goal that ended cannot be canceled");
        assertEquals(GoalStatus.CANCELED, g.result().orElseThrow().status());
    }

    @Test
    void deactivationAbortsTheGoalAndLeavesThePositionCommandAtTheMeasuredPosition() {
        JtcHarness h = new JtcHarness().active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, ramp(1.0)))));
        h.rig.steps(60);
        h.entry.deactivate();
        assertEquals(GoalStatus.ABORTED, g.status());
        assertEquals(h.rig.robot().position(2), h.positionCommand(2), 1e-12);

        GoalHandle refused = h.goals().submit(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0,
                ramp(0.0)))));
        assertEquals(GoalStatus.REJECTED, refused.status());
        assertEquals(TrajectoryActionServer.NOT_RUNNING, refused.result().orElseThrow().message());
    }

    @Test
    void partialGoalsMoveTheNamedJointsAndHoldTheOthers() {
        JtcHarness h = new JtcHarness(Map.of("allow_partial_joints_goal", true));
        for (int j = 0; j < 7; j++) {
            h.rig.robot().setPosition(j, 0.1 * (j + 1));
        }
        h.active();
        GoalHandle g = h.start(TrajectoryGoal.of(JointTrajectory.startingNow(List.of("joint5", "joint2"),
                List.of(TrajectoryPoint.positions(1.0, 0.9, -0.4)))));
        for (int k = 0; k < 150; k++) {
            h.rig.step();
            assertEquals(0.1, h.positionCommand(0), 1e-12);
            assertEquals(0.7, h.positionCommand(6), 1e-12);
        }
        assertEquals(GoalStatus.SUCCEEDED, g.status());
        assertEquals(0.9, h.positionCommand(4), 1e-12);
        assertEquals(-0.4, h.positionCommand(1), 1e-12);
    }

    @Test
    void feedbackShowsDesiredActualAndErrorWhileTheGoalExecutes() throws Exception {
        JtcHarness h = new JtcHarness().active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0)))));
        h.rig.steps(50);
        TrajectoryFeedback f = g.feedback().orElseThrow();
        assertEquals(JtcHarness.JOINTS, f.jointNames());
        assertEquals(f.desiredPositions()[1] - f.actualPositions()[1], f.errorPositions()[1], 1e-12);
        assertTrue(f.desiredPositions()[1] > 0.9 && f.desiredPositions()[1] < 1.1, "half way to 2.0");
        h.runUntilDone(g, 2.0);
        assertTrue(g.feedback().isEmpty());
        assertEquals(GoalStatus.SUCCEEDED, g.awaitResult(Duration.ofMillis(1)).status());
    }

    @Test
    void theStateChannelNamesSevenFieldsPerJoint() {
        JtcHarness h = new JtcHarness().active();
        List<String> fields = h.state().fields();
        assertEquals(49, fields.size());
        assertEquals(List.of("joint1/desired/position", "joint1/desired/velocity", "joint1/desired/acceleration",
                "joint1/actual/position", "joint1/actual/velocity", "joint1/error/position", "joint1/error/velocity"),
                fields.subList(0, 7));
        long before = h.state().publications();
        h.rig.steps(4);
        assertEquals(before + 4, h.state().publications());
    }
}
