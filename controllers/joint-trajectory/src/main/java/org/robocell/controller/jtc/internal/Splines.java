package org.robocell.controller.jtc.internal;

/**
 * Polynomial segments {@code p(s) = c0 + c1·s + … + c5·s⁵}, {@code s} seconds into the segment, stored as six
 * coefficients. The degree follows what both ends give: positions only → linear, with velocities → cubic Hermite,
 * with accelerations too → quintic. Allocation-free.
 */
final class Splines {

    static final int COEFFICIENTS = 6;

    private Splines() {
    }

    /** Fits the segment from (p0, v0, a0) to (p1, v1, a1) over {@code duration} seconds into {@code c[at..at+5]}. */
    static void fit(boolean velocities, boolean accelerations, double p0, double v0, double a0, double p1, double v1,
            double a1, double duration, double[] c, int at) {
        double dp = p1 - p0;
        double t = duration;
        c[at] = p0;
        c[at + 2] = c[at + 3] = c[at + 4] = c[at + 5] = 0.0;
        if (t <= 0.0) {
            c[at + 1] = 0.0;
            return;
        }
        if (!velocities) {
            c[at + 1] = dp / t;
            return;
        }
        double t2 = t * t;
        double t3 = t2 * t;
        c[at + 1] = v0;
        if (!accelerations) {
            c[at + 2] = (3.0 * dp - (2.0 * v0 + v1) * t) / t2;
            c[at + 3] = (-2.0 * dp + (v0 + v1) * t) / t3;
            return;
        }
        double t4 = t3 * t;
        double t5 = t4 * t;
        c[at + 2] = 0.5 * a0;
        c[at + 3] = (20.0 * dp - (8.0 * v1 + 12.0 * v0) * t - (3.0 * a0 - a1) * t2) / (2.0 * t3);
        c[at + 4] = (-30.0 * dp + (14.0 * v1 + 16.0 * v0) * t + (3.0 * a0 - 2.0 * a1) * t2) / (2.0 * t4);
        c[at + 5] = (12.0 * dp - 6.0 * (v1 + v0) * t + (a1 - a0) * t2) / (2.0 * t5);
    }

    static double position(double[] c, int at, double s) {
        return c[at] + s * (c[at + 1] + s * (c[at + 2] + s * (c[at + 3] + s * (c[at + 4] + s * c[at + 5]))));
    }

    static double velocity(double[] c, int at, double s) {
        return c[at + 1] + s * (2.0 * c[at + 2] + s * (3.0 * c[at + 3] + s * (4.0 * c[at + 4] + s * 5.0 * c[at + 5])));
    }

    static double acceleration(double[] c, int at, double s) {
        return 2.0 * c[at + 2] + s * (6.0 * c[at + 3] + s * (12.0 * c[at + 4] + s * 20.0 * c[at + 5]));
    }
}
