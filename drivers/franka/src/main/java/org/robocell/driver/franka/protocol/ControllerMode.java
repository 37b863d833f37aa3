package org.robocell.driver.franka.protocol;

/** The controller the robot runs, as RobotState reports it (uint8). */
public enum ControllerMode {
    JOINT_IMPEDANCE, CARTESIAN_IMPEDANCE, EXTERNAL_CONTROLLER, OTHER;

    private static final ControllerMode[] VALUES = values();

    static ControllerMode of(int code, String field) {
        if (code < 0 || code >= VALUES.length) {
            throw new FciProtocolException(field + "=" + code + " is not a controller mode (expected 0..3)");
        }
        return VALUES[code];
    }
}
