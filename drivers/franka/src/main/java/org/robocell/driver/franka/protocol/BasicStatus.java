package org.robocell.driver.franka.protocol;

/** Response status of the plain commands ({@code CommandBase}, e.g. {@code GetRobotModel}). */
public enum BasicStatus implements StatusCode {
    SUCCESS,
    COMMAND_NOT_POSSIBLE_REJECTED,
    COMMAND_REJECTED_DUE_TO_ACTIVATED_SAFETY_FUNCTIONS
}
