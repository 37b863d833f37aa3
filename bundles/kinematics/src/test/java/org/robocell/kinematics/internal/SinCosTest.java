package org.robocell.kinematics.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** {@link SinCos} agrees with {@link Math#sin} and {@link Math#cos} to a few units in the last place. */
class SinCosTest {

    private final double[] out = new double[2];

    private void assertMatchesMath(double angle) {
        SinCos.of(angle, out, 0);
        assertEquals(Math.sin(angle), out[0], 4e-16, "sin " + angle);
        assertEquals(Math.cos(angle), out[1], 4e-16, "cos " + angle);
    }

    @Test
    void randomJointAnglesInEveryQuadrant() {
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            assertMatchesMath((random.nextDouble() - 0.5) * 40);
        }
    }

    @Test
    void quadrantBoundariesAndTheirNeighbours() {
        for (int k = -40; k <= 40; k++) {
            double boundary = k * Math.PI / 4;
            assertMatchesMath(boundary);
            assertMatchesMath(Math.nextUp(boundary));
            assertMatchesMath(Math.nextDown(boundary));
        }
        assertMatchesMath(0.0);
        assertMatchesMath(-0.0);
        assertMatchesMath(1e-300);
    }

    @Test
    void largeAnglesUpToTheReductionLimit() {
        Random random = new Random(11);
        for (int i = 0; i < 10_000; i++) {
            // the reduction's error grows with the angle: a few ulps of 2^19 rad
            double angle = (random.nextDouble() - 0.5) * 0x1p20;
            SinCos.of(angle, out, 0);
            assertEquals(Math.sin(angle), out[0], 1e-10, "sin " + angle);
            assertEquals(Math.cos(angle), out[1], 1e-10, "cos " + angle);
        }
    }

    @Test
    void hugeAndNonFiniteAnglesGoToMath() {
        for (double angle : new double[] {1e10, -3e300, Double.MAX_VALUE}) {
            SinCos.of(angle, out, 0);
            assertEquals(Math.sin(angle), out[0], 0.0);
            assertEquals(Math.cos(angle), out[1], 0.0);
        }
        for (double angle : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            SinCos.of(angle, out, 0);
            assertEquals(Double.NaN, out[0]);
            assertEquals(Double.NaN, out[1]);
        }
    }
}
