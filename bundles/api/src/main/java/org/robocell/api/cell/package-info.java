/**
 * The cell as other bundles see it: one {@link org.robocell.api.cell.ControllerManager} service per robot loop
 * (service property {@value org.robocell.api.cell.ControllerManager#ROBOT} = the robot's name), offering the
 * ros2_control controller-manager operations (load, configure, switch, cleanup, unload), hardware component
 * lifecycle, chain and interface listings and loop statistics. Every answer is an immutable snapshot built off the
 * control loop; no call blocks the loop or takes a lock the loop takes.
 */
@Export
@Version("1.10.0")
package org.robocell.api.cell;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
