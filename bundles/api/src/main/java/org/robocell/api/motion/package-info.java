/**
 * Motion primitives, the counterpart of {@code control_msgs/MotionPrimitive} and
 * {@code control_msgs/ExecuteMotionPrimitiveSequence}: find a controller's
 * {@link org.robocell.api.motion.ExecuteMotionPrimitiveSequence} channel ({@code <controller>/motion_sequence}) in the
 * channel registry, submit a list of {@link org.robocell.api.motion.MotionPrimitive}s, and follow the
 * {@link org.robocell.api.motion.MotionGoalHandle}. {@link org.robocell.api.motion.MotionInterfaces} names the
 * {@code motion_primitive/*} command and state interfaces and their values, as ros2_controllers'
 * motion_primitives_forward_controller and the hardware that executes primitives use them.
 */
@Export
@Version("1.0.0")
package org.robocell.api.motion;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
