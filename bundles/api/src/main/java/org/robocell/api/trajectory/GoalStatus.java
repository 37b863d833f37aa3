package org.robocell.api.trajectory;

/** Where a goal is in its life. The last four are final. */
public enum GoalStatus {
    /** Valid and handed to the control loop, which has not taken it yet. */
    ACCEPTED,
    /** The control loop follows it. */
    EXECUTING,
    SUCCEEDED,
    /** Stopped by a tolerance violation, a newer goal (preempted) or the controller's deactivation. */
    ABORTED,
    CANCELED,
    /** Refused at submission; the result says why. */
    REJECTED;

    public boolean isFinal() {
        return this != ACCEPTED && this != EXECUTING;
    }
}
