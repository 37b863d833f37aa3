package org.robocell.motion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.motion.PlanningException.Reason;

class CircTest {

    private final MotionPlanner kr6 = Robots.kr6Planner();
    private final CartesianPose from = kr6.toolPose(Robots.KR6_HOME);

    @Test
    void circThroughAViaPointStaysOnItsCircleAndPassesTheViaPoint() throws PlanningException {
        // a half circle of radius 0.1 m in the x-y plane: start, via at a quarter, goal at the far side
        CartesianPose via = Robots.shifted(from, 0.1, 0.1, 0);
        CartesianPose goal = Robots.shifted(from, 0.2, 0, 0);
        double[] center = { from.x() + 0.1, from.y(), from.z() };
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(Primitive.Circ.via(via, goal, MotionParameters.DEFAULT)));
        assertOnCircle(plan, center, 0.1, Robots.position(via));
        double[] q = new double[6];
        plan.sample(plan.duration(), q);
        assertTrue(kr6.toolPose(q).distanceTo(goal) < 1e-6);
    }

    @Test
    void circAboutACentreTakesTheShorterArc() throws PlanningException {
        CartesianPose center = Robots.shifted(from, 0, 0, -0.1);
        CartesianPose goal = Robots.shifted(from, 0.1, 0, -0.1);
        Plan plan = kr6.plan(Robots.KR6_HOME, List.of(Primitive.Circ.center(center, goal,
                MotionParameters.DEFAULT)));
        // the quarter circle from above the centre to beside it passes 45° between them
        double s = Math.sqrt(0.5) * 0.1;
        assertOnCircle(plan, Robots.position(center), 0.1,
                new double[] { center.x() + s, center.y(), center.z() + s });
    }

    @Test
    void threePointsOnOneLineAreRefusedAsNoCircle() {
        CartesianPose via = Robots.shifted(from, 0.05, 0, 0);
        CartesianPose goal = Robots.shifted(from, 0.1, 0, 0);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(Primitive.Circ.via(via, goal, MotionParameters.DEFAULT))));
        assertEquals(Reason.INVALID_CIRCLE, e.reason());
        assertTrue(e.getMessage().startsWith("CIRC #1: the start, the via point and the goal lie on one line"),
                e.getMessage());
    }

    @Test
    void aCentreNotEquallyFarFromStartAndGoalIsRefused() {
        CartesianPose center = Robots.shifted(from, 0, 0, -0.1);
        CartesianPose goal = Robots.shifted(from, 0.12, 0, -0.1);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                List.of(Primitive.Circ.center(center, goal, MotionParameters.DEFAULT))));
        assertEquals(Reason.INVALID_CIRCLE, e.reason());
        assertTrue(e.getMessage().contains("the start is 0.1000 m from the centre"), e.getMessage());
        assertTrue(e.getMessage().contains("and the goal 0.1200 m: not one circle"), e.getMessage());
    }

    private void assertOnCircle(Plan plan, double[] center, double radius, double[] passes) {
        double[] q = new double[6];
        double worst = 0;
        double closestToPoint = Double.POSITIVE_INFINITY;
        double[] last = null;
        for (double t = 0; t <= plan.duration(); t += plan.sampleTime() / 3) {
            plan.sample(t, q);
            double[] p = Robots.position(kr6.toolPose(q));
            worst = Math.max(worst, Math.abs(Tables.distance(p, center) - radius));
            if (last != null) {
                closestToPoint = Math.min(closestToPoint, Tables.distanceFromSegment(passes, last, p));
            }
            last = p;
        }
        assertTrue(worst <= LinTest.PATH_TOLERANCE, "the tool leaves the circle by " + worst + " m");
        assertTrue(closestToPoint <= LinTest.PATH_TOLERANCE, "the arc misses " + java.util.Arrays.toString(passes)
                + " by " + closestToPoint + " m");
    }
}
