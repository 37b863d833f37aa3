package org.robocell.motion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.motion.PlanningException.Reason;

class PtpTest {

    private final MotionPlanner kr6 = Robots.kr6Planner();
    private final double[] goal = { 0.8, -1.2, 1.9, -0.5, 1.1, 2.0 };

    @Test
    void ptpEndsOnTheGoalWithEveryJointArrivingAtTheSameTime() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT)));
        assertArrayEquals(goal, plan.goal(), 1e-12);
        double[] q = new double[6];
        // every joint covers the same fraction of its way at every sample: one normalised profile
        for (int k = 0; k < plan.samples(); k++) {
            plan.sample(k * plan.sampleTime(), q);
            double fraction = Double.NaN;
            for (int j = 0; j < 6; j++) {
                double f = (q[j] - Robots.KR6_HOME[j]) / (goal[j] - Robots.KR6_HOME[j]);
                if (Double.isNaN(fraction)) {
                    fraction = f;
                }
                assertEquals(fraction, f, 1e-9, "joint " + j + " at sample " + k);
            }
        }
        // and each starts moving in the first interval and stops only at the very end
        double[] dq = new double[6];
        plan.velocity(plan.duration() - plan.sampleTime() * 1.5, dq);
        for (int j = 0; j < 6; j++) {
            assertTrue(Math.abs(dq[j]) > 0, "joint " + j + " still moves one sample before the end");
        }
    }

    @Test
    void ptpNeverExceedsAJointsVelocityOrAccelerationLimitAndTheLeadingJointReachesOne() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT)));
        double[] velocityLimits = { 6.283185307179586, 5.235987755982989, 6.283185307179586, 6.649704450098396,
                6.771877497737998, 10.733774899765127 };
        double acceleration = PlannerSettings.DEFAULT.defaultJointAcceleration();
        double[][] rows = Tables.rows(plan);
        double dt = plan.sampleTime();
        double highestVelocityShare = 0;
        double highestAccelerationShare = 0;
        for (int k = 0; k + 1 < rows.length; k++) {
            for (int j = 0; j < 6; j++) {
                double v = Math.abs(rows[k + 1][j] - rows[k][j]) / dt;
                assertTrue(v <= velocityLimits[j] * (1 + 1e-9), "joint " + j + " at " + v + " rad/s");
                highestVelocityShare = Math.max(highestVelocityShare, v / velocityLimits[j]);
                if (k > 0) {
                    double a = Math.abs(rows[k + 1][j] - 2 * rows[k][j] + rows[k - 1][j]) / (dt * dt);
                    assertTrue(a <= acceleration * (1 + 1e-9), "joint " + j + " at " + a + " rad/s²");
                    highestAccelerationShare = Math.max(highestAccelerationShare, a / acceleration);
                }
            }
        }
        // the planner uses the limits, not a timid fraction of them
        assertTrue(highestVelocityShare > 0.9 || highestAccelerationShare > 0.9,
                "velocity share " + highestVelocityShare + ", acceleration share " + highestAccelerationShare);
    }

    @Test
    void ptpWithHalfTheScalingTakesLonger() throws PlanningException {
        Plan full = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT)));
        Plan half = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal,
                MotionParameters.DEFAULT.withScaling(0.5, 0.5))));
        assertTrue(half.duration() > 1.4 * full.duration(), half.duration() + " vs " + full.duration());
    }

    @Test
    void ptpWithAMoveTimeTakesThatLong() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(goal,
                MotionParameters.DEFAULT.withMoveTime(3.0))));
        assertEquals(3.0, plan.duration(), plan.sampleTime());
        assertArrayEquals(goal, plan.goal(), 1e-12);
    }

    @Test
    void aMoveTimeTheLimitsCannotMeetIsRefusedWithTheShortestThatWorks() {
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT.withMoveTime(0.1)))));
        assertEquals(Reason.JOINT_VELOCITY_LIMIT, e.reason());
        assertEquals(0, e.primitive());
        assertTrue(e.getMessage().startsWith("PTP #1 move_time 0.1000 s is too short for joint joint_a6 to move 2.0000 rad"), e.getMessage());
        assertTrue(e.getMessage().contains("give it at least"), e.getMessage());
    }

    @Test
    void aGoalOutsideAJointsRangeIsRefusedBeforeMotion() {
        double[] beyond = goal.clone();
        beyond[1] = 1.0; // joint_a2 upper limit is 0.785
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Ptp(beyond, MotionParameters.DEFAULT))));
        assertEquals(Reason.JOINT_POSITION_LIMIT, e.reason());
        assertEquals("PTP #1 puts joint joint_a2 at 1.0000, outside its limits [-3.3161, 0.7854]", e.getMessage());
    }

    @Test
    void aGoalWithTheWrongNumberOfJointsOrANaNIsRefused() {
        PlanningException count = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Ptp(new double[] { 0, 0, 0 }, MotionParameters.DEFAULT))));
        assertEquals(Reason.INVALID_PRIMITIVE, count.reason());
        assertTrue(count.getMessage().startsWith("PTP #1 gives 3 joint positions; the robot's chain to tool0 has 6"),
                count.getMessage());
        double[] nan = goal.clone();
        nan[3] = Double.NaN;
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Ptp(nan, MotionParameters.DEFAULT))));
        assertEquals("PTP #1 joint joint_a4 goal is NaN, not a finite number", e.getMessage());
    }

    @Test
    void aScalingOutsideZeroToOneIsRefused() {
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT.withScaling(1.5, Double.NaN)))));
        assertEquals("PTP #1 velocity scaling must be in (0, 1], got 1.5", e.getMessage());
    }

    @Test
    void planningIsDeterministic() throws PlanningException {
        List<Primitive> request = List.of(new Primitive.Ptp(goal, MotionParameters.DEFAULT));
        double[][] a = Tables.rows(kr6.plan(Robots.KR6_HOME, request));
        double[][] b = Tables.rows(Robots.kr6Planner().plan(Robots.KR6_HOME, request));
        assertEquals(a.length, b.length);
        for (int k = 0; k < a.length; k++) {
            assertArrayEquals(a[k], b[k], 0.0);
        }
    }

    @Test
    void aPtpToWhereTheRobotIsTakesNoTime() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Ptp(Robots.KR6_HOME, MotionParameters.DEFAULT)));
        assertEquals(0.0, plan.duration());
        assertArrayEquals(Robots.KR6_HOME, plan.goal(), 0.0);
    }
}
