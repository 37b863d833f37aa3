/**
 * Goals for the gripper action controllers, the counterpart of {@code control_msgs/GripperCommand} and
 * {@code control_msgs/ParallelGripperCommand}: find the controller's {@link org.robocell.controller.gripper.GripperCommand}
 * channel ({@code <controller>/gripper_cmd}) in the channel registry, submit a
 * {@link org.robocell.controller.gripper.GripperGoal}, and follow its {@link org.robocell.controller.gripper.GoalHandle}.
 */
@Export
@Version("1.0.0")
package org.robocell.controller.gripper;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
