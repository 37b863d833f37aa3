package org.robocell.driver.franka.protocol;

/** Response status of {@code StopMove}. */
public enum StopMoveStatus implements StatusCode {
    SUCCESS,
    COMMAND_NOT_POSSIBLE_REJECTED,
    COMMAND_REJECTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS,
    EMERGENCY_ABORTED,
    REFLEX_ABORTED,
    ABORTED
}
