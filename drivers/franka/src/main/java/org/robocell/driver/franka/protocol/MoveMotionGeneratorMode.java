package org.robocell.driver.franka.protocol;

/** The motion generator a {@code Move} request asks for (uint32 on the wire; {@link #NONE} for torque control). */
public enum MoveMotionGeneratorMode {
    JOINT_POSITION, JOINT_VELOCITY, CARTESIAN_POSITION, CARTESIAN_VELOCITY, NONE;

    /** The mode RobotState shows while this motion generator runs. */
    public MotionGeneratorMode stateMode() {
        return MotionGeneratorMode.values()[ordinal() + 1];
    }
}
