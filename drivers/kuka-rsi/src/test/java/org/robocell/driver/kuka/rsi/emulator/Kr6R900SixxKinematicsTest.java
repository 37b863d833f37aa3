package org.robocell.driver.kuka.rsi.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The emulated RIst against reference values computed with Orocos KDL from the KR 6 R900 sixx URDF (tip tool0,
 * which is the flange turned by +90 deg about y).
 */
class Kr6R900SixxKinematicsTest {

    // joint angles (rad), tool0 position (m), tool0 rotation (row-major), from the KDL reference
    private static final double[][][] SAMPLES = {
            {
                    { 2.7061618457768244, 0.5714113628818285, -1.8219810149116664, -2.6807796856333574,
                            1.4053344144254614, 2.882917271598531 },
                    { -0.3875605092441473, -0.21899660666956003, 0.5983478077807692 },
                    { -0.42599723074758405, 0.10766911494744763, 0.8982948965021579, -0.37278423905678637,
                            -0.9255788804516055, -0.0658456313873987, 0.8243532437652211, -0.36292023606900964,
                            0.43443138899643485 } },
            {
                    { -0.32724183164186993, -2.2159298082927448, -1.9213437014577253, -3.051627962169091,
                            -0.14705224657465932, -2.217866858298192 },
                    { -0.47361716149958183, -0.16187959974033567, 0.3320261254348878 },
                    { -0.09684372351835323, -0.7776192506304189, -0.6212323190756309, -0.9286121748093683,
                            0.2952200487102765, -0.2247766705761905, 0.3581909016305637, 0.5551156851400326,
                            -0.750696912275917 } },
            {
                    { -0.8668312180532673, 0.3049084245830982, 2.2395604630447523, -0.25177245368483536,
                            0.2836023357906923, 5.13530507717708 },
                    { 0.03177931070049654, 0.04604348514870162, -0.02694541056000593 },
                    { -0.7427646377926032, 0.07245325825076476, -0.6656209268147082, 0.641349407596304,
                            0.3624806484027875, -0.6762238659714437, 0.19228008274570024, -0.9291707619713089,
                            -0.31570566177527426 } } };

    private final Kr6R900SixxKinematics kinematics = new Kr6R900SixxKinematics();

    @Test
    void flangePositionAndOrientationMatchTheReference() {
        for (double[][] sample : SAMPLES) {
            double[] axes = new double[6];
            for (int i = 0; i < 6; i++) {
                axes[i] = Math.toDegrees(sample[0][i]);
            }
            double[] pose = new double[6];
            kinematics.flangePose(axes, pose);
            assertEquals(sample[1][0] * 1000, pose[0], 1e-9);
            assertEquals(sample[1][1] * 1000, pose[1], 1e-9);
            assertEquals(sample[1][2] * 1000, pose[2], 1e-9);
            // flange = tool0 turned back by -90 deg about its y axis
            double[] t = sample[2];
            double[] flange = { t[2], t[1], -t[0], t[5], t[4], -t[3], t[8], t[7], -t[6] };
            assertArrayEquals(flange, kinematics.rotation(), 1e-12);
            assertArrayEquals(flange, fromAbc(pose[3], pose[4], pose[5]), 1e-12, "A B C describe that rotation");
        }
    }

    @Test
    void homeIsTheWellKnownKukaFlangePose() {
        double[] pose = new double[6];
        kinematics.flangePose(RsiEmulatorConfig.HOME_DEGREES, pose);
        assertArrayEquals(new double[] { 445, 0, 810, 0, 90, 0 }, pose, 1e-9);
    }

    /** Rz(A) Ry(B) Rx(C), degrees. */
    private static double[] fromAbc(double a, double b, double c) {
        double ca = Math.cos(Math.toRadians(a));
        double sa = Math.sin(Math.toRadians(a));
        double cb = Math.cos(Math.toRadians(b));
        double sb = Math.sin(Math.toRadians(b));
        double cc = Math.cos(Math.toRadians(c));
        double sc = Math.sin(Math.toRadians(c));
        return new double[] {
                ca * cb, ca * sb * sc - sa * cc, ca * sb * cc + sa * sc,
                sa * cb, sa * sb * sc + ca * cc, sa * sb * cc - ca * sc,
                -sb, cb * sc, cb * cc };
    }
}
