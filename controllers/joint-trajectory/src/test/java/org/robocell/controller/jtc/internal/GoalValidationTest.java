package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.jtc.internal.JtcHarness.all;
import static org.robocell.controller.jtc.internal.JtcHarness.ramp;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Every reason a goal is refused (joint_trajectory_controller.cpp validate_trajectory_msg), and that a refused goal
 * leaves the running one alone.
 */
class GoalValidationTest {

    private final JtcHarness h = new JtcHarness(Map.of("max_points", 5)).active();

    private GoalResult rejection(JointTrajectory trajectory) {
        GoalHandle g = h.submit(trajectory);
        assertEquals(GoalStatus.REJECTED, g.status());
        return g.result().orElseThrow();
    }

    private void assertRejected(JointTrajectory trajectory, ResultCode code, String reason) {
        GoalResult r = rejection(trajectory);
        assertEquals(code, r.code());
        assertTrue(r.message().contains(reason), r.message());
    }

    @Test
    void wrongJointCountWithPartialGoalsDisabled() {
        assertRejected(JointTrajectory.startingNow(List.of("joint1"), List.of(TrajectoryPoint.positions(1.0, 0.1))),
                ResultCode.INVALID_JOINTS, "don't match the controller joints");
    }

    @Test
    void unknownJoint() {
        List<String> names = new ArrayList<>(JtcHarness.JOINTS);
        names.set(3, "elbow");
        assertRejected(JointTrajectory.startingNow(names, List.of(TrajectoryPoint.positions(1.0, all(0.1)))),
                ResultCode.INVALID_JOINTS, "Incoming joint elbow doesn't match");
    }

    @Test
    void emptyJointNames() {
        assertRejected(JointTrajectory.startingNow(List.of(), List.of()), ResultCode.INVALID_JOINTS,
                "Empty joint names");
    }

    @Test
    void emptyPoints() {
        assertRejected(trajectory(), ResultCode.INVALID_GOAL, "Empty trajectory");
    }

    @Test
    void timesNotStrictlyIncreasing() {
        assertRejected(trajectory(TrajectoryPoint.positions(1.0, all(0.1)), TrajectoryPoint.positions(1.0, all(0.2))),
                ResultCode.INVALID_GOAL, "not strictly increasing");
    }

    @Test
    void nonZeroVelocityAtTheLastPoint() {
        assertRejected(trajectory(TrajectoryPoint.positionsVelocities(1.0, all(0.1), all(0.01))),
                ResultCode.INVALID_GOAL, "Velocity of last trajectory point of joint joint1 is not zero");
    }

    @Test
    void nonZeroVelocityAtTheEndIsAllowedWhenConfigured() {
        JtcHarness allowing = new JtcHarness(Map.of("allow_nonzero_velocity_at_trajectory_end", true)).active();
        GoalHandle g = allowing.submit(trajectory(TrajectoryPoint.positionsVelocities(1.0, all(0.1), all(0.01))));
        assertEquals(GoalStatus.ACCEPTED, g.status());
    }

    @Test
    void aNonZeroStartTimeWhoseEndIsInThePast() {
        h.rig.steps(300);
        assertRejected(new JointTrajectory(1.0, JtcHarness.JOINTS, List.of(TrajectoryPoint.positions(1.0, all(0.1)))),
                ResultCode.OLD_HEADER_TIMESTAMP, "ends in the past");
    }

    @Test
    void effortWithoutAnEffortCommandInterface() {
        assertRejected(trajectory(TrajectoryPoint.positions(1.0, all(0.1)).withEfforts(all(1.0))),
                ResultCode.INVALID_GOAL, "no effort command interface");
    }

    @Test
    void fieldSizesThatDoNotMatchTheJointNames() {
        assertRejected(trajectory(TrajectoryPoint.positions(1.0, 0.1, 0.2)), ResultCode.INVALID_GOAL,
                "Mismatch between joint_names size (7) and positions (2) at point #0");
        assertRejected(trajectory(TrajectoryPoint.positionsVelocities(1.0, all(0.1), new double[] { 0.0 })),
                ResultCode.INVALID_GOAL, "velocities (1)");
    }

    @Test
    void pointsThatDifferInTheirFields() {
        assertRejected(trajectory(TrajectoryPoint.positionsVelocities(1.0, all(0.1), all(0.0)),
                TrajectoryPoint.positions(2.0, all(0.2))), ResultCode.INVALID_GOAL, "same fields");
    }

    @Test
    void nonFiniteValues() {
        double[] p = all(0.1);
        p[2] = Double.NaN;
        assertRejected(trajectory(TrajectoryPoint.positions(1.0, p)), ResultCode.INVALID_GOAL, "non-finite");
    }

    @Test
    void moreThanMaxPoints() {
        TrajectoryPoint[] points = new TrajectoryPoint[6];
        for (int k = 0; k < points.length; k++) {
            points[k] = TrajectoryPoint.positions(k + 1, all(0.1));
        }
        assertRejected(trajectory(points), ResultCode.INVALID_GOAL, "more than max_points (5)");
    }

    @Test
    void anyGoalWhileInactive() {
        JtcHarness inactive = new JtcHarness();
        inactive.entry.configure();
        GoalHandle g = inactive.submit(trajectory(TrajectoryPoint.positions(1.0, all(0.1))));
        assertEquals(new GoalResult(GoalStatus.REJECTED, ResultCode.INVALID_GOAL,
                TrajectoryActionServer.NOT_RUNNING), g.result().orElseThrow());
    }

    @Test
    void aRejectedGoalDoesNotDisturbTheExecutingOne() {
        GoalHandle running = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.5)))));
        rejection(trajectory());
        assertEquals(GoalStatus.EXECUTING, running.status());
        h.runUntilDone(running, 2.0);
        assertEquals(GoalStatus.SUCCEEDED, running.status());
    }
}
