/**
 * The Franka Hand as a goal API: each hardware component of the {@code franka_gripper/FrankaGripperHardware} plugin
 * registers a {@link org.robocell.driver.franka.gripper.api.FrankaGripper} service whose calls are libfranka's
 * {@code franka::Gripper} calls (homing, move, grasp, stop, readOnce), sent on the Hand's TCP channel from the
 * caller's thread, never from the control loop.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.franka.gripper.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
