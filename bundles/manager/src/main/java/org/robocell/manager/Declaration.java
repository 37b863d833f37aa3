package org.robocell.manager;

import java.util.List;

import org.robocell.api.controller.Parameters;

/**
 * A controller declared in the robot's controllers file: loadable by name.
 *
 * @param fallbackControllers activated in its place when its update fails
 */
public record Declaration(String name, String type, List<String> fallbackControllers, Parameters parameters) {

    public Declaration {
        fallbackControllers = List.copyOf(fallbackControllers);
        parameters = parameters == null ? Parameters.empty(name) : parameters;
    }
}
