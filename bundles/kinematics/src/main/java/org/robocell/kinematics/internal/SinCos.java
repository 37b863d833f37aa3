package org.robocell.kinematics.internal;

/**
 * Sine and cosine of one angle in one call, within 1 ulp of the exact values: one argument reduction serves both.
 *
 * <p>The method is fdlibm 5.3's: {@code e_rem_pio2.c} ({@code __ieee754_rem_pio2}, its medium case) reduces the
 * angle to r = y₀ + y₁ in [−π/4, π/4] and a quadrant n with π/2 split into three 33-bit parts, each with the
 * remainder as a tail; a second and third part are used only when the reduction cancelled the leading bits (an
 * angle near a multiple of π/2). {@code k_sin.c} ({@code __kernel_sin}) and FreeBSD msun's {@code k_cos.c}
 * ({@code __kernel_cos}) evaluate their minimax polynomials on r with the tail y₁, and the quadrant picks and
 * negates. {@code SinCosTest} checks the constants against their bit patterns and π, and the results against
 * {@link StrictMath} (fdlibm).
 *
 * <p>Angles beyond 2²⁰·π/2, where fn·(π/2)₁ is no longer exact, and NaN or ±∞ go to {@link Math}.
 */
final class SinCos {

    /** 53 bits of 2/π (0x3FE45F30 6DC9C883). */
    static final double INV_PIO2 = 6.36619772367581382433e-01;
    /** The first 33 bits of π/2 (0x3FF921FB 54400000) and π/2 minus them (0x3DD0B461 1A626331). */
    static final double PIO2_1 = 1.57079632673412561417e+00;
    static final double PIO2_1T = 6.07710050650619224932e-11;
    /** The second 33 bits (0x3DD0B461 1A600000) and π/2 − (PIO2_1 + PIO2_2) (0x3BA3198A 2E037073). */
    static final double PIO2_2 = 6.07710050630396597660e-11;
    static final double PIO2_2T = 2.02226624879595063154e-21;
    /** The third 33 bits (0x3BA3198A 2E000000) and π/2 − (PIO2_1 + PIO2_2 + PIO2_3) (0x397B839A 252049C1). */
    static final double PIO2_3 = 2.02226624871116645580e-21;
    static final double PIO2_3T = 8.47842766036889956997e-32;

    /** __kernel_sin: sin(x) ≈ x + S1·x³ + … + S6·x¹³ on [−π/4, π/4]. */
    static final double S1 = -1.66666666666666324348e-01;
    static final double S2 = 8.33333333332248946124e-03;
    static final double S3 = -1.98412698298579493134e-04;
    static final double S4 = 2.75573137070700676789e-06;
    static final double S5 = -2.50507602534068634195e-08;
    static final double S6 = 1.58969099521155010221e-10;

    /** __kernel_cos: cos(x) ≈ 1 − x²/2 + C1·x⁴ + … + C6·x¹⁴ on [−π/4, π/4]. */
    static final double C1 = 4.16666666666666019037e-02;
    static final double C2 = -1.38888888888741095749e-03;
    static final double C3 = 2.48015872894767294178e-05;
    static final double C4 = -2.75573143513906633035e-07;
    static final double C5 = 2.08757232129817482790e-09;
    static final double C6 = -1.13596475577881948265e-11;

    /** Largest |angle| reduced here: n·PIO2_1 is exact while n ≤ 2²⁰ (PIO2_1 has 33 significant bits). */
    static final double REDUCIBLE = 0x1p20 * PIO2_1;
    /** Below 2⁻²⁷, sin x = x and cos x = 1 to the last bit (and x keeps the sign of ±0). */
    private static final double TINY = 0x1p-27;
    /** Adding and subtracting 1.5·2⁵² rounds a double below 2⁵¹ to the nearest integer. */
    private static final double TO_INTEGER = 0x1.8p52;

    private SinCos() {
    }

    /**
     * Writes sin(angle) to {@code out[offset]} and cos(angle) to {@code out[offset + 1]}. The common path is kept
     * small enough for the JIT to inline into the joint loop; the rare ones are methods of their own.
     */
    static void of(double angle, double[] out, int offset) {
        double magnitude = Math.abs(angle);
        if (!(magnitude >= TINY && magnitude <= REDUCIBLE)) { // also NaN and ±∞
            outsideTheReduction(angle, out, offset);
            return;
        }
        double fn = angle * INV_PIO2 + TO_INTEGER - TO_INTEGER;
        // angle − fn·π/2 = y0 + y1 to 85 bits; fn·PIO2_1 is exact, so r is too
        double r = angle - fn * PIO2_1;
        double w = fn * PIO2_1T;
        double y0 = r - w;
        // fdlibm asks whether more than 16 leading bits cancelled (exponents 17 apart); asking whether |y0| is below
        // 2⁻¹⁶|angle| catches all of those and a few more, in three operations instead of ten
        if (Math.abs(y0) < magnitude * 0x1p-16) {
            nearAMultipleOfHalfPi(angle, fn, out, offset);
            return;
        }
        kernels(y0, (r - y0) - w, (int) fn, out, offset);
    }

    private static void outsideTheReduction(double angle, double[] out, int offset) {
        if (Math.abs(angle) < TINY) {
            out[offset] = angle;
            out[offset + 1] = 1;
        } else {
            out[offset] = Math.sin(angle);
            out[offset + 1] = Math.cos(angle);
        }
    }

    /** The reduction cancelled leading bits: 33 more bits of π/2 (good to 118 bits), then 33 more (151) if needed. */
    private static void nearAMultipleOfHalfPi(double angle, double fn, double[] out, int offset) {
        int exponent = Math.getExponent(angle);
        double r = angle - fn * PIO2_1;
        double t = r;
        double w = fn * PIO2_2;
        r = t - w;
        w = fn * PIO2_2T - ((t - r) - w);
        double y0 = r - w;
        if (exponent - Math.getExponent(y0) > 49) {
            // covers every double up to REDUCIBLE
            t = r;
            w = fn * PIO2_3;
            r = t - w;
            w = fn * PIO2_3T - ((t - r) - w);
            y0 = r - w;
        }
        kernels(y0, (r - y0) - w, (int) fn, out, offset);
    }

    /** __kernel_sin and __kernel_cos of y0 + y1 in [−π/4, π/4], placed by the quadrant n. */
    private static void kernels(double y0, double y1, int n, double[] out, int offset) {
        double z = y0 * y0;
        double zz = z * z;
        double v = z * y0;
        double rs = S2 + z * (S3 + z * S4) + z * zz * (S5 + z * S6);
        double sin = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * S1);
        double rc = z * (C1 + z * (C2 + z * C3)) + zz * zz * (C4 + z * (C5 + z * C6));
        double half = 0.5 * z;
        double one = 1 - half;
        double cos = one + (((1 - one) - half) + (z * rc - y0 * y1));
        // quadrant n mod 4: (sin, cos), (cos, −sin), (−sin, −cos), (−cos, sin)
        boolean odd = (n & 1) != 0;
        double s = odd ? cos : sin;
        double c = odd ? sin : cos;
        out[offset] = (n & 2) == 0 ? s : -s;
        out[offset + 1] = ((n + 1) & 2) == 0 ? c : -c;
    }
}
