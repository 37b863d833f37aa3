package org.robocell.motion.internal;

import java.util.Locale;

/**
 * A circular arc from a start point to a goal, through a via point or about a centre: centre c, unit vectors e1 (to
 * the start) and e2 (in the plane, a quarter turn on), angle swept, and a radius that may change linearly from start
 * to goal when a centre is given with a start and a goal at slightly different distances.
 */
final class ArcPath implements CartesianPath {

    /** How far the start and goal may be from one circle about a given centre (m), as Pilz's tolerance. */
    static final double RADIUS_TOLERANCE = 1e-3;
    private static final double MIN_DISTANCE = 1e-6;

    private final double[] center;
    private final double[] e1;
    private final double[] e2;
    private final double startRadius;
    private final double goalRadius;
    private final double angle;

    private ArcPath(double[] center, double[] e1, double[] e2, double startRadius, double goalRadius, double angle) {
        this.center = center;
        this.e1 = e1;
        this.e2 = e2;
        this.startRadius = startRadius;
        this.goalRadius = goalRadius;
        this.angle = angle;
    }

    /** The arc from {@code start} through {@code via} to {@code goal}; null reason text on success. */
    static ArcPath through(double[] start, double[] via, double[] goal) throws IllegalArgumentException {
        double[] a = minus(via, start);
        double[] b = minus(goal, start);
        if (norm(a) < MIN_DISTANCE || norm(b) < MIN_DISTANCE || norm(minus(goal, via)) < MIN_DISTANCE) {
            throw new IllegalArgumentException("the start, the via point and the goal must be distinct points"
                    + " (start " + text(start) + ", via " + text(via) + ", goal " + text(goal) + ")");
        }
        double[] n = cross(a, b);
        double nn = norm(n);
        if (nn < 1e-9 * norm(a) * norm(b) || nn < 1e-12) {
            throw new IllegalArgumentException("the start, the via point and the goal lie on one line: no circle"
                    + " passes through them (start " + text(start) + ", via " + text(via) + ", goal " + text(goal)
                    + ")");
        }
        double aa = dot(a, a);
        double bb = dot(b, b);
        double[] bxn = cross(b, n);
        double[] nxa = cross(n, a);
        double[] offset = new double[3];
        for (int i = 0; i < 3; i++) {
            offset[i] = (aa * bxn[i] + bb * nxa[i]) / (2 * nn * nn);
        }
        double[] c = { start[0] + offset[0], start[1] + offset[1], start[2] + offset[2] };
        double r = norm(offset);
        double[] e1 = scale(minus(start, c), 1 / r);
        double[] normal = scale(n, 1 / nn);
        double[] e2 = cross(normal, e1);
        double[] g = minus(goal, c);
        double swept = Math.atan2(dot(g, e2), dot(g, e1));
        if (swept <= 0) {
            swept += 2 * Math.PI;
        }
        return new ArcPath(c, e1, e2, r, r, swept);
    }

    /** The shorter arc from {@code start} to {@code goal} about {@code center}. */
    static ArcPath about(double[] start, double[] center, double[] goal) throws IllegalArgumentException {
        double[] s = minus(start, center);
        double[] g = minus(goal, center);
        double r0 = norm(s);
        double r1 = norm(g);
        if (r0 < MIN_DISTANCE || r1 < MIN_DISTANCE) {
            throw new IllegalArgumentException("the centre " + text(center) + " must not be the start or the goal");
        }
        if (Math.abs(r0 - r1) > RADIUS_TOLERANCE) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the start is %.4f m from the centre %s and the goal %.4f m: not one circle (tolerance %.4f m)",
                    r0, text(center), r1, RADIUS_TOLERANCE));
        }
        double[] n = cross(s, g);
        double nn = norm(n);
        if (nn < 1e-9 * r0 * r1) {
            throw new IllegalArgumentException("the start, the centre " + text(center) + " and the goal lie on one"
                    + " line: the arc's plane is not defined (give a via point instead)");
        }
        double[] e1 = scale(s, 1 / r0);
        double[] e2 = cross(scale(n, 1 / nn), e1);
        double swept = Math.atan2(nn, dot(s, g));
        return new ArcPath(center.clone(), e1, e2, r0, r1, swept);
    }

    @Override
    public double length() {
        return 0.5 * (startRadius + goalRadius) * angle;
    }

    /** The angle the arc sweeps (rad). */
    double angle() {
        return angle;
    }

    /** The arc's centre. */
    double[] center() {
        return center.clone();
    }

    double radius() {
        return startRadius;
    }

    @Override
    public void position(double u, double[] out) {
        double phi = u * angle;
        double r = startRadius + u * (goalRadius - startRadius);
        double c = Math.cos(phi) * r;
        double s = Math.sin(phi) * r;
        for (int i = 0; i < 3; i++) {
            out[i] = center[i] + c * e1[i] + s * e2[i];
        }
    }

    private static double[] minus(double[] a, double[] b) {
        return new double[] { a[0] - b[0], a[1] - b[1], a[2] - b[2] };
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] { a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0] };
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static double[] scale(double[] a, double f) {
        return new double[] { a[0] * f, a[1] * f, a[2] * f };
    }

    static String text(double[] p) {
        return String.format(Locale.ROOT, "(%.4f, %.4f, %.4f)", p[0], p[1], p[2]);
    }
}
