package org.robocell.driver.kuka.fri.emulator;

import org.robocell.driver.kuka.cartesian.Reach;

/**
 * The LBR iiwa 14 R820's seven joints: position, velocity and torque limits as lbr_fri_ros2_stack describes them
 * ({@code lbr_description/urdf/iiwa14/joint_limits.yaml}: degrees, degrees per second, Nm).
 */
public final class LbrIiwa14 {

    public static final int JOINTS = 7;

    private static final double[] POSITION_LIMIT_DEG = { 170, 120, 170, 120, 170, 120, 175 };
    private static final double[] VELOCITY_LIMIT_DEG_S = { 85, 85, 100, 75, 130, 135, 135 };
    private static final double TORQUE_LIMIT_NM = 200;

    /**
     * height of the A2 axis above the base (mm): the centre of the sphere the flange can reach
     * @since 1.1
     */
    public static final double SHOULDER_HEIGHT_MM = 360;
    /**
     * the flange's largest distance from the A2 axis (mm): 420 to A4, 400 to A6, 126 to the flange
     * @since 1.1
     */
    public static final double REACH_MM = 946;
    /**
     * the sphere the flange can reach
     * @since 1.2
     */
    public static final Reach REACH = new Reach(SHOULDER_HEIGHT_MM, REACH_MM);

    private LbrIiwa14() {
    }

    /** |q| at most this (rad); the limits are symmetric */
    public static double positionLimit(int joint) {
        return Math.toRadians(POSITION_LIMIT_DEG[joint]);
    }

    /** rad/s */
    public static double velocityLimit(int joint) {
        return Math.toRadians(VELOCITY_LIMIT_DEG_S[joint]);
    }

    /** Nm */
    public static double torqueLimit(int joint) {
        return TORQUE_LIMIT_NM;
    }
}
