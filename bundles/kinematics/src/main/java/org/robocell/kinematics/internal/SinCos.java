package org.robocell.kinematics.internal;

/**
 * Sine and cosine of one angle from one argument reduction. {@link Math#sin} and {@link Math#cos} each reduce the
 * argument and evaluate their polynomial separately; every revolute joint needs both, and in forward kinematics of a
 * 7-joint arm they were most of the time. Accurate to a few units in the last place for |angle| < 2^19 (joint
 * angles); larger and non-finite angles go to {@link Math}.
 */
final class SinCos {

    /** π/2 rounded to 33 significant bits, so that k·HI is exact for |k| < 2^20. */
    private static final double PI_2_HI = Double.longBitsToDouble(Double.doubleToRawLongBits(Math.PI / 2) & ~0xFFFFFL);
    /** The rest of the double nearest π/2 (exact: Sterbenz). */
    private static final double PI_2_MID = Math.PI / 2 - PI_2_HI;
    /** π/2 minus the double nearest it (the tail of π/2 = 1.5707963267948966192313216916...). */
    private static final double PI_2_LO = 6.123233995736766e-17;
    private static final double TWO_OVER_PI = 2 / Math.PI;
    private static final double LIMIT = 0x1p19;

    // Taylor coefficients: on |r| <= π/4 the first omitted terms are below 1e-17
    private static final double S3 = -1.0 / 6, S5 = 1.0 / 120, S7 = -1.0 / 5040, S9 = 1.0 / 362880,
            S11 = -1.0 / 39916800, S13 = 1.0 / 6227020800.0, S15 = -1.0 / 1307674368000.0,
            S17 = 1.0 / 355687428096000.0;
    private static final double C2 = -1.0 / 2, C4 = 1.0 / 24, C6 = -1.0 / 720, C8 = 1.0 / 40320,
            C10 = -1.0 / 3628800, C12 = 1.0 / 479001600, C14 = -1.0 / 87178291200.0,
            C16 = 1.0 / 20922789888000.0;

    private SinCos() {
    }

    /** Writes sin(angle) to {@code out[o]} and cos(angle) to {@code out[o + 1]}. */
    static void of(double angle, double[] out, int o) {
        if (!(Math.abs(angle) < LIMIT)) {
            out[o] = Math.sin(angle);
            out[o + 1] = Math.cos(angle);
            return;
        }
        double k = Math.rint(angle * TWO_OVER_PI);
        double r = angle - k * PI_2_HI - k * PI_2_MID - k * PI_2_LO;
        double r2 = r * r;
        // Estrin's scheme: pairs of terms evaluated side by side, a shorter dependency chain than Horner's
        double r4 = r2 * r2;
        double sin = r + r * r2 * ((S3 + S5 * r2) + r4 * ((S7 + S9 * r2) + r4 * ((S11 + S13 * r2) + r4 * (S15 + S17 * r2))));
        double cos = 1 + r2 * ((C2 + C4 * r2) + r4 * ((C6 + C8 * r2) + r4 * ((C10 + C12 * r2) + r4 * (C14 + C16 * r2))));
        switch ((int) k & 3) {
            case 0 -> {
                out[o] = sin;
                out[o + 1] = cos;
            }
            case 1 -> {
                out[o] = cos;
                out[o + 1] = -sin;
            }
            case 2 -> {
                out[o] = -sin;
                out[o + 1] = -cos;
            }
            default -> {
                out[o] = -cos;
                out[o + 1] = sin;
            }
        }
    }
}
