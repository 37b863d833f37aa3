package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.robocell.controller.jtc.internal.JtcHarness.all;
import static org.robocell.controller.jtc.internal.JtcHarness.ramp;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Each interpolation against its analytic curve, sampled at every cycle. The expected curves are computed here
 * independently of the controller's spline code: straight lines, the cubic Hermite basis, and a quintic solved by
 * Cramer's rule from its six boundary conditions.
 */
class InterpolationTest {

    private static final double EPS = 1e-9;

    @Test
    void positionsOnlyGiveStraightLinesFromTheHeldStartThroughEachPoint() {
        JtcHarness h = new JtcHarness().active();
        double t0 = h.rig.time();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.1)),
                TrajectoryPoint.positions(2.0, ramp(0.3)))));
        for (int k = 1; k <= 250; k++) {
            double tau = h.rig.time() - t0;
            h.rig.step();
            for (int j = 0; j < 7; j++) {
                double a = 0.1 * (j + 1);
                double b = 0.3 * (j + 1);
                double expected = tau <= 1.0 ? a * tau : tau <= 2.0 ? a + (b - a) * (tau - 1.0) : b;
                assertEquals(expected, h.positionCommand(j), EPS, "joint" + (j + 1) + " at " + tau);
            }
        }
    }

    @Test
    void velocitiesGiveCubicHermiteSegments() {
        JtcHarness h = new JtcHarness().active();
        double t0 = h.rig.time();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positionsVelocities(1.0, ramp(0.5), all(0.4)),
                TrajectoryPoint.positionsVelocities(2.0, ramp(1.0), all(0.0)))));
        for (int k = 1; k <= 199; k++) {
            double tau = h.rig.time() - t0;
            h.rig.step();
            for (int j = 0; j < 7; j++) {
                double[] expected = tau <= 1.0 ? hermite(0.0, 0.0, 0.5 * (j + 1), 0.4, 1.0, tau)
                        : hermite(0.5 * (j + 1), 0.4, 1.0 * (j + 1), 0.0, 1.0, tau - 1.0);
                assertEquals(expected[0], h.positionCommand(j), EPS, "position at " + tau);
                assertEquals(expected[1], h.desiredVelocity(j), 1e-7, "velocity at " + tau);
            }
        }
    }

    /** Position and velocity of the cubic Hermite curve from (p0, v0) to (p1, v1) over t at s. */
    private static double[] hermite(double p0, double v0, double p1, double v1, double t, double s) {
        double u = s / t;
        double h00 = 2 * u * u * u - 3 * u * u + 1;
        double h10 = u * u * u - 2 * u * u + u;
        double h01 = -2 * u * u * u + 3 * u * u;
        double h11 = u * u * u - u * u;
        double p = h00 * p0 + h10 * t * v0 + h01 * p1 + h11 * t * v1;
        double d00 = (6 * u * u - 6 * u) / t;
        double d10 = (3 * u * u - 4 * u + 1) / t;
        double d01 = (-6 * u * u + 6 * u) / t;
        double d11 = (3 * u * u - 2 * u) / t;
        double v = d00 * p0 + d10 * t * v0 + d01 * p1 + d11 * t * v1;
        return new double[] { p, v };
    }

    @Test
    void accelerationsGiveQuinticSegments() {
        JtcHarness h = new JtcHarness().active();
        double t0 = h.rig.time();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.full(1.0, ramp(0.5), all(0.8), all(-0.3)),
                TrajectoryPoint.full(2.5, ramp(1.0), all(0.0), all(0.0)))));
        for (int k = 1; k <= 249; k++) {
            double tau = h.rig.time() - t0;
            h.rig.step();
            for (int j = 0; j < 7; j++) {
                double[] expected = tau <= 1.0 ? quintic(0, 0, 0, 0.5 * (j + 1), 0.8, -0.3, 1.0, tau)
                        : quintic(0.5 * (j + 1), 0.8, -0.3, 1.0 * (j + 1), 0.0, 0.0, 1.5, tau - 1.0);
                assertEquals(expected[0], h.positionCommand(j), 1e-8, "position at " + tau);
                assertEquals(expected[1], h.desiredVelocity(j), 1e-7, "velocity at " + tau);
                assertEquals(expected[2], h.desiredAcceleration(j), 1e-6, "acceleration at " + tau);
            }
        }
    }

    /** p, v, a of the quintic meeting (p0, v0, a0) at 0 and (p1, v1, a1) at t, evaluated at s. */
    private static double[] quintic(double p0, double v0, double a0, double p1, double v1, double a1, double t,
            double s) {
        double[][] m = { { t * t * t, t * t * t * t, t * t * t * t * t },
                { 3 * t * t, 4 * t * t * t, 5 * t * t * t * t }, { 6 * t, 12 * t * t, 20 * t * t * t } };
        double[] r = { p1 - p0 - v0 * t - a0 * t * t / 2, v1 - v0 - a0 * t, a1 - a0 };
        double det = det(m);
        double[] c = new double[3];
        for (int col = 0; col < 3; col++) {
            double[][] mc = { m[0].clone(), m[1].clone(), m[2].clone() };
            for (int row = 0; row < 3; row++) {
                mc[row][col] = r[row];
            }
            c[col] = det(mc) / det;
        }
        double p = p0 + v0 * s + a0 / 2 * s * s + c[0] * s * s * s + c[1] * s * s * s * s + c[2] * s * s * s * s * s;
        double v = v0 + a0 * s + 3 * c[0] * s * s + 4 * c[1] * s * s * s + 5 * c[2] * s * s * s * s;
        double a = a0 + 6 * c[0] * s + 12 * c[1] * s * s + 20 * c[2] * s * s * s;
        return new double[] { p, v, a };
    }

    private static double det(double[][] m) {
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    }

    @Test
    void interpolationNoneHoldsEachReachedPointUntilTheNext() {
        JtcHarness h = new JtcHarness(Map.of("interpolation_method", "none")).active();
        double t0 = h.rig.time();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.5)),
                TrajectoryPoint.positions(2.0, ramp(1.0)))));
        h.rig.stepUntil(t0 + 0.5);
        assertEquals(0.0, h.positionCommand(3), EPS, "before the first point: the start");
        h.rig.stepUntil(t0 + 1.5);
        assertEquals(2.0, h.positionCommand(3), EPS, "between the points: the first point");
        h.rig.stepUntil(t0 + 2.5);
        assertEquals(4.0, h.positionCommand(3), EPS, "after the last point: the last point");
    }

    @Test
    void aTrajectoryWithAFutureStartTimeHoldsUntilItsStart() {
        JtcHarness h = new JtcHarness().active();
        double start = h.rig.time() + 1.0;
        h.start(TrajectoryGoal.of(new JointTrajectory(start, JtcHarness.JOINTS,
                List.of(TrajectoryPoint.positions(1.0, ramp(1.0))))));
        h.rig.stepUntil(start - 0.2);
        assertEquals(0.0, h.positionCommand(0), EPS);
        h.rig.stepUntil(start + 0.5);
        h.rig.step();
        assertEquals(0.5, h.positionCommand(0), 0.011);
    }
}
