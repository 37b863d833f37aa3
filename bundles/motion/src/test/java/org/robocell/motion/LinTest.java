package org.robocell.motion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.motion.PlanningException.Reason;

class LinTest {

    /** The bound the planner states for LIN and CIRC: the tool within 0.1 mm of the path. */
    static final double PATH_TOLERANCE = 1e-4;

    @Test
    void linKeepsTheToolOnTheStraightLineWithinATenthOfAMillimetreAndTheOrientationOnTheSlerp()
            throws PlanningException {
        for (MotionPlanner planner : List.of(Robots.kr6Planner(), Robots.fr3Planner())) {
            double[] start = planner.jointNames().size() == 6 ? Robots.KR6_HOME : Robots.FR3_READY;
            CartesianPose from = planner.toolPose(start);
            // 0.25 m diagonally, turning 0.4 rad about z on the way
            CartesianPose turned = turnedAboutZ(from, 0.4);
            CartesianPose goal = Robots.shifted(turned, 0.1, 0.15, -0.17);
            Plan plan = planner.plan(start, List.of(new Primitive.Lin(goal, MotionParameters.DEFAULT)));
            double[] a = Robots.position(from);
            double[] b = Robots.position(goal);
            double[] q = new double[start.length];
            double worstLine = 0;
            double worstSlerp = 0;
            double lastFraction = 0;
            // between samples too: the loop may run at another phase than the samples
            for (double t = 0; t <= plan.duration(); t += plan.sampleTime() / 3) {
                plan.sample(t, q);
                CartesianPose at = planner.toolPose(q);
                double[] p = Robots.position(at);
                worstLine = Math.max(worstLine, Tables.distanceFromLine(p, a, b));
                double u = Tables.fractionAlong(p, a, b);
                assertTrue(u >= lastFraction - 1e-9, "the tool goes back along the line at t=" + t);
                lastFraction = u;
                worstSlerp = Math.max(worstSlerp, Tables.angleBetween(Tables.slerp(from, goal, u), at));
            }
            assertTrue(worstLine <= PATH_TOLERANCE, planner.tipLink() + " leaves the line by " + worstLine + " m");
            assertTrue(worstSlerp <= 1e-3, planner.tipLink() + " leaves the slerp by " + worstSlerp + " rad");
            plan.sample(plan.duration(), q);
            CartesianPose end = planner.toolPose(q);
            assertTrue(end.distanceTo(goal) < 1e-6 && end.angleTo(goal) < 1e-5, "ends at " + end + ", not " + goal);
        }
    }

    @Test
    void linStaysWithinTheCartesianSpeedItWasGiven() throws PlanningException {
        MotionPlanner kr6 = Robots.kr6Planner();
        CartesianPose from = kr6.toolPose(Robots.KR6_HOME);
        CartesianPose goal = Robots.shifted(from, 0.15, 0, 0.1);
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(new Primitive.Lin(goal,
                MotionParameters.DEFAULT.withScaling(0.1, 0.5))));
        double[] q = new double[6];
        double[] last = null;
        double fastest = 0;
        for (int k = 0; k < plan.samples(); k++) {
            plan.sample(k * plan.sampleTime(), q);
            double[] p = Robots.position(kr6.toolPose(q));
            if (last != null) {
                fastest = Math.max(fastest, Tables.distance(p, last) / plan.sampleTime());
            }
            last = p;
        }
        assertTrue(fastest <= 0.1 * 1.0 * (1 + 1e-6), "the tool moved at " + fastest + " m/s");
        assertTrue(fastest > 0.099, "0.1 of 1 m/s is reached on 0.18 m: " + fastest);
    }

    @Test
    void aGoalOutOfReachIsRefusedBeforeMotionNamingWhereThePathLeavesTheWorkspace() {
        MotionPlanner kr6 = Robots.kr6Planner();
        CartesianPose from = kr6.toolPose(Robots.KR6_HOME);
        CartesianPose far = Robots.shifted(from, 1.5, 0, 0);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(new Primitive.Lin(far, MotionParameters.DEFAULT))));
        assertEquals(Reason.UNREACHABLE, e.reason());
        assertTrue(e.getMessage().startsWith("LIN #1 leaves the robot's reach at "), e.getMessage());
        assertTrue(e.getMessage().contains("no joint solution within the joint limits puts tool0 there"),
                e.getMessage());
    }

    @Test
    void aLinThroughTheWristSingularityIsRefusedBeforeMotion() {
        MotionPlanner kr6 = Robots.kr6Planner();
        // a5 from +0.3 to -0.3 rad with a4 = a6 = 0: the straight path turns the wrist through a5 = 0
        double[] start = { 0, -Math.PI / 2, Math.PI / 2, 0, 0.3, 0 };
        double[] end = { 0, -Math.PI / 2, Math.PI / 2, 0, -0.3, 0 };
        CartesianPose goal = kr6.toolPose(end);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(start,
                List.of(new Primitive.Lin(goal, MotionParameters.DEFAULT.withScaling(0.1, 0.1)))));
        assertTrue(e.reason() == Reason.SINGULARITY || e.reason() == Reason.JOINT_VELOCITY_LIMIT,
                e.reason() + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("LIN #1 "), e.getMessage());
    }

    static CartesianPose turnedAboutZ(CartesianPose p, double angle) {
        double c = Math.cos(angle / 2), s = Math.sin(angle / 2);
        // world-frame rotation about z, then the pose's own orientation: q' = qz * q
        double x = c * p.qx() - s * p.qy();
        double y = c * p.qy() + s * p.qx();
        double z = c * p.qz() + s * p.qw();
        double w = c * p.qw() - s * p.qz();
        return new CartesianPose(p.x(), p.y(), p.z(), x, y, z, w);
    }
}
