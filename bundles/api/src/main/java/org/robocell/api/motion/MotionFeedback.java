package org.robocell.api.motion;

/**
 * A goal while it executes.
 *
 * @param executionState   what the robot (or executor) reports on {@code execution_status}
 * @param primitivesSent   primitives (without sequence markers) handed to the robot so far
 * @param primitives       primitives in the goal
 * @param currentPrimitive the primitive being executed (0-based), -1 when the controller cannot know (a forward
 *                         controller only sees what it sent)
 * @param progress         the fraction (0 to 1) of the goal's motion done, NaN when the controller cannot know
 */
public record MotionFeedback(ExecutionState executionState, int primitivesSent, int primitives, int currentPrimitive,
        double progress) {
}
