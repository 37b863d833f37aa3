package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.DELTA_T;
import static org.robocell.driver.franka.control.FrankaLimits.FACTOR_CARTESIAN_ROTATION_POSE_INTERFACE;
import static org.robocell.driver.franka.control.FrankaLimits.NORM_EPS;

import org.robocell.driver.franka.control.internal.Cpp;
import org.robocell.driver.franka.control.internal.Rotations;

/**
 * libfranka's rate limiter for the Cartesian interfaces: twists ({@code O_dP_EE_c}: translation, then rotation),
 * poses ({@code O_T_EE_c}, column-major 4x4) and the elbow. Translation and rotation are limited as 3-vectors by
 * their norms: the jerk vector is clipped to the jerk limit, and the acceleration to what still lets the velocity
 * stop at the velocity-norm sphere ({@code a_safe = min(J / A · d, A)}, {@code d} the distance from the last
 * velocity to the sphere along the acceleration). The pose interface turns the pose difference into a twist
 * (angle-axis for the rotation), limits it with the rotational limits × {@value
 * FrankaLimits#FACTOR_CARTESIAN_ROTATION_POSE_INTERFACE} and integrates it again (Rodrigues).
 *
 * <p>The poses must already be checked (finite, homogeneous); the limiter does not look. Allocation-free; one
 * instance per control loop (scratch arrays, not thread-safe).
 */
public final class CartesianRateLimiter {

    private final FrankaLimits limits;
    private final double[] twist = new double[6];
    private final double[] rotationDifference = new double[16];
    private final double[] quaternion = new double[4];

    public CartesianRateLimiter(FrankaLimits limits) {
        this.limits = limits;
    }

    public FrankaLimits limits() {
        return limits;
    }

    /**
     * A twist {@code [vx vy vz wx wy wz]} within the translational and rotational limits, from the last commanded
     * twist {@code O_dP_EE_c} and its derivative {@code O_ddP_EE_c}. {@code out} may be {@code twistCommand}.
     */
    public void twist(double[] twistCommand, double[] lastTwist, double[] lastAcceleration, double[] out) {
        twist(limits.maxTranslationalVelocity, limits.maxTranslationalAcceleration, limits.maxTranslationalJerk,
                limits.maxRotationalVelocity, limits.maxRotationalAcceleration, limits.maxRotationalJerk,
                twistCommand, lastTwist, lastAcceleration, out);
    }

    /**
     * A pose {@code O_T_EE} (column-major 4x4) whose twist stays within the limits, from the last commanded pose
     * {@code O_T_EE_c}, twist {@code O_dP_EE_c} and acceleration {@code O_ddP_EE_c}. {@code out} must not be
     * {@code lastPose}; it may be {@code pose}.
     */
    public void pose(double[] pose, double[] lastPose, double[] lastTwist, double[] lastAcceleration, double[] out) {
        for (int i = 0; i < 3; i++) {
            twist[i] = (pose[12 + i] - lastPose[12 + i]) / DELTA_T;
        }
        Rotations.rotationTimesTransposed(pose, lastPose, rotationDifference);
        Rotations.quaternionOf(rotationDifference, quaternion);
        Rotations.rotationVector(quaternion, DELTA_T, twist, 3);

        double factor = FACTOR_CARTESIAN_ROTATION_POSE_INTERFACE;
        twist(limits.maxTranslationalVelocity, limits.maxTranslationalAcceleration, limits.maxTranslationalJerk,
                factor * limits.maxRotationalVelocity, factor * limits.maxRotationalAcceleration,
                factor * limits.maxRotationalJerk, twist, lastTwist, lastAcceleration, twist);

        for (int i = 0; i < 3; i++) {
            out[12 + i] = lastPose[12 + i] + twist[i] * DELTA_T;
        }
        double w = Math.sqrt(twist[3] * twist[3] + twist[4] * twist[4] + twist[5] * twist[5]);
        if (w > NORM_EPS) {
            Rotations.rotate(twist[3] / w, twist[4] / w, twist[5] / w, DELTA_T * w, lastPose, out);
        } else {
            for (int col = 0; col < 3; col++) {
                System.arraycopy(lastPose, col * 4, out, col * 4, 3);
            }
        }
        out[3] = 0;
        out[7] = 0;
        out[11] = 0;
        out[15] = 1;
    }

    /**
     * The elbow position (joint 3's angle, {@code elbow_c[0]}) limited as a position through the velocity limiter
     * with the elbow limits, from the last commanded {@code elbow_c[0]}, {@code delbow_c[0]}, {@code ddelbow_c[0]}.
     * libfranka 0.9.2 does this; see the module README for what libfranka 0.11 and later do instead.
     */
    public double elbow(double elbow, double lastElbow, double lastElbowVelocity, double lastElbowAcceleration) {
        return RateLimiting.limitPosition(limits.maxElbowVelocity, -limits.maxElbowVelocity,
                limits.maxElbowAcceleration, limits.maxElbowJerk, elbow, lastElbow, lastElbowVelocity,
                lastElbowAcceleration);
    }

    private static void twist(double maxTranslationalVelocity, double maxTranslationalAcceleration,
            double maxTranslationalJerk, double maxRotationalVelocity, double maxRotationalAcceleration,
            double maxRotationalJerk, double[] command, double[] lastTwist, double[] lastAcceleration,
            double[] out) {
        limitVector(maxTranslationalVelocity, maxTranslationalAcceleration, maxTranslationalJerk, command,
                lastTwist, lastAcceleration, 0, out);
        limitVector(maxRotationalVelocity, maxRotationalAcceleration, maxRotationalJerk, command, lastTwist,
                lastAcceleration, 3, out);
    }

    /** One 3-vector (elements {@code at .. at + 2}) of a twist, limited by norms (libfranka's anonymous limitRate). */
    private static void limitVector(double maxVelocity, double maxAcceleration, double maxJerk, double[] command,
            double[] lastVelocity, double[] lastAcceleration, int at, double[] out) {
        double lvx = lastVelocity[at];
        double lvy = lastVelocity[at + 1];
        double lvz = lastVelocity[at + 2];
        double lax = lastAcceleration[at];
        double lay = lastAcceleration[at + 1];
        double laz = lastAcceleration[at + 2];
        double jx = (((command[at] - lvx) / DELTA_T) - lax) / DELTA_T;
        double jy = (((command[at + 1] - lvy) / DELTA_T) - lay) / DELTA_T;
        double jz = (((command[at + 2] - lvz) / DELTA_T) - laz) / DELTA_T;

        double ax = lax;
        double ay = lay;
        double az = laz;
        double jerkNorm = Math.sqrt(jx * jx + jy * jy + jz * jz);
        if (jerkNorm > NORM_EPS) {
            double clipped = Cpp.max(Cpp.min(jerkNorm, maxJerk), -maxJerk);
            ax += (jx / jerkNorm) * clipped * DELTA_T;
            ay += (jy / jerkNorm) * clipped * DELTA_T;
            az += (jz / jerkNorm) * clipped * DELTA_T;
        }

        double accelerationNorm = Math.sqrt(ax * ax + ay * ay + az * az);
        double ux = ax / accelerationNorm;
        double uy = ay / accelerationNorm;
        double uz = az / accelerationNorm;
        double dot = ux * lvx + uy * lvy + uz * lvz;
        double distanceToMaxVelocity = -dot
                + Math.sqrt(dot * dot - (lvx * lvx + lvy * lvy + lvz * lvz) + maxVelocity * maxVelocity);
        double safeMaxAcceleration = Cpp.min((maxJerk / maxAcceleration) * distanceToMaxVelocity, maxAcceleration);

        if (accelerationNorm > NORM_EPS) {
            double applied = Cpp.min(accelerationNorm, safeMaxAcceleration);
            out[at] = lvx + ux * applied * DELTA_T;
            out[at + 1] = lvy + uy * applied * DELTA_T;
            out[at + 2] = lvz + uz * applied * DELTA_T;
        } else {
            out[at] = lvx;
            out[at + 1] = lvy;
            out[at + 2] = lvz;
        }
    }
}
