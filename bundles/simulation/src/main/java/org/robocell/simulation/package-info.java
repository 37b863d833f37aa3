/**
 * A rigid-body simulation of a {@link org.robocell.kinematics.KinematicModel}, stepped at a fixed time step:
 * {@link org.robocell.simulation.Simulation} integrates the articulated-body forward dynamics with semi-implicit
 * (symplectic) Euler under applied joint torques, viscous and smoothed Coulomb joint friction, joint position limits
 * as stiff spring-dampers, gravity, spring-damper contacts of chosen link points with half-spaces, and pushes.
 *
 * <p>Conventions are those of {@code org.robocell.kinematics}: joint vectors in
 * {@link org.robocell.kinematics.KinematicModel#jointNames()} order, wrenches (fx, fy, fz, tx, ty, tz) in the base
 * frame with the force at the link's origin.
 */
@Export
@Version("1.0.0")
package org.robocell.simulation;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
