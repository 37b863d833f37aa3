package org.robocell.controller.franka.semantic;

import java.util.Random;

/** Test rotations built independently of the class under test: Rodrigues' formula from an axis and an angle. */
final class Rotations {

    private Rotations() {
    }

    /** The column-major transform rotating by {@code angle} about the unit axis (x, y, z), translated by (1, 2, 3). */
    static double[] axisAngle(double x, double y, double z, double angle) {
        double c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
        return new double[] { t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0, t * x * y - s * z,
                t * y * y + c, t * y * z + s * x, 0, t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0, 1, 2, 3,
                1 };
    }

    /** A rotation about a random axis by a random angle in [0, π], with a random translation. */
    static double[] random(Random random) {
        double x = random.nextGaussian(), y = random.nextGaussian(), z = random.nextGaussian();
        double n = Math.sqrt(x * x + y * y + z * z);
        double[] t = axisAngle(x / n, y / n, z / n, Math.PI * random.nextDouble());
        t[12] = random.nextDouble() - 0.5;
        t[13] = random.nextDouble() - 0.5;
        t[14] = random.nextDouble();
        return t;
    }

    /** The quaternion (x, y, z, w) of a rotation by {@code angle} about the unit axis (x, y, z). */
    static double[] quaternion(double x, double y, double z, double angle) {
        double s = Math.sin(angle / 2);
        return new double[] { x * s, y * s, z * s, Math.cos(angle / 2) };
    }
}
