/**
 * franka_semantic_components ({@code frankarobotics/franka_ros2}: {@code franka_robot_state.hpp},
 * {@code franka_robot_model.hpp}) as a RoboCell controller uses them: {@link
 * org.robocell.controller.franka.semantic.FrankaRobotState} and {@link
 * org.robocell.controller.franka.semantic.FrankaRobotModel} are built at configure with the arm id, list the state
 * interfaces they read ({@code <arm_id>/q_0}, {@code <arm_id>/robot_model/mass_0}, ... as
 * {@code franka_hardware/FrankaHardwareInterface} exports them), bind to the controller's loaned handles at
 * activation (a missing interface refuses the activation with one line naming it) and then copy values into arrays
 * the caller owns: allocation-free, lock-free, for the update.
 *
 * <p>Since 1.1, {@link org.robocell.controller.franka.semantic.Transforms} and
 * {@link org.robocell.controller.franka.semantic.Quaternions}: the pose and orientation math of franka_ros's Cartesian
 * controllers (Eigen's there) on libfranka's column-major transforms, allocation-free, shared by the Franka
 * controllers.
 */
@Export
@Version("1.1.0")
package org.robocell.controller.franka.semantic;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
