package org.robocell.controller.motion.internal;

import org.robocell.api.motion.GoalStatus;
import org.robocell.api.motion.ResultCode;

/** The ways a goal can end. Constants, so that the control loop ends a goal without allocating. */
enum Outcome {
    SUCCEEDED(GoalStatus.SUCCEEDED, ResultCode.SUCCESSFUL, "Motion primitives executed successfully."),
    CANCELED(GoalStatus.CANCELED, ResultCode.CANCELED, "Motion primitives execution canceled: the robot stopped."),
    DEACTIVATED(GoalStatus.ABORTED, ResultCode.ABORTED_BY_DEACTIVATION,
            "Controller is being deactivated, aborting action."),
    FAILED(GoalStatus.ABORTED, ResultCode.EXECUTION_FAILED, "The robot reported ERROR while executing the primitives.");

    final GoalStatus status;
    final ResultCode code;
    final String message;

    Outcome(GoalStatus status, ResultCode code, String message) {
        this.status = status;
        this.code = code;
        this.message = message;
    }
}
