/**
 * Goals for the joint trajectory controller, the counterpart of {@code control_msgs/FollowJointTrajectory}: find
 * the controller's {@link org.robocell.controller.jtc.FollowJointTrajectory} channel
 * ({@code <controller>/follow_joint_trajectory}) in the channel registry, submit a
 * {@link org.robocell.controller.jtc.TrajectoryGoal}, and follow its {@link org.robocell.controller.jtc.GoalHandle}.
 */
@Export
@Version("1.0.0")
package org.robocell.controller.jtc;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
