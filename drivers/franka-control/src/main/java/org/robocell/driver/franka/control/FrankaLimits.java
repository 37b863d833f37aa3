package org.robocell.driver.franka.control;

import java.util.Arrays;

/**
 * The limits libfranka's rate limiter keeps a command within, for one robot generation. Every value is already
 * reduced by libfranka's margins ({@code kLimitEps} and the lost-packet tolerance), as {@code
 * include/franka/rate_limiting.h} defines them: {@link #FR3} from libfranka 0.15.0 (FR3, unchanged since 0.11.0
 * apart from the position-dependent velocity limits), {@link #FER} from libfranka 0.9.2 (Panda / FER).
 *
 * <p>Immutable. The arrays handed out by the accessors are copies; the limiters read the fields directly.
 */
public final class FrankaLimits {

    /** The control period libfranka's limiter and filter assume ({@code kDeltaT}), seconds. */
    public static final double DELTA_T = 1e-3;
    /** libfranka's margin below every robot limit ({@code kLimitEps}). */
    public static final double LIMIT_EPS = 1e-3;
    /** Below this norm a jerk, acceleration or angular velocity has no direction ({@code kNormEps}). */
    public static final double NORM_EPS = Math.ulp(1.0);
    /** The Cartesian pose interface limits rotation to this share of the rotational limits. */
    public static final double FACTOR_CARTESIAN_ROTATION_POSE_INTERFACE = 0.99;
    /** Joints of a Franka arm. */
    public static final int JOINTS = 7;

    /** Franka Research 3, libfranka 0.15.0 ({@code kTolNumberPacketsLost} = 0, position-dependent velocities). */
    public static final FrankaLimits FR3 = fr3();
    /** Panda / Franka Emika Robot, libfranka 0.9.2 ({@code kTolNumberPacketsLost} = 3, constant velocities). */
    public static final FrankaLimits FER = fer();

    private final String name;
    private final double tolNumberPacketsLost;
    final double[] maxTorqueRate;
    final double[] maxJointJerk;
    final double[] maxJointAcceleration;
    /** FR3: the per-joint tolerance subtracted from the position-dependent limits; FER: unused. */
    final double[] jointVelocityTolerance;
    /** FR3: the plateau of the position-dependent limit; FER: the constant limit, margins already subtracted. */
    final double[] maxJointVelocity;
    /** Position-dependent limits only (FR3): offset, gain, joint range of {@code computeUpperLimitsJointVelocity}. */
    final double[] velocityOffset;
    final double[] velocityGain;
    final double[] upperJointPosition;
    final double[] lowerJointPosition;
    final boolean positionDependentVelocity;
    final double maxTranslationalJerk;
    final double maxTranslationalAcceleration;
    final double maxTranslationalVelocity;
    final double maxRotationalJerk;
    final double maxRotationalAcceleration;
    final double maxRotationalVelocity;
    final double maxElbowJerk;
    final double maxElbowAcceleration;
    final double maxElbowVelocity;

    private FrankaLimits(Builder b) {
        name = b.name;
        tolNumberPacketsLost = b.tolNumberPacketsLost;
        maxTorqueRate = b.maxTorqueRate;
        maxJointJerk = b.maxJointJerk;
        maxJointAcceleration = b.maxJointAcceleration;
        jointVelocityTolerance = new double[JOINTS];
        for (int i = 0; i < JOINTS; i++) {
            jointVelocityTolerance[i] = LIMIT_EPS + tolNumberPacketsLost * DELTA_T * maxJointAcceleration[i];
        }
        maxJointVelocity = b.maxJointVelocity;
        velocityOffset = b.velocityOffset;
        velocityGain = b.velocityGain;
        upperJointPosition = b.upperJointPosition;
        lowerJointPosition = b.lowerJointPosition;
        positionDependentVelocity = b.velocityOffset != null;
        maxTranslationalJerk = b.translational[0];
        maxTranslationalAcceleration = b.translational[1];
        maxTranslationalVelocity = b.translational[2];
        maxRotationalJerk = b.rotational[0];
        maxRotationalAcceleration = b.rotational[1];
        maxRotationalVelocity = b.rotational[2];
        maxElbowJerk = b.elbow[0];
        maxElbowAcceleration = b.elbow[1];
        maxElbowVelocity = b.elbow[2];
    }

    private static FrankaLimits fr3() {
        Builder b = new Builder("FR3", 0.0);
        b.maxTorqueRate = fill(1000 - LIMIT_EPS);
        b.maxJointJerk = fill(5000.0 - LIMIT_EPS);
        b.maxJointAcceleration = fill(10.0 - LIMIT_EPS);
        // computeUpperLimitsJointVelocity / computeLowerLimitsJointVelocity (libfranka >= 0.11.0)
        b.maxJointVelocity = new double[] {2.62, 2.62, 2.62, 2.62, 5.26, 4.18, 5.26};
        b.velocityOffset = new double[] {0.30, 0.20, 0.20, 0.30, 0.35, 0.35, 0.35};
        b.velocityGain = new double[] {12.0, 5.17, 7.00, 8.00, 34.0, 11.0, 34.0};
        b.upperJointPosition = new double[] {2.75010, 1.79180, 2.90650, -0.1458, 2.81010, 4.52050, 3.01960};
        b.lowerJointPosition = new double[] {-2.750100, -1.791800, -2.906500, -3.048100, -2.810100, 0.54092, -3.019600};
        b.cartesian(4500.0, 9.0, 3.0, 8500.0, 17.0, 2.5, 5000, 10.0, 1.5);
        return new FrankaLimits(b);
    }

    private static FrankaLimits fer() {
        Builder b = new Builder("FER", 3.0);
        b.maxTorqueRate = fill(1000 - LIMIT_EPS);
        b.maxJointJerk = minusEps(7500.0, 3750.0, 5000.0, 6250.0, 7500.0, 10000.0, 10000.0);
        b.maxJointAcceleration = minusEps(15.0, 7.5, 10.0, 12.5, 15.0, 20.0, 20.0);
        double[] nominal = {2.1750, 2.1750, 2.1750, 2.1750, 2.6100, 2.6100, 2.6100};
        b.maxJointVelocity = new double[JOINTS];
        for (int i = 0; i < JOINTS; i++) {
            b.maxJointVelocity[i] = nominal[i] - LIMIT_EPS - 3.0 * DELTA_T * b.maxJointAcceleration[i];
        }
        b.cartesian(6500.0, 13.0, 2.0, 12500.0, 25.0, 2.5, 5000, 10.0, 2.1750);
        return new FrankaLimits(b);
    }

    /** Which robot generation these are ({@code FR3} or {@code FER}). */
    public String name() {
        return name;
    }

    /** How many lost packets' worth of acceleration the velocity limits keep in reserve ({@code kTolNumberPacketsLost}). */
    public double tolNumberPacketsLost() {
        return tolNumberPacketsLost;
    }

    /** Whether the joint velocity limits depend on the joint position (FR3) or are constant (FER). */
    public boolean positionDependentJointVelocity() {
        return positionDependentVelocity;
    }

    public double[] maxTorqueRate() {
        return maxTorqueRate.clone();
    }

    public double[] maxJointJerk() {
        return maxJointJerk.clone();
    }

    public double[] maxJointAcceleration() {
        return maxJointAcceleration.clone();
    }

    public double maxTranslationalJerk() {
        return maxTranslationalJerk;
    }

    public double maxTranslationalAcceleration() {
        return maxTranslationalAcceleration;
    }

    public double maxTranslationalVelocity() {
        return maxTranslationalVelocity;
    }

    public double maxRotationalJerk() {
        return maxRotationalJerk;
    }

    public double maxRotationalAcceleration() {
        return maxRotationalAcceleration;
    }

    public double maxRotationalVelocity() {
        return maxRotationalVelocity;
    }

    public double maxElbowJerk() {
        return maxElbowJerk;
    }

    public double maxElbowAcceleration() {
        return maxElbowAcceleration;
    }

    public double maxElbowVelocity() {
        return maxElbowVelocity;
    }

    /**
     * The highest joint velocities allowed at the joint positions {@code q} (libfranka's {@code
     * computeUpperLimitsJointVelocity}; FER: the constant limits). Writes 7 values into {@code out}; allocates nothing.
     */
    public void upperJointVelocityLimits(double[] q, double[] out) {
        for (int i = 0; i < JOINTS; i++) {
            out[i] = upperJointVelocityLimit(i, q[i]);
        }
    }

    /** The lowest (most negative) joint velocities allowed at {@code q}; see {@link #upperJointVelocityLimits}. */
    public void lowerJointVelocityLimits(double[] q, double[] out) {
        for (int i = 0; i < JOINTS; i++) {
            out[i] = lowerJointVelocityLimit(i, q[i]);
        }
    }

    /** The highest velocity of joint {@code joint} (0-based) at position {@code q}. */
    public double upperJointVelocityLimit(int joint, double q) {
        if (!positionDependentVelocity) {
            return maxJointVelocity[joint];
        }
        double braking = -velocityOffset[joint]
                + Math.sqrt(Math.max(0.0, velocityGain[joint] * (upperJointPosition[joint] - q)));
        return Math.min(maxJointVelocity[joint], Math.max(0.0, braking)) - jointVelocityTolerance[joint];
    }

    /** The lowest velocity of joint {@code joint} (0-based) at position {@code q}. */
    public double lowerJointVelocityLimit(int joint, double q) {
        if (!positionDependentVelocity) {
            return -maxJointVelocity[joint];
        }
        double braking = velocityOffset[joint]
                - Math.sqrt(Math.max(0.0, velocityGain[joint] * (q - lowerJointPosition[joint])));
        return Math.max(-maxJointVelocity[joint], Math.min(0.0, braking)) + jointVelocityTolerance[joint];
    }

    @Override
    public String toString() {
        return name + " limits (torque rate " + maxTorqueRate[0] + " Nm/s, joint jerk "
                + Arrays.toString(maxJointJerk) + ", joint acceleration " + Arrays.toString(maxJointAcceleration)
                + (positionDependentVelocity ? ", position-dependent joint velocity" : ", joint velocity "
                        + Arrays.toString(maxJointVelocity)) + ")";
    }

    private static double[] fill(double value) {
        double[] values = new double[JOINTS];
        Arrays.fill(values, value);
        return values;
    }

    private static double[] minusEps(double... nominal) {
        double[] values = new double[nominal.length];
        for (int i = 0; i < nominal.length; i++) {
            values[i] = nominal[i] - LIMIT_EPS;
        }
        return values;
    }

    private static final class Builder {
        final String name;
        final double tolNumberPacketsLost;
        double[] maxTorqueRate;
        double[] maxJointJerk;
        double[] maxJointAcceleration;
        double[] maxJointVelocity;
        double[] velocityOffset;
        double[] velocityGain;
        double[] upperJointPosition;
        double[] lowerJointPosition;
        double[] translational;
        double[] rotational;
        double[] elbow;

        Builder(String name, double tolNumberPacketsLost) {
            this.name = name;
            this.tolNumberPacketsLost = tolNumberPacketsLost;
        }

        /** Nominal jerk, acceleration, velocity; the margins are subtracted as libfranka does. */
        void cartesian(double transJerk, double transAcc, double transVel, double rotJerk, double rotAcc,
                double rotVel, double elbowJerk, double elbowAcc, double elbowVel) {
            translational = limits(transJerk, transAcc, transVel);
            rotational = limits(rotJerk, rotAcc, rotVel);
            elbow = limits(elbowJerk, elbowAcc, elbowVel);
        }

        private double[] limits(double jerk, double acceleration, double velocity) {
            double a = acceleration - LIMIT_EPS;
            return new double[] {jerk - LIMIT_EPS, a, velocity - LIMIT_EPS - tolNumberPacketsLost * DELTA_T * a};
        }
    }
}
