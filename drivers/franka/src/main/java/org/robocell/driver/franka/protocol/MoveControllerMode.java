package org.robocell.driver.franka.protocol;

/** The controller a {@code Move} request asks for (uint32 on the wire). */
public enum MoveControllerMode {
    JOINT_IMPEDANCE, CARTESIAN_IMPEDANCE, EXTERNAL_CONTROLLER;

    /** The mode RobotState shows while this controller runs. */
    public ControllerMode stateMode() {
        return ControllerMode.values()[ordinal()];
    }
}
