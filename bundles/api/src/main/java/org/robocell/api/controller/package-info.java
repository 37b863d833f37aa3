/**
 * The controller SPI: controllers with the managed lifecycle and a real-time {@code update}, chainable controllers
 * that export reference and state interfaces, parameters, and the factories that controller bundles register keyed
 * by the ros2_control type string in the service property {@value org.robocell.api.controller.ControllerFactory#TYPE}.
 * <p>
 * 1.1: a controller says why it failed as a type ({@code Controller.fault()}) and finds its joints' limits
 * ({@code ControllerContext.jointLimits}); it checks a parameter change before it is stored ({@code Controller.checkParameters}, {@link org.robocell.api.controller.ParameterCheck},
 * {@link org.robocell.api.controller.ParameterNames}); {@link org.robocell.api.controller.ParameterValues} reads
 * {@code key=value} text as YAML does, for every bundle.
 * <p>
 * 1.2: a controller finds the robot it runs for ({@code ControllerContext.robot()}), e.g. to look up its model.
 */
@Export
@Version("1.2.0")
package org.robocell.api.controller;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
