package org.robocell.api.controller;

import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.model.JointLimits;

/** What the controller manager hands a controller at {@code onInit}. */
@ProviderType
public interface ControllerContext {

    /** The controller's unique name in its loop, namespace prefix included. */
    String name();

    /** The type string it was loaded with, e.g. {@code joint_trajectory_controller/JointTrajectoryController}. */
    String type();

    /** The controller's {@code ros__parameters}. Re-read them in {@code onConfigure}: a reconfigure may change them. */
    Parameters parameters();

    /**
     * The name of the robot whose loop runs the controller (the {@code robocell.robot} service property of its
     * {@code ControllerManager} and of its {@code RobotModel}), so that a controller that needs the robot's description
     * (as ros2_control's {@code get_robot_description()} gives it, e.g. for kinematics) can find it. Empty when the
     * manager does not say.
     *
     * @since 1.2
     */
    default String robot() {
        return "";
    }

    /** The loop's update rate in Hz. */
    int loopRate();

    /**
     * The limits the loop holds this joint's commands to (full joint name, with the robot's prefix): its hard limits
     * from the description, the position range narrowed to the soft limits when the URDF gives a
     * {@code <safety_controller>}. Empty when no hardware component of the loop drives a joint of that name (yet).
     * Commands beyond them never reach the robot; a controller uses them to refuse such goals up front.
     *
     * @since 1.1
     */
    default Optional<JointLimits> jointLimits(String joint) {
        return Optional.empty();
    }
}
