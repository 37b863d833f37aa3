package org.robocell.driver.franka.protocol;

/** Response status of {@code Move}: {@link #MOTION_STARTED} first, then the final status when the motion ends. */
public enum MoveStatus implements StatusCode {
    SUCCESS,
    MOTION_STARTED,
    PREEMPTED,
    PREEMPTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS,
    COMMAND_REJECTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS,
    COMMAND_NOT_POSSIBLE_REJECTED,
    START_AT_SINGULAR_POSE_REJECTED,
    INVALID_ARGUMENT_REJECTED,
    REFLEX_ABORTED,
    EMERGENCY_ABORTED,
    INPUT_ERROR_ABORTED,
    ABORTED
}
