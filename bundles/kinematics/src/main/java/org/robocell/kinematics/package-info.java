/**
 * Kinematics and dynamics of URDF robots: an immutable {@link org.robocell.kinematics.KinematicModel} built from a
 * {@link org.robocell.api.model.RobotModel}, and per-thread {@link org.robocell.kinematics.KinematicWorkspace}s
 * that evaluate poses, Jacobians, inverse and forward dynamics, the mass matrix and inverse kinematics without
 * allocating. {@link org.robocell.kinematics.KinematicsService} is the OSGi service controllers use, the
 * counterpart of ros2_control's kinematics_interface.
 *
 * <p>Conventions: the base frame is the model's root link; joint vectors follow
 * {@link org.robocell.kinematics.KinematicModel#jointNames()}; transforms are row-major 4x4 arrays of 16 doubles;
 * quaternions are (x, y, z, w); Jacobian rows are (vx, vy, vz, wx, wy, wz); wrenches are (fx, fy, fz, tx, ty, tz).
 */
@Export
@Version("1.2.0")
package org.robocell.kinematics;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
