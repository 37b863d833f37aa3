package org.robocell.api.gripper;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.io.Channel;

/**
 * A gripper action controller's goal input, registered as {@code <controller>/gripper_cmd}. One goal executes at a
 * time: a newly accepted goal preempts the previous one, which ends CANCELED ("Preempted by a new goal.").
 */
@ProviderType
public interface GripperCommand extends Channel {

    /** The gripper joint the controller moves. */
    String joint();

    /**
     * Hands the goal to the control loop. Never blocks the loop; the returned handle is ACCEPTED or REJECTED (with
     * the reason in its result).
     */
    GoalHandle submit(GripperGoal goal);
}
