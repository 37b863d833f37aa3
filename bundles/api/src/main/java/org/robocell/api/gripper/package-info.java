/**
 * Goals for the gripper action controllers, the counterpart of {@code control_msgs/GripperCommand} and
 * {@code control_msgs/ParallelGripperCommand}: find the controller's {@link org.robocell.api.gripper.GripperCommand}
 * channel ({@code <controller>/gripper_cmd}) in the channel registry, submit a
 * {@link org.robocell.api.gripper.GripperGoal}, and follow its {@link org.robocell.api.gripper.GoalHandle}.
 */
@Export
@Version("1.0.0")
package org.robocell.api.gripper;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
