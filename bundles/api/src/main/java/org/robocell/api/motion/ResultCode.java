package org.robocell.api.motion;

/** Why a goal ended, as {@code ExecuteMotionPrimitiveSequence}'s result error codes. */
public enum ResultCode {
    SUCCESSFUL,
    /** Canceled: the robot was stopped (STOP_MOTION) and reset. */
    CANCELED,
    /** The controller was deactivated while the goal ran. */
    ABORTED_BY_DEACTIVATION,
    /** The robot (or executor) reported an ERROR, e.g. a primitive it could not plan. */
    EXECUTION_FAILED,
    /** Refused at submission. */
    INVALID_GOAL
}
