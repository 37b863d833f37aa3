/**
 * Goals for the joint trajectory controller, the counterpart of {@code control_msgs/FollowJointTrajectory}: find
 * the controller's {@link org.robocell.api.trajectory.FollowJointTrajectory} channel
 * ({@code <controller>/follow_joint_trajectory}) in the channel registry, submit a
 * {@link org.robocell.api.trajectory.TrajectoryGoal}, and follow its {@link org.robocell.api.trajectory.GoalHandle}.
 */
@Export
@Version("1.0.0")
package org.robocell.api.trajectory;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
