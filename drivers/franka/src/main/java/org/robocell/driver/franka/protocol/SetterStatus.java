package org.robocell.driver.franka.protocol;

/** Response status of the setters ({@code GetterSetterCommandBase}: SetCollisionBehavior … SetLoad). */
public enum SetterStatus implements StatusCode {
    SUCCESS,
    COMMAND_NOT_POSSIBLE_REJECTED,
    INVALID_ARGUMENT_REJECTED,
    COMMAND_REJECTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS
}
