package org.robocell.api.gripper;

/** Where a goal is in its life. The last four are final. */
public enum GoalStatus {
    /** Valid and handed to the control loop, which has not taken it yet. */
    ACCEPTED,
    /** The control loop drives the joint towards it. */
    EXECUTING,
    /** Reached within the goal tolerance, or stalled while stalling is allowed. */
    SUCCEEDED,
    /** Stalled (stalling not allowed) or stopped by the controller's deactivation. */
    ABORTED,
    /** Canceled by its sender (the gripper holds where it is) or preempted by a newer goal. */
    CANCELED,
    /** Refused at submission; the result says why. */
    REJECTED;

    public boolean isFinal() {
        return this != ACCEPTED && this != EXECUTING;
    }
}
