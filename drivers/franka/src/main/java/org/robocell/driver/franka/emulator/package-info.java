/**
 * An FCI robot emulator of the Franka FR3: it plays the robot's side of the Franka Control Interface for a libfranka
 * client (or RoboCell's own driver) on TCP port 1337 and a 1 kHz UDP stream, runs the robot's motion generators
 * and controllers on a {@link org.robocell.driver.franka.emulator.Plant}, checks the robot's limits and reflexes
 * and aborts a motion with the error flags a real FR3 sets. Usable from plain Java
 * ({@link org.robocell.driver.franka.emulator.FrankaRobotEmulator#start}), with a stepped clock for tests, and as
 * a configured DS component.
 */
@Export
@Version("1.2.0")
package org.robocell.driver.franka.emulator;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
