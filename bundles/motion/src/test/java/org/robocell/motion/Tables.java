package org.robocell.motion;

/** Reading plans back in tests. */
final class Tables {

    private Tables() {
    }

    /** Every sample of a plan, one row of joint positions each. */
    static double[][] rows(Plan plan) {
        double[][] rows = new double[plan.samples()][plan.jointNames().size()];
        for (int k = 0; k < rows.length; k++) {
            plan.sample(k * plan.sampleTime(), rows[k]);
        }
        return rows;
    }

    /** The distance of point p from the line through a and b. */
    static double distanceFromLine(double[] p, double[] a, double[] b) {
        double[] d = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double[] w = { p[0] - a[0], p[1] - a[1], p[2] - a[2] };
        double len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        double t = (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / len2;
        double x = w[0] - t * d[0], y = w[1] - t * d[1], z = w[2] - t * d[2];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /** Where along the segment a→b the projection of p lies, 0 at a, 1 at b. */
    static double fractionAlong(double[] p, double[] a, double[] b) {
        double[] d = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double[] w = { p[0] - a[0], p[1] - a[1], p[2] - a[2] };
        return (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    }

    /** The distance of point p from the segment a-b. */
    static double distanceFromSegment(double[] p, double[] a, double[] b) {
        double[] d = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        double t = len2 == 0 ? 0 : Math.max(0, Math.min(1, fractionAlong(p, a, b)));
        return distance(p, new double[] { a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2] });
    }

    static double distance(double[] a, double[] b) {
        double x = a[0] - b[0], y = a[1] - b[1], z = a[2] - b[2];
        return Math.sqrt(x * x + y * y + z * z);
    }

    /** Slerp as a test computes it independently: q(u) = q0 (q0⁻¹ q1)^u. */
    static double[] slerp(CartesianPose a, CartesianPose b, double u) {
        double[] qa = { a.qx(), a.qy(), a.qz(), a.qw() };
        double[] qb = { b.qx(), b.qy(), b.qz(), b.qw() };
        double dot = qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3];
        if (dot < 0) {
            for (int i = 0; i < 4; i++) {
                qb[i] = -qb[i];
            }
            dot = -dot;
        }
        double theta = Math.acos(Math.min(1, dot));
        if (theta < 1e-12) {
            return qa;
        }
        double wa = Math.sin((1 - u) * theta) / Math.sin(theta);
        double wb = Math.sin(u * theta) / Math.sin(theta);
        return new double[] { wa * qa[0] + wb * qb[0], wa * qa[1] + wb * qb[1], wa * qa[2] + wb * qb[2],
                wa * qa[3] + wb * qb[3] };
    }

    static double angleBetween(double[] q, CartesianPose p) {
        double n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        double dot = Math.abs((q[0] * p.qx() + q[1] * p.qy() + q[2] * p.qz() + q[3] * p.qw()) / n);
        return 2 * Math.acos(Math.min(1, dot));
    }
}
