package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.model.JointLimits;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Goals the joint limits do not allow are refused up front with one line, instead of being clamped by the loop and
 * failing their tolerances midway (what {@code trajectory:move -d 2 jtc 1e308 ...} and {@code -d 1e-9} did).
 */
class GoalLimitsTest {

    /** The FR3's joint 1 and a 1 rad/s joint 2; the others unlimited. */
    private final JtcHarness h = new JtcHarness(Map.of(), Map.of(
            "joint1", new JointLimits(-2.7437, 2.7437, 2.62, 87.0),
            "joint2", new JointLimits(-1.7837, 1.7837, 1.0, 87.0))).active();

    private static double[] at(double joint1, double joint2) {
        return new double[] {joint1, joint2, 0, 0, 0, 0, 0};
    }

    private String refusal(JointTrajectory t) {
        GoalHandle g = h.submit(t);
        assertEquals(GoalStatus.REJECTED, g.status(), () -> String.valueOf(g.result()));
        assertEquals(ResultCode.INVALID_GOAL, g.result().orElseThrow().code());
        return g.result().orElseThrow().message();
    }

    @Test
    void aPositionBeyondAJointsLimitsIsRefusedNamingTheJointAndTheLimits() {
        h.rig.step();
        String m = refusal(JointTrajectory.startingNow(JtcHarness.JOINTS,
                List.of(TrajectoryPoint.positions(2.0, at(1e308, 0)))));
        assertTrue(m.contains("joint joint1 at 1.0E308, outside its limits [-2.7437, 2.7437]"), m);
    }

    @Test
    void aGoalFasterThanTheVelocityLimitIsRefusedWithTheTimeItNeeds() {
        h.rig.step();
        String m = refusal(JointTrajectory.startingNow(JtcHarness.JOINTS,
                List.of(TrajectoryPoint.positions(1e-9, at(0.3, 0)))));
        assertTrue(m.contains("asks joint joint1 to move 0.3 rad from where it is (0.0) in 1.0E-9 s"), m);
        assertTrue(m.contains("its velocity limit is 2.62 rad/s: give it at least 0.115 s"), m);
    }

    @Test
    void aLaterSegmentFasterThanTheLimitIsRefusedToo() {
        h.rig.step();
        String m = refusal(JointTrajectory.startingNow(JtcHarness.JOINTS, List.of(
                TrajectoryPoint.positions(1.0, at(0.0, 0.5)), TrajectoryPoint.positions(1.1, at(0.0, -0.5)))));
        assertTrue(m.contains("Point #1 asks joint joint2 to move 1.0 rad from point #0 in"), m);
    }

    @Test
    void aGoalWithinTheLimitsIsAcceptedAndReachedWithoutAnyCommandBeyondThem() {
        h.rig.step();
        GoalHandle g = h.submit(JointTrajectory.startingNow(JtcHarness.JOINTS,
                List.of(TrajectoryPoint.positions(0.5, at(1.2, 0.4)))));
        assertEquals(GoalStatus.EXECUTING == g.status() || GoalStatus.ACCEPTED == g.status(), true, g.status()::toString);
        double previous = h.positionCommand(0);
        for (int i = 0; i < 200; i++) {
            h.rig.step();
            double now = h.positionCommand(0);
            assertTrue(Math.abs(now - previous) <= 2.62 * h.rig.period() + 1e-9, "joint1 moved " + (now - previous));
            previous = now;
        }
        assertEquals(GoalStatus.SUCCEEDED, g.status(), () -> String.valueOf(g.result()));
    }
}
