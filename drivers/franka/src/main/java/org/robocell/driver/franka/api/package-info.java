/**
 * A Franka arm's non-real-time calls, as libfranka's {@code franka::Robot} offers them beside its control loop
 * (collision behaviour, joint and Cartesian impedance, end-effector and stiffness frames, load, guiding mode, stop,
 * automatic error recovery) and its current {@code RobotState}: one {@link org.robocell.driver.franka.api.FrankaRobot}
 * service per hardware component of the Franka driver, off the control loop, on the robot's TCP command channel.
 * And libfranka's {@code franka::Model} of the FR3 ({@link org.robocell.driver.franka.api.FrankaModel}, since 1.1):
 * poses and Jacobians of every {@link org.robocell.driver.franka.api.FrankaFrame}, mass, Coriolis and gravity.
 */
@Export
@Version("1.1.0")
package org.robocell.driver.franka.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
