package org.robocell.api.controller;

import org.osgi.annotation.versioning.ProviderType;

/** What the controller manager hands a controller at {@code onInit}. */
@ProviderType
public interface ControllerContext {

    /** The controller's unique name in its loop, namespace prefix included. */
    String name();

    /** The type string it was loaded with, e.g. {@code joint_trajectory_controller/JointTrajectoryController}. */
    String type();

    /** The controller's {@code ros__parameters}. Re-read them in {@code onConfigure}: a reconfigure may change them. */
    Parameters parameters();

    /** The loop's update rate in Hz. */
    int loopRate();
}
