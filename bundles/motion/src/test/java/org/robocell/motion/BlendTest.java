package org.robocell.motion;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.motion.PlanningException.Reason;

class BlendTest {

    /** What the planner states: inside the blend sphere at every sample; between samples this adds at most this. */
    static final double BETWEEN_SAMPLES = 1e-4;

    private final MotionPlanner kr6 = Robots.kr6Planner();
    private final CartesianPose home = kr6.toolPose(Robots.KR6_HOME);
    private final MotionParameters half = MotionParameters.DEFAULT.withScaling(0.4, 0.4);

    /** PTP to a nearby pose, LIN along x, CIRC back round: two blend points. */
    private List<Primitive> ptpLinCirc(double radius) {
        double[] ptpGoal = { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 };
        CartesianPose afterPtp = kr6.toolPose(ptpGoal);
        CartesianPose linGoal = Robots.shifted(afterPtp, 0.15, 0, 0);
        CartesianPose via = Robots.shifted(linGoal, 0.05, 0.05, 0);
        CartesianPose circGoal = Robots.shifted(linGoal, 0, 0.1, 0);
        return List.of(new Primitive.Ptp(ptpGoal, half.withBlendRadius(radius)),
                new Primitive.Lin(linGoal, half.withBlendRadius(radius)),
                Primitive.Circ.via(via, circGoal, half));
    }

    @Test
    void aBlendedPtpLinCircSequenceDoesNotStopAtItsBlendPoints() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, ptpLinCirc(0.03));
        assertEquals(2, plan.blends().size());
        double[] q = new double[6];
        double[] last = new double[3];
        for (Blend b : plan.blends()) {
            assertTrue(b.end() > b.start(), "blend after #" + (b.after() + 1) + " has no overlap: " + b);
            // the tool keeps moving through the whole blend, one sample before it to one after
            double slowest = Double.POSITIVE_INFINITY;
            plan.sample(b.start() - plan.sampleTime(), q);
            last = Robots.position(kr6.toolPose(q));
            for (double t = b.start(); t <= b.end() + plan.sampleTime() * 1.01; t += plan.sampleTime()) {
                plan.sample(t, q);
                double[] p = Robots.position(kr6.toolPose(q));
                slowest = Math.min(slowest, Tables.distance(p, last) / plan.sampleTime());
                last = p;
            }
            assertTrue(slowest > 0.01, "the tool slows to " + slowest + " m/s in the blend after #" + (b.after() + 1));
        }
    }

    @Test
    void theToolNeverLeavesTheBlendSphereWhileBlending() throws PlanningException {
        double radius = 0.03;
        Plan plan = kr6.plan(Robots.KR6_HOME, ptpLinCirc(radius));
        double[] q = new double[6];
        for (Blend b : plan.blends()) {
            double[] center = { b.centerX(), b.centerY(), b.centerZ() };
            double farthest = 0;
            for (double t = b.start(); t <= b.end(); t += plan.sampleTime() / 4) {
                plan.sample(t, q);
                farthest = Math.max(farthest, Tables.distance(Robots.position(kr6.toolPose(q)), center));
            }
            assertTrue(farthest <= radius + BETWEEN_SAMPLES, "the tool gets " + farthest + " m from the blend point"
                    + " after #" + (b.after() + 1) + " (radius " + radius + ")");
        }
    }

    @Test
    void outsideTheBlendSpheresTheSequenceFollowsEachPrimitiveAndEndsOnTheLastGoal() throws PlanningException {
        List<Primitive> blended = ptpLinCirc(0.03);
        Plan plan = kr6.plan(Robots.KR6_HOME, blended);
        Plan exact = kr6.plan(Robots.KR6_HOME, ptpLinCirc(0.0));
        assertArrayEquals(exact.goal(), plan.goal(), 1e-12);
        assertTrue(plan.duration() < exact.duration(), "blending saves time: " + plan.duration() + " vs "
                + exact.duration());
        // before the first blend the motion is the PTP's, unchanged
        double[] a = new double[6];
        double[] b = new double[6];
        double firstBlend = plan.blends().get(0).start();
        for (double t = 0; t < firstBlend; t += plan.sampleTime()) {
            plan.sample(t, a);
            exact.sample(t, b);
            assertArrayEquals(b, a, 1e-12, "at t=" + t);
        }
    }

    @Test
    void withoutABlendRadiusTheSequenceStopsAtEveryGoal() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, ptpLinCirc(0.0));
        assertTrue(plan.blends().isEmpty());
        double[] before = new double[6];
        double[] after = new double[6];
        // at rest: the last interval before each goal and the first after it move no more than one cycle of
        // acceleration from standstill
        double rest = PlannerSettings.DEFAULT.defaultJointAcceleration() * plan.sampleTime() * 1.001;
        for (int i = 0; i < plan.primitives() - 1; i++) {
            plan.velocity(plan.primitiveEnd(i) - plan.sampleTime() / 2, before);
            plan.velocity(plan.primitiveEnd(i) + plan.sampleTime() / 2, after);
            for (int j = 0; j < 6; j++) {
                assertTrue(Math.abs(before[j]) <= rest && Math.abs(after[j]) <= rest, "joint " + j
                        + " moves at " + before[j] + " / " + after[j] + " rad/s at the goal of #" + (i + 1));
            }
        }
    }

    @Test
    void aBlendRadiusReachingBeyondAPrimitiveIsRefusedBeforeMotion() {
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME,
                ptpLinCirc(0.12)));
        assertEquals(Reason.BLEND_RADIUS, e.reason());
        assertTrue(e.getMessage().contains("blend_radius 0.1200 m reaches beyond"), e.getMessage());
        assertTrue(e.getMessage().contains("give less than"), e.getMessage());
    }

    @Test
    void overlappingBlendSpheresAreRefused() {
        double[] ptpGoal = { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 };
        CartesianPose a = kr6.toolPose(ptpGoal);
        CartesianPose b = Robots.shifted(a, 0.1, 0, 0);
        CartesianPose c = Robots.shifted(b, 0, 0.1, 0);
        CartesianPose d = Robots.shifted(c, -0.1, 0, 0);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(ptpGoal, List.of(
                new Primitive.Lin(b, half.withBlendRadius(0.06)), new Primitive.Lin(c, half.withBlendRadius(0.06)),
                new Primitive.Lin(d, half))));
        assertEquals(Reason.BLEND_RADIUS, e.reason());
        assertTrue(e.getMessage().startsWith("the blend spheres of LIN #1 (0.0600 m) and LIN #2 (0.0600 m) overlap"),
                e.getMessage());
    }

    @Test
    void anUnreachablePrimitiveLaterInASequenceRefusesTheWholeSequenceNamingIt() {
        double[] ptpGoal = { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 };
        CartesianPose far = Robots.shifted(kr6.toolPose(ptpGoal), 2.0, 0, 0);
        PlanningException e = assertThrows(PlanningException.class, () -> kr6.plan(Robots.KR6_HOME, List.of(
                new Primitive.Ptp(ptpGoal, half.withBlendRadius(0.02)), new Primitive.Lin(far, half))));
        assertEquals(Reason.UNREACHABLE, e.reason());
        assertEquals(1, e.primitive());
        assertTrue(e.getMessage().startsWith("LIN #2 leaves the robot's reach"), e.getMessage());
    }

    @Test
    void progressNamesThePrimitiveBeingExecuted() throws PlanningException {
        Plan plan = kr6.plan(Robots.KR6_HOME, ptpLinCirc(0.03));
        assertEquals(3, plan.primitives());
        assertEquals(0, plan.primitiveAt(0));
        assertEquals(1, plan.primitiveAt(plan.primitiveEnd(0) + 0.01));
        assertEquals(2, plan.primitiveAt(plan.duration()));
        assertEquals(plan.duration(), plan.primitiveEnd(2), 1e-12);
    }
}
