package org.robocell.driver.kuka.fri.protocol;

/**
 * {@code ClientCommandMode}: what the client's command carries in COMMANDING_ACTIVE. The ordinal is the number on the
 * wire; {@code POSITION} is 1.x's name for 2.x's {@code JOINT_POSITION}; {@link #CARTESIAN_POSE} exists on 2.x only.
 */
public enum FriCommandMode {
    NO_COMMAND_MODE,
    /** joint positions (rad) */
    POSITION,
    /** joint positions and a Cartesian wrench (N, Nm) fed forward; the robot is in Cartesian impedance control */
    WRENCH,
    /** joint positions and joint torques (Nm) added to the impedance controller; the robot is in joint impedance */
    TORQUE,
    /** a Cartesian pose (2.x) */
    CARTESIAN_POSE;

    private static final FriCommandMode[] VALUES = values();

    /** The mode with this wire number, null for a number FRI does not define. */
    public static FriCommandMode of(long wire) {
        return wire >= 0 && wire < VALUES.length ? VALUES[(int) wire] : null;
    }
}
