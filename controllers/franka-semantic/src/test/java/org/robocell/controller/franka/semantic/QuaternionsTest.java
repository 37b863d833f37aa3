package org.robocell.controller.franka.semantic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.robocell.controller.testkit.AllocationMeter;

class QuaternionsTest {

    private static final double[][] AXES = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { -1, 0, 0 }, { 0, -1, 0 },
            { 0, 0, -1 } };
    private static final double S = Math.sqrt(0.5);

    @Test
    void aRotationTurnedIntoAQuaternionAndBackIsTheSameRotationForManyRandomRotations() {
        Random random = new Random(15);
        double[] q = new double[4];
        double[] back = new double[16];
        for (int i = 0; i < 10_000; i++) {
            double[] t = Rotations.random(random);
            Quaternions.fromTransform(t, q);
            assertEquals(1.0, Quaternions.norm(q[0], q[1], q[2], q[3]), 1e-12, "unit length");
            Quaternions.toTransform(new double[] { t[12], t[13], t[14] }, q, back);
            assertArrayEquals(t, back, 1e-12, () -> "rotation " + java.util.Arrays.toString(t));
        }
    }

    @Test
    void theQuaternionIsTheAxisAndHalfTheAngleWithWNotNegative() {
        Random random = new Random(22);
        double[] q = new double[4];
        for (int i = 0; i < 10_000; i++) {
            double x = random.nextGaussian(), y = random.nextGaussian(), z = random.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            double angle = Math.PI * random.nextDouble();
            Quaternions.fromTransform(Rotations.axisAngle(x / n, y / n, z / n, angle), q);
            assertArrayEquals(Rotations.quaternion(x / n, y / n, z / n, angle), q, 1e-12);
        }
    }

    @Test
    void aRotationThatEigenWouldGiveANegativeWComesOutWithWNotNegative() {
        // 2.5 rad about −x: Eigen's Quaterniond(Matrix3d) takes the x branch and gives (sin 1.25, 0, 0, −cos 1.25)
        double[] q = new double[4];
        Quaternions.fromTransform(Rotations.axisAngle(-1, 0, 0, 2.5), q);
        assertArrayEquals(new double[] { -Math.sin(1.25), 0, 0, Math.cos(1.25) }, q, 1e-12);
        // 3π/2 about z is −π/2 about z
        Quaternions.fromTransform(Rotations.axisAngle(0, 0, 1, 1.5 * Math.PI), q);
        assertArrayEquals(new double[] { 0, 0, -S, S }, q, 1e-12);
        for (double[] a : AXES) {
            for (double angle : new double[] { 2.0, 3.0, -2.0, -3.0 }) {
                Quaternions.fromTransform(Rotations.axisAngle(a[0], a[1], a[2], angle), q);
                assertTrue(q[3] >= 0, "w of " + angle + " about " + java.util.Arrays.toString(a));
                double sign = Math.signum(angle);
                assertArrayEquals(Rotations.quaternion(sign * a[0], sign * a[1], sign * a[2], Math.abs(angle)), q,
                        1e-12);
            }
        }
    }

    @Test
    void theIdentityIsTheUnitQuaternion() {
        double[] q = new double[4];
        Quaternions.fromTransform(Rotations.axisAngle(0, 0, 1, 0), q);
        assertArrayEquals(new double[] { 0, 0, 0, 1 }, q, 0.0);
    }

    @Test
    void halfTurnsAndNearHalfTurnsAboutEachAxisWhereTheTraceIsNearMinusOneConvertExactly() {
        double[] q = new double[4];
        double[] back = new double[16];
        double[] p = { 1, 2, 3 };
        double[][] axes = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { S, S, 0 }, { 0, S, -S }, { -S, 0, S },
                { 1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3) } };
        for (double[] a : axes) {
            for (double angle : new double[] { Math.PI, Math.PI - 1e-12, Math.PI - 1e-9, Math.PI - 1e-6,
                    Math.PI - 1e-3 }) {
                double[] t = Rotations.axisAngle(a[0], a[1], a[2], angle);
                Quaternions.fromTransform(t, q);
                String what = angle + " about " + java.util.Arrays.toString(a);
                assertEquals(1.0, Quaternions.norm(q[0], q[1], q[2], q[3]), 1e-12, what);
                assertTrue(q[3] >= 0, what);
                double[] expected = Rotations.quaternion(a[0], a[1], a[2], angle);
                assertEquals(1.0, Math.abs(Quaternions.dot(expected, q)), 1e-12, what);
                Quaternions.toTransform(p, q, back);
                assertArrayEquals(t, back, 1e-12, what);
            }
        }
    }

    @Test
    void theOrientationErrorIsZeroAtTheDesiredOrientationOnEitherHemisphere() {
        Random random = new Random(7);
        double[] q = new double[4];
        double[] negated = new double[4];
        double[] e = new double[3];
        for (int i = 0; i < 1_000; i++) {
            double[] t = Rotations.random(random);
            Quaternions.fromTransform(t, q);
            for (int k = 0; k < 4; k++) {
                negated[k] = -q[k];
            }
            Quaternions.orientationError(t, q, q, e, 0);
            assertArrayEquals(new double[3], e, 1e-15);
            Quaternions.orientationError(t, q, negated, e, 0);
            assertArrayEquals(new double[3], e, 1e-15);
            Quaternions.rotationVectorError(q, negated, e, 0);
            assertArrayEquals(new double[3], e, 1e-15);
        }
    }

    @Test
    void aSmallTurnAboutEachBaseAxisAwayFromTheDesiredGivesAnErrorAlongThatAxis() {
        // franka_ros: e = −R·vec(q⁻¹·q_d) is sin(θ/2)·n for q = rot(n, θ)·q_d; the stiffness −K·e turns it back
        double[] desired = Rotations.axisAngle(S, 0, S, 2.0);
        double[] qd = new double[4];
        Quaternions.fromTransform(desired, qd);
        double[] measured = new double[16];
        double[] q = new double[4];
        double[] e = new double[5];
        double theta = 0.01;
        for (double[] n : AXES) {
            Transforms.multiply(Rotations.axisAngle(n[0], n[1], n[2], theta), desired, measured);
            Quaternions.fromTransform(measured, q);
            Quaternions.orientationError(measured, q, qd, e, 2);
            for (int k = 0; k < 3; k++) {
                assertEquals(Math.sin(theta / 2) * n[k], e[2 + k], 1e-12);
            }
            assertEquals(0.0, e[0], 0.0, "nothing written before 'at'");
            Quaternions.rotationVectorError(q, qd, e, 1);
            for (int k = 0; k < 3; k++) {
                assertEquals(theta * n[k], e[1 + k], 1e-12);
            }
        }
    }

    @Test
    void theErrorsAgreeOnTheAngleOfAnyTurnTheShorterWayRound() {
        Random random = new Random(9);
        double[] q = new double[4];
        double[] qd = new double[4];
        double[] e = new double[3];
        double[] r = new double[3];
        double[] measured = new double[16];
        for (int i = 0; i < 1_000; i++) {
            double[] desired = Rotations.random(random);
            double x = random.nextGaussian(), y = random.nextGaussian(), z = random.nextGaussian();
            double n = Math.sqrt(x * x + y * y + z * z);
            double theta = (Math.PI - 1e-3) * random.nextDouble();
            Transforms.multiply(Rotations.axisAngle(x / n, y / n, z / n, theta), desired, measured);
            Quaternions.fromTransform(desired, qd);
            Quaternions.fromTransform(measured, q);
            Quaternions.orientationError(measured, q, qd, e, 0);
            Quaternions.rotationVectorError(q, qd, r, 0);
            assertArrayEquals(new double[] { x / n * Math.sin(theta / 2), y / n * Math.sin(theta / 2),
                    z / n * Math.sin(theta / 2) }, e, 1e-9);
            assertArrayEquals(new double[] { x / n * theta, y / n * theta, z / n * theta }, r, 1e-9);
        }
    }

    @Test
    void slerpKeepsTheStartAtZeroReachesTheTargetAtOneAndIsHalfwayAtAHalf() {
        double[] start = Rotations.quaternion(0, 0, 1, 0.2);
        double[] target = Rotations.quaternion(0, 0, 1, 1.4);
        double[] q = start.clone();
        Quaternions.slerp(q, target, 0);
        assertArrayEquals(start, q, 1e-15);
        q = start.clone();
        Quaternions.slerp(q, target, 1);
        assertArrayEquals(target, q, 1e-15);
        q = start.clone();
        Quaternions.slerp(q, target, 0.5);
        assertArrayEquals(Rotations.quaternion(0, 0, 1, 0.8), q, 1e-15);
        q = start.clone();
        Quaternions.slerp(q, target, 0.25);
        assertArrayEquals(Rotations.quaternion(0, 0, 1, 0.5), q, 1e-15);
    }

    @Test
    void slerpGoesTheShorterWayWhenTheTargetIsGivenOnTheOtherHemisphere() {
        // 170° and −170° about x are 20° apart: halfway is 180°, not 0°
        double[] q = Rotations.quaternion(1, 0, 0, Math.toRadians(170));
        double[] target = Rotations.quaternion(-1, 0, 0, Math.toRadians(170));
        Quaternions.slerp(q, target, 0.5);
        assertEquals(1.0, Math.abs(q[0]), 1e-12);
        assertEquals(0.0, q[3], 1e-12);
        // the target negated (the same rotation) reaches the same rotation, on the start's side
        double[] start = Rotations.quaternion(0, 1, 0, 0.3);
        double[] negated = Rotations.quaternion(0, 1, 0, 1.1);
        for (int k = 0; k < 4; k++) {
            negated[k] = -negated[k];
        }
        Quaternions.slerp(start, negated, 0.5);
        assertArrayEquals(Rotations.quaternion(0, 1, 0, 0.7), start, 1e-15);
    }

    @Test
    void slerpBetweenAlmostEqualQuaternionsStaysFiniteAndOfUnitLength() {
        double[] target = Rotations.quaternion(0, 1, 0, 0.5);
        for (double apart : new double[] { 0, 1e-16, 1e-12, 1e-9, 1e-7 }) {
            double[] q = Rotations.quaternion(0, 1, 0, 0.5 + apart);
            Quaternions.slerp(q, target, 0.3);
            assertEquals(1.0, Quaternions.norm(q[0], q[1], q[2], q[3]), 1e-15, "apart " + apart);
            assertArrayEquals(Rotations.quaternion(0, 1, 0, 0.5 + 0.7 * apart), q, 1e-15, "apart " + apart);
        }
    }

    @Test
    void slerpRunEveryCycleAsAFilterConvergesOnTheTargetAndStaysOfUnitLength() {
        double[] q = Rotations.quaternion(1, 0, 0, 0);
        double[] target = Rotations.quaternion(S, S, 0, 2.5);
        for (int i = 0; i < 100_000; i++) {
            Quaternions.slerp(q, target, 0.005);
        }
        assertArrayEquals(target, q, 1e-12);
    }

    @Test
    void noneOfTheMethodsAllocates() {
        double[] t = Rotations.axisAngle(0, S, S, 2.9);
        double[] q = new double[4];
        double[] qd = Rotations.quaternion(0, 0, 1, 0.4);
        double[] p = { 0.3, 0, 0.5 };
        double[] out = new double[16];
        double[] e = new double[6];
        Runnable calls = () -> {
            for (int i = 0; i < 10_000; i++) {
                Quaternions.fromTransform(t, q);
                Quaternions.orientationError(t, q, qd, e, 0);
                Quaternions.rotationVectorError(q, qd, e, 3);
                Quaternions.slerp(q, qd, 0.1);
                Quaternions.toTransform(p, q, out);
            }
        };
        calls.run();
        assertEquals(0L, AllocationMeter.fewestBytes(calls));
    }
}
