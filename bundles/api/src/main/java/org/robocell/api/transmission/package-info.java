/**
 * Mechanical transmissions between actuators and joints, as ros2_control's transmission_interface defines them
 * (simple reducer, differential, four-bar linkage), for drivers that read and command actuators and export joints.
 * Every conversion works on caller-owned arrays and allocates nothing.
 */
@Export
@Version("1.0.0")
package org.robocell.api.transmission;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
