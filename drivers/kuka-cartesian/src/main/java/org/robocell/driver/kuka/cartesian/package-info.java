/**
 * What the KUKA drivers share for Cartesian control (FRI 2.x's Cartesian pose, EAC's Cartesian modes): the flange
 * pose in KUKA's units from joint positions and back ({@link FlangeKinematics}), the sphere the flange can reach
 * ({@link Reach}), and the check a Cartesian command passes before it goes to the robot ({@link CartesianCheck}).
 */
@Export
@Version("1.0.0")
package org.robocell.driver.kuka.cartesian;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
