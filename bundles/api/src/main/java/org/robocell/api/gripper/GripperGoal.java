package org.robocell.api.gripper;

/**
 * Where to move the gripper joint and how hard it may push.
 *
 * @param position    the joint position to reach (for a parallel gripper, usually the width)
 * @param maxEffort   the most effort to apply, at least 0; NaN for the controller's {@code max_effort}
 * @param maxVelocity the speed limit handed to a {@code max_velocity_interface}, at least 0; NaN for the
 *                    controller's {@code max_velocity}
 */
public record GripperGoal(double position, double maxEffort, double maxVelocity) {

    /** A goal with the controller's default effort and velocity limits. */
    public static GripperGoal to(double position) {
        return new GripperGoal(position, Double.NaN, Double.NaN);
    }

    /** A goal with its own effort limit and the controller's default velocity limit. */
    public static GripperGoal to(double position, double maxEffort) {
        return new GripperGoal(position, maxEffort, Double.NaN);
    }
}
