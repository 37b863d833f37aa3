/**
 * The controller manager and control loop of one robot, as plain Java for the cell bundle (and tests) to build:
 * {@link org.robocell.manager.RobotLoop} assembles a resource manager, a controller manager (the
 * {@link org.robocell.api.cell.ControllerManager} service implementation) and a loop with its clock.
 */
@Export
@Version("2.3.0")
package org.robocell.manager;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
