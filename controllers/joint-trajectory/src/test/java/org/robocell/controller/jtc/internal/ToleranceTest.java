package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.jtc.internal.JtcHarness.ramp;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTolerance;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Tolerance aborts, the 0 / -1 / invalid conventions and goal_time, as ros2_controllers'
 * joint_trajectory_controller/include/joint_trajectory_controller/tolerances.hpp has them.
 */
class ToleranceTest {

    @Test
    void aPathToleranceViolationAbortsAndHoldsTheMeasuredPosition() {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint3.trajectory", 0.05)).active();
        h.rig.robot().freeze(2);
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(2.0, ramp(1.0)))));
        h.runUntilDone(g, 3.0);

        GoalResult r = g.result().orElseThrow();
        assertEquals(GoalStatus.ABORTED, r.status());
        assertEquals(ResultCode.PATH_TOLERANCE_VIOLATED, r.code());
        assertTrue(r.message().contains("joint3"), r.message());
        assertTrue(h.rig.time() < 0.2, "aborted as soon as joint3 fell 0.05 behind, at " + h.rig.time());
        double[] held = new double[7];
        for (int j = 0; j < 7; j++) {
            held[j] = h.rig.robot().position(j);
        }
        h.rig.steps(100);
        assertEquals(0.0, h.positionCommand(2), 1e-12);
        for (int j = 0; j < 7; j++) {
            assertEquals(held[j], h.positionCommand(j), 1e-12, "joint" + (j + 1) + " holds");
        }
    }

    @Test
    void outsideTheGoalToleranceAfterGoalTimeTheGoalAborts() {
        JtcHarness h = new JtcHarness(Map.of("constraints.goal_time", 0.5, "constraints.joint2.goal", 0.01)).active();
        double t0 = h.rig.time();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.5)))));
        h.rig.stepUntil(t0 + 0.5);
        h.rig.robot().freeze(1);
        h.rig.stepUntil(t0 + 1.45);
        assertEquals(GoalStatus.EXECUTING, g.status(), "goal_time has not passed yet");
        h.rig.stepUntil(t0 + 1.6);
        GoalResult r = g.result().orElseThrow();
        assertEquals(ResultCode.GOAL_TOLERANCE_VIOLATED, r.code());
        assertTrue(r.message().contains("joint2"), r.message());
        h.rig.step();
        assertEquals(h.rig.robot().position(1), h.positionCommand(1), 1e-12, "holds the measured position");
    }

    @Test
    void withGoalTimeZeroTheControllerWaitsForeverForTheGoalTolerance() {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint2.goal", 0.01)).active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.5)))));
        h.rig.steps(50);
        h.rig.robot().freeze(1);
        h.rig.steps(1000);
        assertEquals(GoalStatus.EXECUTING, g.status());
    }

    @Test
    void theStoppedVelocityToleranceKeepsAMovingJointFromSucceeding() {
        JtcHarness h = new JtcHarness(Map.of("constraints.goal_time", 0.2)).active();
        GoalHandle g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.5)))));
        h.rig.steps(50);
        h.rig.robot().freeze(0);
        h.rig.robot().setVelocity(0, 0.5);
        h.runUntilDone(g, 2.0);
        assertEquals(ResultCode.GOAL_TOLERANCE_VIOLATED, g.result().orElseThrow().code());
    }

    /** Default path tolerance 0.05 on joint1, which does not move: the goal's value decides what is checked. */
    @ParameterizedTest(name = "goal path tolerance {0} → {1}")
    @CsvSource({ "0, ABORTED", "-1, SUCCEEDED", "-2, ABORTED", "10, SUCCEEDED" })
    void goalPathToleranceZeroKeepsTheDefaultMinusOneDisablesOtherNegativesAreInvalid(double tolerance,
            GoalStatus expected) {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint1.trajectory", 0.05)).active();
        h.rig.robot().freeze(0);
        GoalHandle g = h.start(new TrajectoryGoal(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0))),
                List.of(JointTolerance.position("joint1", tolerance)), List.of(), 0.0));
        h.runUntilDone(g, 2.0);
        assertEquals(expected, g.status());
    }

    /** Default goal tolerance 0.01 on joint2 with goal_time 0.3; joint2 stops half way. */
    @ParameterizedTest(name = "goal tolerance {0} → {1}")
    @CsvSource({ "0, ABORTED", "-1, SUCCEEDED", "-3, ABORTED", "5, SUCCEEDED" })
    void goalToleranceFollowsTheSameConventions(double tolerance, GoalStatus expected) {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint2.goal", 0.01, "constraints.goal_time", 0.3))
                .active();
        GoalHandle g = h.start(new TrajectoryGoal(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0))), List.of(),
                List.of(JointTolerance.position("joint2", tolerance)), 0.0));
        h.rig.steps(50);
        h.rig.robot().freeze(1);
        h.runUntilDone(g, 3.0);
        assertEquals(expected, g.status());
    }

    @Test
    void aGoalTimeToleranceOfTheGoalOverridesTheDefault() {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint2.goal", 0.01)).active();
        double t0 = h.rig.time();
        GoalHandle g = h.start(new TrajectoryGoal(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0))), List.of(),
                List.of(), 0.25));
        h.rig.steps(50);
        h.rig.robot().freeze(1);
        h.runUntilDone(g, 3.0);
        assertEquals(ResultCode.GOAL_TOLERANCE_VIOLATED, g.result().orElseThrow().code());
        assertEquals(1.25, h.rig.time() - t0, 0.03);
    }
}
