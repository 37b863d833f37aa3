package org.robocell.driver.franka.emulator;

/**
 * What an FR3 starts with before a client sets anything: the impedances and collision thresholds libfranka's
 * examples set ({@code examples/examples_common.cpp: setDefaultBehavior}), the Franka Hand as end effector
 * (franka_description: flange to hand rpy (0, 0, -π/4), TCP 0.1034 m along z; its mass, centre of mass and inertia
 * as Desk's end-effector settings commonly show them, not checked against a robot).
 */
final class Fr3Defaults {

    static final double[] K_THETA = { 3000, 3000, 3000, 2500, 2500, 2000, 2000 };
    static final double[] K_X = { 3000, 3000, 3000, 300, 300, 300 };
    static final double[] TORQUE_THRESHOLDS = { 20, 20, 18, 18, 16, 14, 12 };
    static final double[] FORCE_THRESHOLDS = { 20, 20, 20, 25, 25, 25 };
    /** libfranka's usual start pose: the examples' and franka_ros2's "ready" position. */
    static final double[] READY = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
    /** Franka Hand mass (kg). */
    static final double HAND_MASS = 0.73;
    static final double[] HAND_COM = { -0.01, 0, 0.03 };
    static final double[] HAND_INERTIA = { 0.001, 0, 0, 0, 0.0025, 0, 0, 0, 0.0017 };
    static final double HAND_TCP_Z = 0.1034;

    private Fr3Defaults() {
    }

    /** F_T_NE of the Franka Hand, column-major. */
    static double[] flangeToNominalEndEffector() {
        double c = Math.cos(-Math.PI / 4);
        double s = Math.sin(-Math.PI / 4);
        return new double[] { c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, HAND_TCP_Z, 1 };
    }

    static double[] identity() {
        return new double[] { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    }
}
