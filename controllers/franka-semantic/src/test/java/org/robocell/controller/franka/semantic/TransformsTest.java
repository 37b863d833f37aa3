package org.robocell.controller.franka.semantic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;

class TransformsTest {

    private static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };

    @Test
    void theInverseTimesTheTransformIsTheIdentityEitherWayRound() {
        Random random = new Random(4);
        double[] inverse = new double[16];
        double[] product = new double[16];
        for (int i = 0; i < 10_000; i++) {
            double[] t = Rotations.random(random);
            Transforms.invert(t, inverse);
            Transforms.multiply(inverse, t, product);
            assertArrayEquals(IDENTITY, product, 1e-12);
            Transforms.multiply(t, inverse, product);
            assertArrayEquals(IDENTITY, product, 1e-12);
        }
    }

    @Test
    void theProductAppliesTheRightFactorFirstAndIsColumnMajor() {
        // a = translate by (1, 0, 0), b = a quarter turn about z: a·b takes the point (1, 0, 0) to (1, 1, 0)
        double[] a = IDENTITY.clone();
        a[12] = 1;
        double[] b = Rotations.axisAngle(0, 0, 1, Math.PI / 2);
        b[12] = 0;
        b[13] = 0;
        b[14] = 0;
        double[] ab = new double[16];
        Transforms.multiply(a, b, ab);
        double[] point = IDENTITY.clone();
        point[12] = 1;
        double[] moved = new double[16];
        Transforms.multiply(ab, point, moved);
        assertArrayEquals(new double[] { 1, 1, 0 }, new double[] { moved[12], moved[13], moved[14] }, 1e-15);
        Transforms.multiply(b, a, ab);
        Transforms.multiply(ab, point, moved);
        assertArrayEquals(new double[] { 0, 2, 0 }, new double[] { moved[12], moved[13], moved[14] }, 1e-15);
    }

    @Test
    void anUrdfOriginIsYawTimesPitchTimesRollAboutTheFixedAxesThenTheTranslation() {
        double[] t = new double[16];
        Transforms.fromXyzRpy(0.1, -0.2, 0.3, 0.4, -0.5, 0.6, t);
        double[] rz = Rotations.axisAngle(0, 0, 1, 0.6);
        double[] ry = Rotations.axisAngle(0, 1, 0, -0.5);
        double[] rx = Rotations.axisAngle(1, 0, 0, 0.4);
        for (double[] r : new double[][] { rz, ry, rx }) {
            r[12] = 0;
            r[13] = 0;
            r[14] = 0;
        }
        double[] zy = new double[16];
        double[] expected = new double[16];
        Transforms.multiply(rz, ry, zy);
        Transforms.multiply(zy, rx, expected);
        expected[12] = 0.1;
        expected[13] = -0.2;
        expected[14] = 0.3;
        assertArrayEquals(expected, t, 1e-15);
    }

    @Test
    void theInverseOfAnUrdfOriginUndoesItsTranslation() {
        double[] t = new double[16];
        double[] inverse = new double[16];
        Transforms.fromXyzRpy(0, 0.6, 0, 0, 0, Math.PI / 2, t);
        Transforms.invert(t, inverse);
        assertEquals(-0.6, inverse[12], 1e-15, "the frame 0.6 m along y, turned a quarter: its origin at x = −0.6");
        assertEquals(0.0, inverse[13], 1e-15);
    }

    @Test
    void noneOfTheMethodsAllocates() {
        double[] a = Rotations.axisAngle(0, 1, 0, 1.0);
        double[] b = new double[16];
        double[] c = new double[16];
        Runnable calls = () -> {
            for (int i = 0; i < 10_000; i++) {
                Transforms.fromXyzRpy(0.1, 0.2, 0.3, 0.4, 0.5, i, b);
                Transforms.invert(a, c);
                Transforms.multiply(b, c, a);
            }
        };
        calls.run();
        assertEquals(0L, AllocationMeter.fewestBytes(calls));
    }
}
