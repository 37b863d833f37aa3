package org.robocell.api.trajectory;

/** How a goal ended (or why it was refused). */
public record GoalResult(GoalStatus status, ResultCode code, String message) {
}
