package org.robocell.driver.franka.gripper.api;

/** How a gripper call ended. */
public enum GripperOutcome {
    /** The Hand answered kSuccess. */
    SUCCESS,
    /** The Hand answered kUnsuccessful: a grasp ended outside its epsilon band (libfranka returns false). */
    UNSUCCESSFUL,
    /** The Hand answered kFail: it could not carry the command out (libfranka throws "Command failed!"). */
    FAILED,
    /** The Hand answered kAborted: a stop or a newer command ended it (libfranka throws "Command aborted!"). */
    ABORTED,
    /** An argument was wrong; nothing was sent. */
    REFUSED,
    /** The component is not connected to a Hand (not configured, or the connection was lost). */
    NOT_CONNECTED,
    /** The Hand did not answer in time, or the connection broke while waiting. */
    NO_ANSWER
}
