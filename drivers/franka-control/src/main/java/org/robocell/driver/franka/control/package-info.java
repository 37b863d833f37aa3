/**
 * libfranka's client-side control behaviour for the Franka FR3 and FER, allocation-free for the control cycle: the
 * rate limiter of every control interface ({@link org.robocell.driver.franka.control.JointRateLimiter}, {@link
 * org.robocell.driver.franka.control.CartesianRateLimiter}) with the robots' limits ({@link
 * org.robocell.driver.franka.control.FrankaLimits}), the low-pass filter, the command pipeline filter → limit →
 * check per interface ({@link org.robocell.driver.franka.control.CommandShaper} and its subclasses) with typed
 * refusals, the lost-packet tracker and the flight recorder of the last states and commands.
 */
@Export
@Version("1.0.0")
package org.robocell.driver.franka.control;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
