package org.robocell.driver.franka.protocol;

/** The robot's mode, as RobotState reports it (uint8). */
public enum RobotMode {
    OTHER, IDLE, MOVE, GUIDING, REFLEX, USER_STOPPED, AUTOMATIC_ERROR_RECOVERY;

    private static final RobotMode[] VALUES = values();

    static RobotMode of(int code, String field) {
        if (code < 0 || code >= VALUES.length) {
            throw new FciProtocolException(field + "=" + code + " is not a robot mode (expected 0..6)");
        }
        return VALUES[code];
    }
}
