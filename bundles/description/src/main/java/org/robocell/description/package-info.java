/**
 * Reads a robot cell described the ros2_control way: a URDF with {@code <ros2_control>} tags
 * ({@link org.robocell.description.RobotDescription}, also from xacro files) and a controller manager YAML file
 * ({@link org.robocell.description.ControllersConfig}), into the immutable API model. Every problem in a file is
 * reported as a {@link org.robocell.description.DescriptionException} whose message reads
 * {@code file:line: what is wrong; expected what}. {@link org.robocell.description.UrdfWriter} writes a model back
 * as a URDF skeleton for the live views (since 1.2).
 */
@Export
@Version("1.2.0")
package org.robocell.description;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
