package org.robocell.kinematics.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * {@link SinCos} is within 1 ulp of {@link StrictMath} (fdlibm, itself within 1 ulp of the exact value) for every
 * angle the reduction takes, and hands the rest to {@link Math}.
 */
class SinCosTest {

    private static final BigDecimal HALF_PI = new BigDecimal(
            "1.57079632679489661923132169163975144209858469968755291048747229615390820314310449931401741267105853399");

    private final double[] out = new double[2];

    private void assertWithinOneUlpOfStrictMath(double angle) {
        SinCos.of(angle, out, 0);
        double sin = StrictMath.sin(angle), cos = StrictMath.cos(angle);
        if (!(Math.abs(out[0] - sin) <= Math.ulp(sin)) || !(Math.abs(out[1] - cos) <= Math.ulp(cos))) {
            fail("angle " + angle + " (" + Double.toHexString(angle) + "): sin " + out[0] + " against " + sin + " ("
                    + (out[0] - sin) / Math.ulp(sin) + " ulp), cos " + out[1] + " against " + cos + " ("
                    + (out[1] - cos) / Math.ulp(cos) + " ulp)");
        }
    }

    @Test
    void aDenseSweepOfMinusFourPiToFourPiIsWithinOneUlp() {
        int steps = 2_000_000;
        double from = -4 * Math.PI, step = 8 * Math.PI / steps;
        for (int i = 0; i <= steps; i++) {
            assertWithinOneUlpOfStrictMath(from + i * step);
        }
    }

    @Test
    void randomAnglesOfEveryMagnitudeUpToTheReductionLimitAreWithinOneUlp() {
        Random random = new Random(22);
        for (int i = 0; i < 500_000; i++) {
            // uniform in the exponent from 2^-30 to 2^20, either sign: small, joint-sized and large angles alike
            double angle = Math.scalb(1 + random.nextDouble(), random.nextInt(51) - 30);
            angle = random.nextBoolean() ? angle : -angle;
            if (Math.abs(angle) <= SinCos.REDUCIBLE) {
                assertWithinOneUlpOfStrictMath(angle);
            }
        }
    }

    @Test
    void neighboursOfMultiplesOfHalfPiWhereTheReductionCancelsAreWithinOneUlp() {
        IntStream small = IntStream.rangeClosed(-64, 64);
        IntStream large = IntStream.rangeClosed(-1051, 1051).map(i -> i * 997);
        IntStream limits = IntStream.of(1 << 19, -(1 << 19), (1 << 20) - 1, 1 << 20, -(1 << 20));
        IntStream.concat(IntStream.concat(small, large), limits).forEach(k -> {
            // k·π/2 rounded once (the nearest double) and rounded twice (as a program writes it)
            double closest = new BigDecimal(k).multiply(HALF_PI).doubleValue();
            for (double centre : new double[] {closest, k * (Math.PI / 2)}) {
                double angle = centre;
                for (int j = 0; j < 8; j++) {
                    angle = Math.nextUp(angle);
                }
                for (int j = 0; j < 16; j++) {
                    if (Math.abs(angle) <= SinCos.REDUCIBLE) {
                        assertWithinOneUlpOfStrictMath(angle);
                    }
                    angle = Math.nextDown(angle);
                }
            }
        });
    }

    /**
     * Within 1 ulp of StrictMath leaves room for a sloppier method (no tail of the reduction: 84 % equal bits; the
     * plain 1 − (z/2 − …) cosine: 97 %). Being fdlibm's method, SinCos gives StrictMath's very bits almost always.
     */
    @Test
    void givesStrictMathsBitsForAtLeast985In1000JointAngles() {
        Random random = new Random(1);
        int n = 400_000, equal = 0;
        for (int i = 0; i < n; i++) {
            double angle = (random.nextDouble() - 0.5) * 8 * Math.PI;
            SinCos.of(angle, out, 0);
            equal += out[0] == StrictMath.sin(angle) ? 1 : 0;
            equal += out[1] == StrictMath.cos(angle) ? 1 : 0;
        }
        double share = equal / (2.0 * n);
        assertTrue(share >= 0.985, "StrictMath's bits in " + share + " of the results");
    }

    @Test
    void tinyAndSubnormalAnglesGiveTheAngleAndOne() {
        for (double angle : new double[] {Double.MIN_VALUE, 0x1p-1030, Double.MIN_NORMAL, 1e-300, 1e-20, 0x1p-27,
                Math.nextDown(0x1p-27), 0x1p-26, 1e-8}) {
            assertWithinOneUlpOfStrictMath(angle);
            assertWithinOneUlpOfStrictMath(-angle);
        }
        SinCos.of(Double.MIN_VALUE, out, 0);
        assertEquals(Double.MIN_VALUE, out[0], 0.0);
        assertEquals(1.0, out[1], 0.0);
    }

    @Test
    void zeroKeepsItsSign() {
        SinCos.of(-0.0, out, 0);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(out[0]), "sin(-0) is -0");
        assertEquals(1.0, out[1], 0.0);
        SinCos.of(0.0, out, 0);
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(out[0]), "sin(+0) is +0");
        assertEquals(1.0, out[1], 0.0);
    }

    @Test
    void nanAndInfinitiesGiveNan() {
        for (double angle : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            SinCos.of(angle, out, 0);
            assertTrue(Double.isNaN(out[0]), "sin " + angle);
            assertTrue(Double.isNaN(out[1]), "cos " + angle);
        }
    }

    @Test
    void anglesBeyondTheReductionLimitAreMathsOwn() {
        double limit = SinCos.REDUCIBLE;
        for (double angle : new double[] {Math.nextUp(limit), 2 * limit, 1e10, 1e22, -3e300, Double.MAX_VALUE}) {
            SinCos.of(angle, out, 0);
            assertEquals(Math.sin(angle), out[0], 0.0, "sin " + angle);
            assertEquals(Math.cos(angle), out[1], 0.0, "cos " + angle);
        }
        assertWithinOneUlpOfStrictMath(limit);
        assertWithinOneUlpOfStrictMath(-limit);
    }

    @Test
    void sineSquaredPlusCosineSquaredIsOne() {
        Random random = new Random(5);
        for (int i = 0; i < 200_000; i++) {
            double angle = (random.nextDouble() - 0.5) * 40;
            SinCos.of(angle, out, 0);
            double s = out[0], c = out[1];
            assertEquals(1.0, s * s + c * c, 4 * Math.ulp(1.0), "angle " + angle);
        }
    }

    @Test
    void theReductionConstantsAreFdlibmsBitsAndAddUpToHalfPi() {
        assertBits(0x3FE45F306DC9C883L, SinCos.INV_PIO2);
        assertBits(0x3FF921FB54400000L, SinCos.PIO2_1);
        assertBits(0x3DD0B4611A626331L, SinCos.PIO2_1T);
        assertBits(0x3DD0B4611A600000L, SinCos.PIO2_2);
        assertBits(0x3BA3198A2E037073L, SinCos.PIO2_2T);
        assertBits(0x3BA3198A2E000000L, SinCos.PIO2_3);
        assertBits(0x397B839A252049C1L, SinCos.PIO2_3T);
        // the parts have at most 33 significant bits, so that n·part is exact for n ≤ 2^20
        for (double part : new double[] {SinCos.PIO2_1, SinCos.PIO2_2, SinCos.PIO2_3}) {
            assertEquals(0, Double.doubleToRawLongBits(part) & ((1L << 20) - 1), "low 20 bits of " + part);
        }
        // each head plus its tail is π/2 to the precision the reduction claims (85, 118 and 151 bits)
        assertHalfPi(0x1p-85, SinCos.PIO2_1, SinCos.PIO2_1T);
        assertHalfPi(0x1p-118, SinCos.PIO2_1, SinCos.PIO2_2, SinCos.PIO2_2T);
        assertHalfPi(0x1p-151, SinCos.PIO2_1, SinCos.PIO2_2, SinCos.PIO2_3, SinCos.PIO2_3T);
        BigDecimal twoOverPi = BigDecimal.ONE.divide(HALF_PI, MathContext.DECIMAL128);
        assertEquals(twoOverPi.doubleValue(), SinCos.INV_PIO2, 0.0);
    }

    @Test
    void thePolynomialCoefficientsAreFdlibmsBits() {
        assertBits(0xBFC5555555555549L, SinCos.S1);
        assertBits(0x3F8111111110F8A6L, SinCos.S2);
        assertBits(0xBF2A01A019C161D5L, SinCos.S3);
        assertBits(0x3EC71DE357B1FE7DL, SinCos.S4);
        assertBits(0xBE5AE5E68A2B9CEBL, SinCos.S5);
        assertBits(0x3DE5D93A5ACFD57CL, SinCos.S6);
        assertBits(0x3FA555555555554CL, SinCos.C1);
        assertBits(0xBF56C16C16C15177L, SinCos.C2);
        assertBits(0x3EFA01A019CB1590L, SinCos.C3);
        assertBits(0xBE927E4F809C52ADL, SinCos.C4);
        assertBits(0x3E21EE9EBDB4B1C4L, SinCos.C5);
        assertBits(0xBDA8FAE9BE8838D4L, SinCos.C6);
    }

    private static void assertBits(long expected, double constant) {
        assertEquals(Long.toHexString(expected), Long.toHexString(Double.doubleToRawLongBits(constant)),
                "bits of " + constant);
    }

    private static void assertHalfPi(double relativeError, double... parts) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double part : parts) {
            sum = sum.add(new BigDecimal(part));
        }
        double error = sum.subtract(HALF_PI).abs().divide(HALF_PI, MathContext.DECIMAL64).doubleValue();
        assertTrue(error < relativeError, "relative error " + error + " of " + parts.length + " parts");
    }
}
