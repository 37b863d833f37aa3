package org.robocell.kinematics.internal;

import org.robocell.api.model.Pose;

/**
 * Rigid transforms and rotations stored flat in double arrays, so that a workspace keeps all of them in a few
 * preallocated arrays. A transform takes {@link #SIZE} doubles at an offset: the rotation row-major (9), then the
 * translation (3). Outputs must not alias inputs.
 */
final class Rigid3 {

    static final int SIZE = 12;
    static final int TRANSLATION = 9;

    private Rigid3() {
    }

    static void setIdentity(double[] t, int o) {
        for (int k = 0; k < SIZE; k++) {
            t[o + k] = 0;
        }
        t[o] = 1;
        t[o + 4] = 1;
        t[o + 8] = 1;
    }

    /** The URDF pose: rotation Rz(yaw)·Ry(pitch)·Rx(roll), then the translation. */
    static void setPose(Pose pose, double[] t, int o) {
        setRpy(pose.roll(), pose.pitch(), pose.yaw(), t, o);
        t[o + 9] = pose.x();
        t[o + 10] = pose.y();
        t[o + 11] = pose.z();
    }

    /** Writes the rotation (9 doubles) of fixed-axis roll, pitch, yaw. */
    static void setRpy(double roll, double pitch, double yaw, double[] r, int o) {
        double cr = Math.cos(roll), sr = Math.sin(roll);
        double cp = Math.cos(pitch), sp = Math.sin(pitch);
        double cy = Math.cos(yaw), sy = Math.sin(yaw);
        r[o] = cy * cp;
        r[o + 1] = cy * sp * sr - sy * cr;
        r[o + 2] = cy * sp * cr + sy * sr;
        r[o + 3] = sy * cp;
        r[o + 4] = sy * sp * sr + cy * cr;
        r[o + 5] = sy * sp * cr - cy * sr;
        r[o + 6] = -sp;
        r[o + 7] = cp * sr;
        r[o + 8] = cp * cr;
    }

    /** Writes the rotation (9 doubles) by {@code angle} about the unit axis (x, y, z): Rodrigues' formula. */
    static void setAxisAngle(double x, double y, double z, double angle, double[] r, int o) {
        setAxisRotation(x, y, z, Math.cos(angle), Math.sin(angle), r, o);
    }

    /** As {@link #setAxisAngle} from the angle's cosine {@code c} and sine {@code s}. */
    static void setAxisRotation(double x, double y, double z, double c, double s, double[] r, int o) {
        double v = 1 - c;
        r[o] = c + x * x * v;
        r[o + 1] = x * y * v - z * s;
        r[o + 2] = x * z * v + y * s;
        r[o + 3] = y * x * v + z * s;
        r[o + 4] = c + y * y * v;
        r[o + 5] = y * z * v - x * s;
        r[o + 6] = z * x * v - y * s;
        r[o + 7] = z * y * v + x * s;
        r[o + 8] = c + z * z * v;
    }

    /** out = a·b for rotations (9 doubles each). */
    static void mulRotation(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        for (int i = 0; i < 3; i++) {
            double a0 = a[ao + 3 * i], a1 = a[ao + 3 * i + 1], a2 = a[ao + 3 * i + 2];
            out[oo + 3 * i] = a0 * b[bo] + a1 * b[bo + 3] + a2 * b[bo + 6];
            out[oo + 3 * i + 1] = a0 * b[bo + 1] + a1 * b[bo + 4] + a2 * b[bo + 7];
            out[oo + 3 * i + 2] = a0 * b[bo + 2] + a1 * b[bo + 5] + a2 * b[bo + 8];
        }
    }

    /** out = a·b for transforms. */
    static void compose(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        mulRotation(a, ao, b, bo, out, oo);
        double x = b[bo + 9], y = b[bo + 10], z = b[bo + 11];
        out[oo + 9] = a[ao] * x + a[ao + 1] * y + a[ao + 2] * z + a[ao + 9];
        out[oo + 10] = a[ao + 3] * x + a[ao + 4] * y + a[ao + 5] * z + a[ao + 10];
        out[oo + 11] = a[ao + 6] * x + a[ao + 7] * y + a[ao + 8] * z + a[ao + 11];
    }

    /** Writes a transform as a row-major 4x4 homogeneous matrix (16 doubles). */
    static void toMatrix4(double[] t, int o, double[] m) {
        m[0] = t[o];
        m[1] = t[o + 1];
        m[2] = t[o + 2];
        m[3] = t[o + 9];
        m[4] = t[o + 3];
        m[5] = t[o + 4];
        m[6] = t[o + 5];
        m[7] = t[o + 10];
        m[8] = t[o + 6];
        m[9] = t[o + 7];
        m[10] = t[o + 8];
        m[11] = t[o + 11];
        m[12] = 0;
        m[13] = 0;
        m[14] = 0;
        m[15] = 1;
    }

    /** Reads a row-major 4x4 homogeneous matrix into a transform. */
    static void fromMatrix4(double[] m, double[] t, int o) {
        t[o] = m[0];
        t[o + 1] = m[1];
        t[o + 2] = m[2];
        t[o + 3] = m[4];
        t[o + 4] = m[5];
        t[o + 5] = m[6];
        t[o + 6] = m[8];
        t[o + 7] = m[9];
        t[o + 8] = m[10];
        t[o + 9] = m[3];
        t[o + 10] = m[7];
        t[o + 11] = m[11];
    }

    /** Writes the unit quaternion (x, y, z, w) with w >= 0 of a rotation (Shepperd's method, stable for any angle). */
    static void toQuaternion(double[] r, int o, double[] q) {
        double m00 = r[o], m01 = r[o + 1], m02 = r[o + 2];
        double m10 = r[o + 3], m11 = r[o + 4], m12 = r[o + 5];
        double m20 = r[o + 6], m21 = r[o + 7], m22 = r[o + 8];
        double trace = m00 + m11 + m22;
        double x, y, z, w;
        if (trace > 0) {
            double s = 2 * Math.sqrt(trace + 1);
            w = s / 4;
            x = (m21 - m12) / s;
            y = (m02 - m20) / s;
            z = (m10 - m01) / s;
        } else if (m00 > m11 && m00 > m22) {
            double s = 2 * Math.sqrt(1 + m00 - m11 - m22);
            w = (m21 - m12) / s;
            x = s / 4;
            y = (m01 + m10) / s;
            z = (m02 + m20) / s;
        } else if (m11 > m22) {
            double s = 2 * Math.sqrt(1 + m11 - m00 - m22);
            w = (m02 - m20) / s;
            x = (m01 + m10) / s;
            y = s / 4;
            z = (m12 + m21) / s;
        } else {
            double s = 2 * Math.sqrt(1 + m22 - m00 - m11);
            w = (m10 - m01) / s;
            x = (m02 + m20) / s;
            y = (m12 + m21) / s;
            z = s / 4;
        }
        double sign = w < 0 ? -1 : 1;
        double norm = sign / Math.sqrt(x * x + y * y + z * z + w * w);
        q[0] = x * norm;
        q[1] = y * norm;
        q[2] = z * norm;
        q[3] = w * norm;
    }

    /** Writes the rotation of the quaternion (x, y, z, w), normalising it first. */
    static void fromQuaternion(double[] q, double[] r, int o) {
        double n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
        r[o] = 1 - 2 * (y * y + z * z);
        r[o + 1] = 2 * (x * y - z * w);
        r[o + 2] = 2 * (x * z + y * w);
        r[o + 3] = 2 * (x * y + z * w);
        r[o + 4] = 1 - 2 * (x * x + z * z);
        r[o + 5] = 2 * (y * z - x * w);
        r[o + 6] = 2 * (x * z - y * w);
        r[o + 7] = 2 * (y * z + x * w);
        r[o + 8] = 1 - 2 * (x * x + y * y);
    }

    /**
     * Writes the rotation vector (axis times angle, angle in [0, π]) of the rotation a·bᵀ, which turns b into a:
     * the orientation error of b with respect to target a, in the frame both are expressed in.
     */
    static void rotationVectorBetween(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        // e = a·bᵀ, entry (i, j) = row i of a · row j of b
        double e00 = dotRows(a, ao, b, bo), e11 = dotRows(a, ao + 3, b, bo + 3), e22 = dotRows(a, ao + 6, b, bo + 6);
        double e01 = dotRows(a, ao, b, bo + 3), e10 = dotRows(a, ao + 3, b, bo);
        double e02 = dotRows(a, ao, b, bo + 6), e20 = dotRows(a, ao + 6, b, bo);
        double e12 = dotRows(a, ao + 3, b, bo + 6), e21 = dotRows(a, ao + 6, b, bo + 3);
        double vx = e21 - e12, vy = e02 - e20, vz = e10 - e01;
        double sin2 = Math.sqrt(vx * vx + vy * vy + vz * vz); // 2 sin(angle)
        double cos2 = e00 + e11 + e22 - 1;                      // 2 cos(angle)
        double angle = Math.atan2(sin2, cos2);
        if (angle < Math.PI - 1e-4) {
            // angle / sin(angle) tends to 1 as the angle vanishes
            double scale = sin2 < 1e-12 ? 0.5 : angle / sin2;
            out[oo] = vx * scale;
            out[oo + 1] = vy * scale;
            out[oo + 2] = vz * scale;
            return;
        }
        // near a half turn the skew part vanishes: take the axis from the symmetric part, e + eᵀ = 2(cos I + (1-cos) u uᵀ)
        double c = cos2 / 2, v = 1 - c;
        double ux = Math.sqrt(Math.max(0, (e00 - c) / v));
        double uy = Math.sqrt(Math.max(0, (e11 - c) / v));
        double uz = Math.sqrt(Math.max(0, (e22 - c) / v));
        // the largest component is the best conditioned one: fix the others' signs relative to it
        if (ux >= uy && ux >= uz) {
            uy = Math.copySign(uy, e01 + e10);
            uz = Math.copySign(uz, e02 + e20);
        } else if (uy >= uz) {
            ux = Math.copySign(ux, e01 + e10);
            uz = Math.copySign(uz, e12 + e21);
        } else {
            ux = Math.copySign(ux, e02 + e20);
            uy = Math.copySign(uy, e12 + e21);
        }
        // the skew part, small but not zero below a half turn, tells the axis direction
        if (ux * vx + uy * vy + uz * vz < 0) {
            ux = -ux;
            uy = -uy;
            uz = -uz;
        }
        double n = Math.sqrt(ux * ux + uy * uy + uz * uz);
        out[oo] = ux / n * angle;
        out[oo + 1] = uy / n * angle;
        out[oo + 2] = uz / n * angle;
    }

    private static double dotRows(double[] a, int ao, double[] b, int bo) {
        return a[ao] * b[bo] + a[ao + 1] * b[bo + 1] + a[ao + 2] * b[bo + 2];
    }
}
