package org.robocell.driver.franka.protocol;

/** The motion generator the robot runs, as RobotState reports it (uint8; {@link #NONE} since protocol 7). */
public enum MotionGeneratorMode {
    IDLE, JOINT_POSITION, JOINT_VELOCITY, CARTESIAN_POSITION, CARTESIAN_VELOCITY,
    /** A Move with an external torque controller and no motion generator. */
    NONE;

    private static final MotionGeneratorMode[] VALUES = values();

    static MotionGeneratorMode of(int code, String field) {
        if (code < 0 || code >= VALUES.length) {
            throw new FciProtocolException(field + "=" + code + " is not a motion generator mode (expected 0..5)");
        }
        return VALUES[code];
    }
}
