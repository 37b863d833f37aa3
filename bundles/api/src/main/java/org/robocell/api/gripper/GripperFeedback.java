package org.robocell.api.gripper;

/**
 * The gripper while a goal executes, from the controller's last published state.
 *
 * @param position    the measured joint position
 * @param effort      the effort applied (effort command, or the effort limit of a position-commanded gripper)
 * @param stalled     short of the goal and not moving (faster than {@code stall_velocity_threshold}) right now; the
 *                    goal ends stalled once this has lasted {@code stall_timeout}
 * @param reachedGoal within {@code goal_tolerance} of the goal
 */
public record GripperFeedback(double position, double effort, boolean stalled, boolean reachedGoal) {
}
