/**
 * The FRI wire format (KUKA Sunrise Fast Robot Interface 1.x and 2.x): an allocation-free reader for the robot
 * controller's monitoring message and an allocation-free writer for the client's command message, the session states,
 * connection qualities and command modes with their wire numbers. The schemas are in the bundle's
 * {@code src/main/proto}; these classes read and write the subset the driver's cycle needs.
 */
@Export
@Version("1.1.0")
package org.robocell.driver.kuka.fri.protocol;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
