package org.robocell.driver.franka.internal.hardware;

/**
 * The FR3's joint position range, velocity and torque limits (the robot-supplied URDF of system 5.9,
 * {@code libfranka:test/fr3.urdf}, and {@code rate_limiting.h}): a command outside them is never sent.
 */
final class Fr3Range {

    static final double[] Q_MAX = { 2.7501, 1.7918, 2.9065, -0.1458, 2.8101, 4.5205, 3.0196 };
    static final double[] Q_MIN = { -2.7501, -1.7918, -2.9065, -3.0481, -2.8101, 0.54092, -3.0196 };
    static final double[] DQ_MAX = { 2.62, 2.62, 2.62, 2.62, 5.26, 4.18, 5.26 };
    static final double[] TAU_MAX = { 87, 87, 87, 87, 12, 12, 12 };

    private Fr3Range() {
    }

    /** The first joint whose value is outside its limit for {@code mode}, or -1. */
    static int outside(ControlMode mode, double[] values) {
        for (int i = 0; i < 7; i++) {
            double v = values[i];
            boolean out = switch (mode) {
                case JOINT_POSITION -> !(v >= Q_MIN[i] && v <= Q_MAX[i]);
                case JOINT_VELOCITY -> !(Math.abs(v) <= DQ_MAX[i]);
                case EFFORT -> !(Math.abs(v) <= TAU_MAX[i]);
                default -> false;
            };
            if (out) {
                return i;
            }
        }
        return -1;
    }

    /** The limit joint {@code i} broke in {@code mode}, for the error line. */
    static String limit(ControlMode mode, int i) {
        return switch (mode) {
            case JOINT_POSITION -> "[" + Q_MIN[i] + ", " + Q_MAX[i] + "] rad";
            case JOINT_VELOCITY -> "±" + DQ_MAX[i] + " rad/s";
            case EFFORT -> "±" + TAU_MAX[i] + " Nm";
            default -> "";
        };
    }
}
