package org.robocell.description;

import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Parameters;

/**
 * One controller of a controller configuration: its name, the type string that selects the controller factory
 * (e.g. {@code joint_trajectory_controller/JointTrajectoryController}), the controllers to activate if it fails,
 * and its {@code ros__parameters} flattened to dotted keys ({@code gains.joint1.p}).
 *
 * @param fallbackControllers {@code controller_manager.ros__parameters.<name>.fallback_controllers}, in order
 * @param origins             where each parameter was written, {@code file:line} by key (since 1.1; empty when
 *                            unknown)
 */
public record ControllerDeclaration(String name, String type, List<String> fallbackControllers,
        Parameters parameters, Map<String, String> origins) {

    /** A declaration whose parameters' origins are unknown. */
    public ControllerDeclaration(String name, String type, List<String> fallbackControllers, Parameters parameters) {
        this(name, type, fallbackControllers, parameters, Map.of());
    }

    public ControllerDeclaration {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a controller needs a name");
        }
        if (type == null || type.isEmpty()) {
            throw new IllegalArgumentException("controller '" + name + "' needs a type");
        }
        fallbackControllers = List.copyOf(fallbackControllers);
        if (parameters == null) {
            parameters = Parameters.empty(name);
        }
        origins = origins == null ? Map.of() : Map.copyOf(origins);
    }
}
