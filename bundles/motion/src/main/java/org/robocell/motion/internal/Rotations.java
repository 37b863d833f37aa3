package org.robocell.motion.internal;

/** Quaternion helpers, (x, y, z, w) order, allocation-free. */
final class Rotations {

    private Rotations() {
    }

    /** The spherical linear interpolation from {@code a} to {@code b} (the shorter way) at {@code u} into {@code out}. */
    static void slerp(double[] a, double[] b, double u, double[] out) {
        double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
        double sign = 1.0;
        if (dot < 0) {
            dot = -dot;
            sign = -1.0;
        }
        double wa;
        double wb;
        if (dot > 1.0 - 1e-12) {
            wa = 1.0 - u;
            wb = u;
        } else {
            double theta = Math.acos(dot);
            double s = Math.sin(theta);
            wa = Math.sin((1.0 - u) * theta) / s;
            wb = Math.sin(u * theta) / s;
        }
        wb *= sign;
        double n = 0;
        for (int i = 0; i < 4; i++) {
            out[i] = wa * a[i] + wb * b[i];
            n += out[i] * out[i];
        }
        n = Math.sqrt(n);
        for (int i = 0; i < 4; i++) {
            out[i] /= n;
        }
    }

    /** The angle (rad, 0 to pi) of the rotation from {@code a} to {@code b}. */
    static double angle(double[] a, double[] b) {
        double dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
        return 2 * Math.acos(Math.min(1.0, dot));
    }
}
