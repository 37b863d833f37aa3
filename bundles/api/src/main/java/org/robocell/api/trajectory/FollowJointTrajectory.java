package org.robocell.api.trajectory;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.io.Channel;

/**
 * A joint trajectory controller's goal input, registered as {@code <controller>/follow_joint_trajectory}. Only one
 * goal executes at a time: a newly accepted goal aborts the previous one ("Current goal preempted by new incoming
 * action.").
 */
@ProviderType
public interface FollowJointTrajectory extends Channel {

    /** The controller's joints, in its order. */
    List<String> joints();

    /**
     * Validates the goal and hands it to the control loop. Never blocks the loop; the returned handle is ACCEPTED or
     * REJECTED (with the reason in its result).
     */
    GoalHandle submit(TrajectoryGoal goal);
}
