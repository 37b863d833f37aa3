package org.robocell.api.motion;

/** Where a motion primitive goal is in its life. The last four are final. */
public enum GoalStatus {
    /** Valid and handed to the control loop, which has not taken it yet. */
    ACCEPTED,
    /** Its primitives are being executed. */
    EXECUTING,
    SUCCEEDED,
    /** Stopped by an execution error or the controller's deactivation. */
    ABORTED,
    /** Stopped on request (the robot came to a stop first). */
    CANCELED,
    /** Refused at submission; the result says why. */
    REJECTED;

    public boolean isFinal() {
        return this != ACCEPTED && this != EXECUTING;
    }
}
