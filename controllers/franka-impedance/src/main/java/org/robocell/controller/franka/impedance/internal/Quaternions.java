package org.robocell.controller.franka.impedance.internal;

/** Unit quaternions as (x, y, z, w) in arrays the caller owns; allocation-free. */
final class Quaternions {

    private Quaternions() {
    }

    /** The rotation of a 4x4 column-major transform as a unit quaternion (Shepperd's method). */
    static void fromTransform(double[] t, double[] out) {
        double r00 = t[0], r10 = t[1], r20 = t[2];
        double r01 = t[4], r11 = t[5], r21 = t[6];
        double r02 = t[8], r12 = t[9], r22 = t[10];
        double trace = r00 + r11 + r22;
        double x, y, z, w;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            w = 0.25 * s;
            x = (r21 - r12) / s;
            y = (r02 - r20) / s;
            z = (r10 - r01) / s;
        } else if (r00 > r11 && r00 > r22) {
            double s = Math.sqrt(1.0 + r00 - r11 - r22) * 2;
            w = (r21 - r12) / s;
            x = 0.25 * s;
            y = (r01 + r10) / s;
            z = (r02 + r20) / s;
        } else if (r11 > r22) {
            double s = Math.sqrt(1.0 + r11 - r00 - r22) * 2;
            w = (r02 - r20) / s;
            x = (r01 + r10) / s;
            y = 0.25 * s;
            z = (r12 + r21) / s;
        } else {
            double s = Math.sqrt(1.0 + r22 - r00 - r11) * 2;
            w = (r10 - r01) / s;
            x = (r02 + r20) / s;
            y = (r12 + r21) / s;
            z = 0.25 * s;
        }
        set(out, x, y, z, w);
        normalize(out);
    }

    static void set(double[] q, double x, double y, double z, double w) {
        q[0] = x;
        q[1] = y;
        q[2] = z;
        q[3] = w;
    }

    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    }

    static double norm(double x, double y, double z, double w) {
        return Math.sqrt(x * x + y * y + z * z + w * w);
    }

    static void normalize(double[] q) {
        double n = norm(q[0], q[1], q[2], q[3]);
        for (int i = 0; i < 4; i++) {
            q[i] /= n;
        }
    }

    /** The vector part of conj(a)·b: the rotation from a to b, in a's frame (sin(θ/2)·axis). */
    static void relativeVector(double[] a, double[] b, double[] out3) {
        double ax = -a[0], ay = -a[1], az = -a[2], aw = a[3];
        out3[0] = aw * b[0] + ax * b[3] + ay * b[2] - az * b[1];
        out3[1] = aw * b[1] - ax * b[2] + ay * b[3] + az * b[0];
        out3[2] = aw * b[2] + ax * b[1] - ay * b[0] + az * b[3];
    }

    /** Eigen's {@code Quaterniond::slerp(t, b)} from {@code a} into {@code a}: the shorter way, linear when close. */
    static void slerpInPlace(double[] a, double[] b, double t) {
        double d = dot(a, b);
        double sign = d < 0 ? -1 : 1;
        double absD = Math.abs(d);
        double wa, wb;
        if (absD >= 1 - 1e-12) {
            wa = 1 - t;
            wb = t;
        } else {
            double theta = Math.acos(absD);
            double sin = Math.sin(theta);
            wa = Math.sin((1 - t) * theta) / sin;
            wb = Math.sin(t * theta) / sin;
        }
        wb *= sign;
        for (int i = 0; i < 4; i++) {
            a[i] = wa * a[i] + wb * b[i];
        }
        normalize(a);
    }
}
