package org.robocell.driver.franka.protocol;

/** Response status of {@code AutomaticErrorRecovery}. */
public enum ErrorRecoveryStatus implements StatusCode {
    SUCCESS,
    COMMAND_NOT_POSSIBLE_REJECTED,
    COMMAND_REJECTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS,
    MANUAL_ERROR_RECOVERY_REQUIRED_REJECTED,
    REFLEX_ABORTED,
    EMERGENCY_ABORTED,
    ABORTED
}
