package org.robocell.driver.franka.emulator;

/**
 * The FR3's limits as libfranka states them ({@code include/franka/rate_limiting.h}, FR3 since 0.13, and the
 * robot-supplied URDF for system 5.9): joint position range, position-dependent velocity limits, acceleration, jerk,
 * torque and torque rate. The emulator checks a motion against these times {@code 1 + margin}.
 */
final class Fr3Limits {

    static final double[] Q_MAX = { 2.7501, 1.7918, 2.9065, -0.1458, 2.8101, 4.5205, 3.0196 };
    static final double[] Q_MIN = { -2.7501, -1.7918, -2.9065, -3.0481, -2.8101, 0.54092, -3.0196 };
    static final double[] DQ_MAX = { 2.62, 2.62, 2.62, 2.62, 5.26, 4.18, 5.26 };
    /** {@code computeUpperLimitsJointVelocity}'s offsets and gains. */
    private static final double[] O = { 0.30, 0.20, 0.20, 0.30, 0.35, 0.35, 0.35 };
    private static final double[] K = { 12, 5.17, 7, 8, 34, 11, 34 };
    static final double DDQ_MAX = 10;
    static final double DDDQ_MAX = 5000;
    static final double[] TAU_MAX = { 87, 87, 87, 87, 12, 12, 12 };
    static final double TORQUE_RATE_MAX = 1000;
    static final double TRANSLATION_VELOCITY_MAX = 3.0;
    static final double ROTATION_VELOCITY_MAX = 2.5;
    static final double TRANSLATION_ACCELERATION_MAX = 9;
    static final double ROTATION_ACCELERATION_MAX = 17;
    static final double TRANSLATION_JERK_MAX = 4500;
    static final double ROTATION_JERK_MAX = 8500;

    private Fr3Limits() {
    }

    /** The largest velocity joint {@code i} may have at position {@code q} (it falls to 0 towards the upper limit). */
    static double upperVelocity(int i, double q) {
        return Math.min(DQ_MAX[i], Math.max(0, -O[i] + Math.sqrt(Math.max(0, K[i] * (Q_MAX[i] - q)))));
    }

    /** The most negative velocity joint {@code i} may have at position {@code q}. */
    static double lowerVelocity(int i, double q) {
        return Math.max(-DQ_MAX[i], Math.min(0, O[i] - Math.sqrt(Math.max(0, K[i] * (q - Q_MIN[i])))));
    }
}
