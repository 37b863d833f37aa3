package org.robocell.controller.franka.semantic;

/** libfranka's {@code franka::RobotMode} ({@code include/franka/robot_state.h}), in its order (the interface's value). */
public enum FrankaRobotMode {
    OTHER, IDLE, MOVE, GUIDING, REFLEX, USER_STOPPED, AUTOMATIC_ERROR_RECOVERY;

    private static final FrankaRobotMode[] BY_VALUE = values();

    /** The mode a {@code robot_mode} interface value stands for; {@link #OTHER} for NaN or an unknown value. */
    public static FrankaRobotMode of(double value) {
        if (!(value >= 0 && value < BY_VALUE.length) || value != Math.rint(value)) {
            return OTHER;
        }
        return BY_VALUE[(int) value];
    }
}
