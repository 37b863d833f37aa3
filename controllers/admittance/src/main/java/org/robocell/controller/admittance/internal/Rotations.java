package org.robocell.controller.admittance.internal;

/**
 * 3x3 rotations as row-major {@code double[9]}, and 3-vectors at an offset of a {@code double[]}: the few operations
 * the admittance rule needs, without allocating.
 */
final class Rotations {

    /** Below this angle the rotation vector is taken from the skew part directly (sin θ ≈ θ). */
    private static final double SMALL_ANGLE = 1e-7;

    private Rotations() {
    }

    /** The rotation of a row-major 4x4 transform. */
    static void fromTransform(double[] t16, double[] r) {
        r[0] = t16[0];
        r[1] = t16[1];
        r[2] = t16[2];
        r[3] = t16[4];
        r[4] = t16[5];
        r[5] = t16[6];
        r[6] = t16[8];
        r[7] = t16[9];
        r[8] = t16[10];
    }

    /** out = a · b (out must not be a or b). */
    static void multiply(double[] a, double[] b, double[] out) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
            }
        }
    }

    /** out = a · bᵀ (out must not be a or b). */
    static void multiplyTransposed(double[] a, double[] b, double[] out) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
            }
        }
    }

    /** out = aᵀ · b (out must not be a or b). */
    static void transposedMultiply(double[] a, double[] b, double[] out) {
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
            }
        }
    }

    /** out[o..o+2] = r · v[i..i+2] (v and out may be the same array at the same offset). */
    static void apply(double[] r, double[] v, int i, double[] out, int o) {
        double x = v[i], y = v[i + 1], z = v[i + 2];
        out[o] = r[0] * x + r[1] * y + r[2] * z;
        out[o + 1] = r[3] * x + r[4] * y + r[5] * z;
        out[o + 2] = r[6] * x + r[7] * y + r[8] * z;
    }

    /** out[o..o+2] = rᵀ · v[i..i+2] (v and out may be the same array at the same offset). */
    static void applyTransposed(double[] r, double[] v, int i, double[] out, int o) {
        double x = v[i], y = v[i + 1], z = v[i + 2];
        out[o] = r[0] * x + r[3] * y + r[6] * z;
        out[o + 1] = r[1] * x + r[4] * y + r[7] * z;
        out[o + 2] = r[2] * x + r[5] * y + r[8] * z;
    }

    /**
     * The rotation vector θ·axis of {@code r} (Eigen's {@code AngleAxisd(R).angle() * axis()}), θ in [0, π], into
     * out[o..o+2].
     */
    static void log(double[] r, double[] out, int o) {
        double cos = Math.max(-1.0, Math.min(1.0, (r[0] + r[4] + r[8] - 1.0) * 0.5));
        double theta = Math.acos(cos);
        double sx = r[7] - r[5];
        double sy = r[2] - r[6];
        double sz = r[3] - r[1];
        if (theta < SMALL_ANGLE) {
            out[o] = 0.5 * sx;
            out[o + 1] = 0.5 * sy;
            out[o + 2] = 0.5 * sz;
            return;
        }
        double sin = Math.sin(theta);
        if (sin > 1e-6) {
            double k = theta / (2.0 * sin);
            out[o] = k * sx;
            out[o + 1] = k * sy;
            out[o + 2] = k * sz;
            return;
        }
        // θ near π: the axis from the diagonal of (R + I) / 2 = a·aᵀ, its sign from the skew part
        double ax = Math.sqrt(Math.max(0.0, (r[0] + 1.0) * 0.5));
        double ay = Math.sqrt(Math.max(0.0, (r[4] + 1.0) * 0.5));
        double az = Math.sqrt(Math.max(0.0, (r[8] + 1.0) * 0.5));
        if (ax >= ay && ax >= az) {
            ay = Math.copySign(ay, r[1] + r[3]);
            az = Math.copySign(az, r[2] + r[6]);
        } else if (ay >= az) {
            ax = Math.copySign(ax, r[1] + r[3]);
            az = Math.copySign(az, r[5] + r[7]);
        } else {
            ax = Math.copySign(ax, r[2] + r[6]);
            ay = Math.copySign(ay, r[5] + r[7]);
        }
        out[o] = theta * ax;
        out[o + 1] = theta * ay;
        out[o + 2] = theta * az;
    }
}
