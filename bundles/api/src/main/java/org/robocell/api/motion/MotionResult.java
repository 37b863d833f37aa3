package org.robocell.api.motion;

/** How a goal ended: its final status, the code and the reason in one line. */
public record MotionResult(GoalStatus status, ResultCode code, String message) {
}
