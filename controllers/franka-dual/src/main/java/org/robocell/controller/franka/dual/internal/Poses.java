package org.robocell.controller.franka.dual.internal;

/**
 * Homogeneous transforms as libfranka lays them out (4x4, column-major: element (row, column) at
 * {@code column * 4 + row}, translation at 12, 13, 14) and unit quaternions (x, y, z, w). Every method writes into an
 * array the caller owns and allocates nothing; an output may not be one of the inputs.
 */
final class Poses {

    private Poses() {
    }

    /** {@code out = a * b}. */
    static void multiply(double[] a, double[] b, double[] out) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + r] * b[c * 4 + k];
                }
                out[c * 4 + r] = s;
            }
        }
    }

    /** {@code out = t⁻¹} of a rigid transform: the rotation transposed, the translation −Rᵀp. */
    static void invert(double[] t, double[] out) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[c * 4 + r] = t[r * 4 + c];
            }
            out[12 + r] = -(t[r * 4] * t[12] + t[r * 4 + 1] * t[13] + t[r * 4 + 2] * t[14]);
        }
        out[3] = 0;
        out[7] = 0;
        out[11] = 0;
        out[15] = 1;
    }

    /** The transform of a URDF origin: translation x y z, then the fixed-axis roll, pitch, yaw (Rz·Ry·Rx). */
    static void fromXyzRpy(double x, double y, double z, double roll, double pitch, double yaw, double[] out) {
        double cr = Math.cos(roll), sr = Math.sin(roll);
        double cp = Math.cos(pitch), sp = Math.sin(pitch);
        double cy = Math.cos(yaw), sy = Math.sin(yaw);
        out[0] = cy * cp;
        out[1] = sy * cp;
        out[2] = -sp;
        out[3] = 0;
        out[4] = cy * sp * sr - sy * cr;
        out[5] = sy * sp * sr + cy * cr;
        out[6] = cp * sr;
        out[7] = 0;
        out[8] = cy * sp * cr + sy * sr;
        out[9] = sy * sp * cr - cy * sr;
        out[10] = cp * cr;
        out[11] = 0;
        out[12] = x;
        out[13] = y;
        out[14] = z;
        out[15] = 1;
    }

    /** The rotation of {@code t} as a unit quaternion (x, y, z, w) with w ≥ 0 (Shepperd's method). */
    static void quaternion(double[] t, double[] q) {
        double m00 = t[0], m11 = t[5], m22 = t[10];
        double trace = m00 + m11 + m22;
        double x, y, z, w;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            w = 0.25 * s;
            x = (t[6] - t[9]) / s;
            y = (t[8] - t[2]) / s;
            z = (t[1] - t[4]) / s;
        } else if (m00 > m11 && m00 > m22) {
            double s = Math.sqrt(1.0 + m00 - m11 - m22) * 2;
            w = (t[6] - t[9]) / s;
            x = 0.25 * s;
            y = (t[4] + t[1]) / s;
            z = (t[8] + t[2]) / s;
        } else if (m11 > m22) {
            double s = Math.sqrt(1.0 + m11 - m00 - m22) * 2;
            w = (t[8] - t[2]) / s;
            x = (t[4] + t[1]) / s;
            y = 0.25 * s;
            z = (t[9] + t[6]) / s;
        } else {
            double s = Math.sqrt(1.0 + m22 - m00 - m11) * 2;
            w = (t[1] - t[4]) / s;
            x = (t[8] + t[2]) / s;
            y = (t[9] + t[6]) / s;
            z = 0.25 * s;
        }
        double sign = w < 0 ? -1 : 1;
        double n = sign / Math.sqrt(x * x + y * y + z * z + w * w);
        q[0] = x * n;
        q[1] = y * n;
        q[2] = z * n;
        q[3] = w * n;
    }

    /** {@code out} = the transform with rotation {@code q} (unit, x y z w) and translation {@code p}. */
    static void fromQuaternion(double[] p, double[] q, double[] out) {
        double x = q[0], y = q[1], z = q[2], w = q[3];
        out[0] = 1 - 2 * (y * y + z * z);
        out[1] = 2 * (x * y + z * w);
        out[2] = 2 * (x * z - y * w);
        out[3] = 0;
        out[4] = 2 * (x * y - z * w);
        out[5] = 1 - 2 * (x * x + z * z);
        out[6] = 2 * (y * z + x * w);
        out[7] = 0;
        out[8] = 2 * (x * z + y * w);
        out[9] = 2 * (y * z - x * w);
        out[10] = 1 - 2 * (x * x + y * y);
        out[11] = 0;
        out[12] = p[0];
        out[13] = p[1];
        out[14] = p[2];
        out[15] = 1;
    }

    /**
     * The rotation from {@code qd} to {@code q} as a rotation vector in the base frame: axis times angle of
     * q·qd⁻¹, the shorter way round (franka_ros's {@code dual_arm_cartesian_impedance_example_controller.cpp}:
     * the sign of {@code q} flipped when its dot product with {@code qd} is negative, then AngleAxis).
     */
    static void rotationError(double[] q, double[] qd, double[] out, int at) {
        double dot = q[0] * qd[0] + q[1] * qd[1] + q[2] * qd[2] + q[3] * qd[3];
        double s = dot < 0 ? -1 : 1;
        double x = s * q[0], y = s * q[1], z = s * q[2], w = s * q[3];
        // e = q · conj(qd)
        double ex = w * -qd[0] + x * qd[3] + y * -qd[2] - z * -qd[1];
        double ey = w * -qd[1] - x * -qd[2] + y * qd[3] + z * -qd[0];
        double ez = w * -qd[2] + x * -qd[1] - y * -qd[0] + z * qd[3];
        double ew = w * qd[3] - x * -qd[0] - y * -qd[1] - z * -qd[2];
        double v = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double angle = 2 * Math.atan2(v, ew);
        double k = v < 1e-12 ? 2.0 : angle / v;
        out[at] = ex * k;
        out[at + 1] = ey * k;
        out[at + 2] = ez * k;
    }

    /**
     * {@code q = slerp(q, target, alpha)} in place: a fraction of the way along the shorter arc (Eigen's
     * {@code Quaterniond::slerp}, as franka_ros filters its equilibrium orientation).
     */
    static void slerpTowards(double[] q, double[] target, double alpha) {
        double dot = q[0] * target[0] + q[1] * target[1] + q[2] * target[2] + q[3] * target[3];
        double s = dot < 0 ? -1 : 1;
        dot *= s;
        double a, b;
        if (dot > 1 - 1e-9) {
            a = 1 - alpha;
            b = alpha;
        } else {
            double theta = Math.acos(dot);
            double sin = Math.sin(theta);
            a = Math.sin((1 - alpha) * theta) / sin;
            b = Math.sin(alpha * theta) / sin;
        }
        b *= s;
        double n = 0;
        for (int i = 0; i < 4; i++) {
            q[i] = a * q[i] + b * target[i];
            n += q[i] * q[i];
        }
        n = 1 / Math.sqrt(n);
        for (int i = 0; i < 4; i++) {
            q[i] *= n;
        }
    }
}
