package org.robocell.driver.franka.control.internal;

/**
 * The rotation arithmetic libfranka does with Eigen, on column-major 4x4 homogeneous transforms ({@code m[col * 4 +
 * row]}) and quaternions stored as {@code [x, y, z, w]}, allocation-free: the caller owns every array. The formulas
 * follow Eigen's ({@code Quaternion(const Matrix3&)}, {@code AngleAxis(const Quaternion&)}, {@code slerp},
 * {@code toRotationMatrix}) so that results agree with libfranka to rounding.
 */
public final class Rotations {

    public static final int X = 0;
    public static final int Y = 1;
    public static final int Z = 2;
    public static final int W = 3;

    private Rotations() {
    }

    /** Element (row, col) of the column-major 4x4 {@code m}. */
    public static double at(double[] m, int row, int col) {
        return m[col * 4 + row];
    }

    /** The quaternion of the rotation part of the column-major 4x4 {@code m} (Shepperd's method, as Eigen). */
    public static void quaternionOf(double[] m, double[] q) {
        double trace = at(m, 0, 0) + at(m, 1, 1) + at(m, 2, 2);
        if (trace > 0) {
            double t = Math.sqrt(trace + 1.0);
            q[W] = 0.5 * t;
            t = 0.5 / t;
            q[X] = (at(m, 2, 1) - at(m, 1, 2)) * t;
            q[Y] = (at(m, 0, 2) - at(m, 2, 0)) * t;
            q[Z] = (at(m, 1, 0) - at(m, 0, 1)) * t;
            return;
        }
        int i = 0;
        if (at(m, 1, 1) > at(m, 0, 0)) {
            i = 1;
        }
        if (at(m, 2, 2) > at(m, i, i)) {
            i = 2;
        }
        int j = (i + 1) % 3;
        int k = (j + 1) % 3;
        double t = Math.sqrt(at(m, i, i) - at(m, j, j) - at(m, k, k) + 1.0);
        q[i] = 0.5 * t;
        t = 0.5 / t;
        q[W] = (at(m, k, j) - at(m, j, k)) * t;
        q[j] = (at(m, j, i) + at(m, i, j)) * t;
        q[k] = (at(m, k, i) + at(m, i, k)) * t;
    }

    /**
     * The rotation vector (axis · angle, angle in [0, π]) of the unit quaternion {@code q}, into {@code out[offset
     * .. offset + 2]}, each component divided by {@code divisor} (Eigen's {@code AngleAxis(q)}, then {@code axis() *
     * angle() / divisor}). No rotation gives zeros.
     */
    public static void rotationVector(double[] q, double divisor, double[] out, int offset) {
        double n = Math.sqrt(q[X] * q[X] + q[Y] * q[Y] + q[Z] * q[Z]);
        if (n == 0) {
            out[offset] = 0;
            out[offset + 1] = 0;
            out[offset + 2] = 0;
            return;
        }
        double angle = 2 * Math.atan2(n, Math.abs(q[W]));
        double sign = q[W] < 0 ? -1.0 : 1.0;
        for (int i = 0; i < 3; i++) {
            out[offset + i] = (sign * q[i] / n) * angle / divisor;
        }
    }

    /** {@code from.slerp(t, to)} as Eigen computes it (shortest arc), into {@code out}. */
    public static void slerp(double[] from, double t, double[] to, double[] out) {
        double one = 1.0 - Math.ulp(1.0);
        double d = from[X] * to[X] + from[Y] * to[Y] + from[Z] * to[Z] + from[W] * to[W];
        double absD = Math.abs(d);
        double scale0;
        double scale1;
        if (absD >= one) {
            scale0 = 1.0 - t;
            scale1 = t;
        } else {
            double theta = Math.acos(absD);
            double sinTheta = Math.sin(theta);
            scale0 = Math.sin((1.0 - t) * theta) / sinTheta;
            scale1 = Math.sin(t * theta) / sinTheta;
        }
        if (d < 0) {
            scale1 = -scale1;
        }
        for (int i = 0; i < 4; i++) {
            out[i] = scale0 * from[i] + scale1 * to[i];
        }
    }

    /** Writes the rotation of quaternion {@code q}, normalized first, into the rotation part of the 4x4 {@code m}. */
    public static void setRotation(double[] q, double[] m) {
        double norm = Math.sqrt(q[X] * q[X] + q[Y] * q[Y] + q[Z] * q[Z] + q[W] * q[W]);
        double x = q[X] / norm;
        double y = q[Y] / norm;
        double z = q[Z] / norm;
        double w = q[W] / norm;
        double tx = 2 * x;
        double ty = 2 * y;
        double tz = 2 * z;
        double twx = tx * w;
        double twy = ty * w;
        double twz = tz * w;
        double txx = tx * x;
        double txy = ty * x;
        double txz = tz * x;
        double tyy = ty * y;
        double tyz = tz * y;
        double tzz = tz * z;
        m[0] = 1 - (tyy + tzz);
        m[1] = txy + twz;
        m[2] = txz - twy;
        m[4] = txy - twz;
        m[5] = 1 - (txx + tzz);
        m[6] = tyz + twx;
        m[8] = txz + twy;
        m[9] = tyz - twx;
        m[10] = 1 - (txx + tyy);
    }

    /**
     * The rotation part of {@code a} times the transpose of the rotation part of {@code b}, as a column-major 4x4
     * into {@code out} (translation zero, bottom row 0 0 0 1).
     */
    public static void rotationTimesTransposed(double[] a, double[] b, double[] out) {
        for (int row = 0; row < 3; row++) {
            for (int col = 0; col < 3; col++) {
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    sum += at(a, row, k) * at(b, col, k);
                }
                out[col * 4 + row] = sum;
            }
        }
        out[3] = 0;
        out[7] = 0;
        out[11] = 0;
        out[12] = 0;
        out[13] = 0;
        out[14] = 0;
        out[15] = 1;
    }

    /**
     * Rotates the rotation part of {@code last} by {@code angle} about the unit axis {@code (ux, uy, uz)} (Rodrigues:
     * {@code R = I + sin θ K + (1 − cos θ) K²}, then {@code R · last}) into the rotation part of {@code out}.
     */
    public static void rotate(double ux, double uy, double uz, double angle, double[] last, double[] out) {
        double s = Math.sin(angle);
        double c = 1.0 - Math.cos(angle);
        // K = [0 -uz uy; uz 0 -ux; -uy ux 0]; K² = u uᵀ − I
        double r00 = 1 + c * (ux * ux - 1);
        double r01 = -s * uz + c * ux * uy;
        double r02 = s * uy + c * ux * uz;
        double r10 = s * uz + c * ux * uy;
        double r11 = 1 + c * (uy * uy - 1);
        double r12 = -s * ux + c * uy * uz;
        double r20 = -s * uy + c * ux * uz;
        double r21 = s * ux + c * uy * uz;
        double r22 = 1 + c * (uz * uz - 1);
        for (int col = 0; col < 3; col++) {
            double l0 = at(last, 0, col);
            double l1 = at(last, 1, col);
            double l2 = at(last, 2, col);
            out[col * 4] = r00 * l0 + r01 * l1 + r02 * l2;
            out[col * 4 + 1] = r10 * l0 + r11 * l1 + r12 * l2;
            out[col * 4 + 2] = r20 * l0 + r21 * l1 + r22 * l2;
        }
    }

    /**
     * libfranka's {@code isHomogeneousTransformation}: bottom row exactly {@code 0 0 0 1}, every column and every
     * row of the rotation part of unit length within 1e-5. Returns the index of the first offending element, or −1.
     */
    public static int firstNonHomogeneousElement(double[] m) {
        final double orthonormalThreshold = 1e-5;
        if (m[3] != 0.0) {
            return 3;
        }
        if (m[7] != 0.0) {
            return 7;
        }
        if (m[11] != 0.0) {
            return 11;
        }
        if (m[15] != 1.0) {
            return 15;
        }
        for (int j = 0; j < 3; j++) {
            double norm = Math.sqrt(Math.pow(m[j * 4], 2) + Math.pow(m[j * 4 + 1], 2) + Math.pow(m[j * 4 + 2], 2));
            if (Math.abs(norm - 1.0) > orthonormalThreshold) {
                return j * 4;
            }
        }
        for (int i = 0; i < 3; i++) {
            double norm = Math.sqrt(Math.pow(m[i], 2) + Math.pow(m[4 + i], 2) + Math.pow(m[8 + i], 2));
            if (Math.abs(norm - 1.0) > orthonormalThreshold) {
                return i;
            }
        }
        return -1;
    }
}
