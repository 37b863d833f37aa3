package org.robocell.controller.gripper.internal;

import org.robocell.api.gripper.GoalStatus;

/** The ways a goal can end. Constants, so that the control loop ends a goal without allocating. */
enum Outcome {
    REACHED(GoalStatus.SUCCEEDED, true, false, "Goal reached within the goal tolerance."),
    STALLED_ALLOWED(GoalStatus.SUCCEEDED, false, true, "Stalled before the goal; stalling is allowed."),
    STALLED(GoalStatus.ABORTED, false, true, "Stall detected moving to goal."),
    PREEMPTED(GoalStatus.CANCELED, false, false, "Preempted by a new goal."),
    CANCELED(GoalStatus.CANCELED, false, false, "Goal canceled; holding position."),
    DEACTIVATED(GoalStatus.ABORTED, false, false, "Aborted: the controller was deactivated.");

    final GoalStatus status;
    final boolean reachedGoal;
    final boolean stalled;
    final String message;

    Outcome(GoalStatus status, boolean reachedGoal, boolean stalled, String message) {
        this.status = status;
        this.reachedGoal = reachedGoal;
        this.stalled = stalled;
        this.message = message;
    }
}
