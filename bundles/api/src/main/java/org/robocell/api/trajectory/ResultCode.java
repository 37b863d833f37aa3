package org.robocell.api.trajectory;

/** The error codes of {@code control_msgs/FollowJointTrajectory}'s result, with their numeric values. */
public enum ResultCode {
    SUCCESSFUL(0),
    INVALID_GOAL(-1),
    INVALID_JOINTS(-2),
    OLD_HEADER_TIMESTAMP(-3),
    PATH_TOLERANCE_VIOLATED(-4),
    GOAL_TOLERANCE_VIOLATED(-5);

    private final int value;

    ResultCode(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }
}
