package org.robocell.controller.jtc;

/** How a goal ended (or why it was refused). */
public record GoalResult(GoalStatus status, ResultCode code, String message) {
}
