package org.robocell.manager;

import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Parameters;

/**
 * A controller declared in the robot's controllers file: loadable by name.
 *
 * @param fallbackControllers activated in its place when its update fails
 * @param origins             where each parameter was written ({@code file:line} by key), for messages; may be empty
 */
public record Declaration(String name, String type, List<String> fallbackControllers, Parameters parameters,
        Map<String, String> origins) {

    /** A declaration whose parameters' origins are unknown. */
    public Declaration(String name, String type, List<String> fallbackControllers, Parameters parameters) {
        this(name, type, fallbackControllers, parameters, Map.of());
    }

    public Declaration {
        origins = origins == null ? Map.of() : Map.copyOf(origins);
        fallbackControllers = List.copyOf(fallbackControllers);
        parameters = parameters == null ? Parameters.empty(name) : parameters;
    }
}
