package org.robocell.controller.jtc.internal;

import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.ResultCode;

/** The ways a goal can end. Constants, so that the control loop ends a goal without allocating. */
enum Outcome {
    SUCCEEDED(GoalStatus.SUCCEEDED, ResultCode.SUCCESSFUL, "Goal reached within the goal tolerance."),
    PATH_TOLERANCE_VIOLATED(GoalStatus.ABORTED, ResultCode.PATH_TOLERANCE_VIOLATED,
            "Aborted due to path tolerance violation"),
    GOAL_TOLERANCE_VIOLATED(GoalStatus.ABORTED, ResultCode.GOAL_TOLERANCE_VIOLATED,
            "Aborted due to goal tolerance violation"),
    PREEMPTED(GoalStatus.ABORTED, ResultCode.INVALID_GOAL, "Current goal preempted by new incoming action."),
    DEACTIVATED(GoalStatus.ABORTED, ResultCode.INVALID_GOAL, "Aborted: the controller was deactivated."),
    CANCELED(GoalStatus.CANCELED, ResultCode.SUCCESSFUL, "Goal canceled; holding position."),
    ENDED_BEFORE_START(GoalStatus.ABORTED, ResultCode.OLD_HEADER_TIMESTAMP,
            "The trajectory had ended by the time the control loop took it.");

    final GoalStatus status;
    final ResultCode code;
    final String message;

    Outcome(GoalStatus status, ResultCode code, String message) {
        this.status = status;
        this.code = code;
        this.message = message;
    }
}
