package org.robocell.api.gripper;

/**
 * How a goal ended, as {@code control_msgs/GripperCommand}'s result reports it.
 *
 * @param position    the joint position measured in the goal's last executing cycle; NaN if it never executed
 * @param effort      the effort the controller applied in that cycle (the effort command, or the effort limit in
 *                    force for a position-commanded gripper); NaN if it never executed
 * @param stalled     the joint stopped short of the goal for {@code stall_timeout}
 * @param reachedGoal the joint came within {@code goal_tolerance} of the goal
 * @param message     why the goal ended (or was refused)
 */
public record GoalResult(GoalStatus status, double position, double effort, boolean stalled, boolean reachedGoal,
        String message) {
}
