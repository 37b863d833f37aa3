/**
 * An emulator of the Franka Hand on libfranka's gripper protocol: {@link
 * org.robocell.driver.franka.gripper.emulator.FrankaHandEmulator} answers Connect, Homing, Grasp, Move and Stop on
 * TCP and sends the gripper state to the client's UDP port, with fingers that move at the commanded speed and an
 * object of a configured width between them ({@link org.robocell.driver.franka.gripper.emulator.HandEmulatorConfig}).
 * A test or a tool places or removes the object while it runs.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.franka.gripper.emulator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
