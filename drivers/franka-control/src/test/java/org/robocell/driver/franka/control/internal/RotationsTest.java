package org.robocell.driver.franka.control.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RotationsTest {

    private static final double[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    @Test
    void aRotationAboutAnyAxisByAnyAngleUpToPiComesBackAsItsRotationVectorThroughTheQuaternion() {
        Random random = new Random(7);
        double[] m = new double[16];
        double[] q = new double[4];
        double[] vector = new double[3];
        for (int i = 0; i < 10_000; i++) {
            double x = random.nextGaussian();
            double y = random.nextGaussian();
            double z = random.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            // every branch of Shepperd's method: small angles (trace > 0) and angles near pi (largest diagonal)
            double angle = i % 2 == 0 ? Math.PI * random.nextDouble() : Math.PI - 1e-3 * random.nextDouble();
            Rotations.rotate(x / n, y / n, z / n, angle, IDENTITY, m);
            Rotations.quaternionOf(m, q);
            Rotations.rotationVector(q, 1.0, vector, 0);
            assertEquals(x / n * angle, vector[0], 1e-9, "x, case " + i);
            assertEquals(y / n * angle, vector[1], 1e-9, "y, case " + i);
            assertEquals(z / n * angle, vector[2], 1e-9, "z, case " + i);
            double[] back = IDENTITY.clone();
            Rotations.setRotation(q, back);
            for (int e = 0; e < 11; e++) {
                assertEquals(m[e], back[e], 1e-12, "element " + e + ", case " + i);
            }
        }
    }

    @Test
    void slerpGoesFromTheFirstToTheSecondOrientationTheShortWay() {
        double[] from = {0, 0, 0, 1};
        double half = Math.sqrt(0.5);
        double[] quarterTurnAboutZ = {0, 0, half, half};
        double[] out = new double[4];
        Rotations.slerp(from, 0.5, quarterTurnAboutZ, out);
        assertEquals(Math.sin(Math.PI / 8), out[2], 1e-15);
        assertEquals(Math.cos(Math.PI / 8), out[3], 1e-15);
        double[] sameTurnOtherSign = {0, 0, -half, -half};
        Rotations.slerp(from, 0.5, sameTurnOtherSign, out);
        assertEquals(Math.sin(Math.PI / 8), out[2], 1e-15, "q and -q are one orientation: no detour");
        Rotations.slerp(from, 1.0, quarterTurnAboutZ, out);
        assertEquals(half, out[2], 1e-15);
    }

    @Test
    void aHomogeneousTransformationIsRecognisedAndEachDefectNamesItsElement() {
        assertEquals(-1, Rotations.firstNonHomogeneousElement(IDENTITY));
        double[] rowMajorTranslation = IDENTITY.clone();
        rowMajorTranslation[3] = 0.3; // a row-major pose puts x where column-major has the bottom row
        assertEquals(3, Rotations.firstNonHomogeneousElement(rowMajorTranslation));
        double[] scaled = IDENTITY.clone();
        scaled[5] = 1.001;
        assertEquals(4, Rotations.firstNonHomogeneousElement(scaled), "column 1 is not a unit vector");
        double[] barelyOff = IDENTITY.clone();
        barelyOff[0] = 1 + 9e-6;
        assertEquals(-1, Rotations.firstNonHomogeneousElement(barelyOff), "libfranka's threshold is 1e-5");
        double[] notOne = IDENTITY.clone();
        notOne[15] = 0.999999;
        assertEquals(15, Rotations.firstNonHomogeneousElement(notOne));
    }
}
