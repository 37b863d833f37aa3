package org.robocell.driver.kuka.fri.internal;

import org.robocell.driver.kuka.fri.protocol.FriCommandMode;

/**
 * kuka_drivers' control modes that FRI runs ({@code kuka_drivers_core/control_mode.hpp}, the numbers its
 * {@code control_mode} parameter takes) and the client command mode each needs on the robot
 * ({@code kuka_sunrise_fri_driver/src/hardware_interface.cpp}, {@code on_activate}).
 */
enum FriControlMode {
    JOINT_POSITION_CONTROL(1, FriCommandMode.POSITION, "position"),
    /** joint positions on the wire; stiffness and damping are the Sunrise application's, set before commanding */
    JOINT_IMPEDANCE_CONTROL(2, FriCommandMode.POSITION, "position"),
    /** joint torques on the wire, with the measured positions held */
    JOINT_TORQUE_CONTROL(4, FriCommandMode.TORQUE, "effort"),
    /**
     * FRI 2.x only: a Cartesian pose of the flange on the wire, no joint positions (kuka_drivers'
     * {@code CARTESIAN_POSITION_CONTROL} on branch {@code feature/fri_cart_pose_control})
     */
    CARTESIAN_POSITION_CONTROL(5, FriCommandMode.CARTESIAN_POSE, null),
    /** a Cartesian wrench on the wire, with the measured positions held */
    WRENCH_CONTROL(8, FriCommandMode.WRENCH, null);

    final int number;
    final FriCommandMode commandMode;
    /** the joint command interface the mode's controllers claim, null for none */
    final String jointInterface;

    FriControlMode(int number, FriCommandMode commandMode, String jointInterface) {
        this.number = number;
        this.commandMode = commandMode;
        this.jointInterface = jointInterface;
    }

    /** kuka_drivers' number ("1") or name ("joint_position_control", any case). */
    static FriControlMode parse(String text) {
        String t = text.trim();
        for (FriControlMode m : values()) {
            if (t.equals(String.valueOf(m.number)) || t.equalsIgnoreCase(m.name())) {
                return m;
            }
        }
        throw new IllegalArgumentException("control_mode '" + text + "' is not one FRI runs: 1 (joint position), 2"
                + " (joint impedance), 4 (joint torque), 5 (Cartesian position, FRI 2.x) or 8 (wrench)");
    }
}
