package org.robocell.declared.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.robocell.api.controller.ParameterValues;
import org.robocell.api.text.Suggestions;

/**
 * What one controller configuration ({@value DeclaredController#PID}) asks for: robot, name, type, the lifecycle
 * state to reach (0 loaded, 1 configured, 2 active) and the parameters, read by the one value reader the shell uses
 * too ({@link ParameterValues}).
 */
record Spec(String robot, String name, String type, int target, Map<String, Object> parameters) {

    /** Configuration properties with this prefix are the controller's parameters. */
    static final String PARAM = "param.";
    /** The keys a declaration has; keys with a dot are ConfigAdmin's, FileInstall's and DS's (service.pid, ...). */
    static final Set<String> KEYS = Set.of("robot", "name", "type", "state", "parameters");
    private static final List<String> STATES = List.of("loaded", "configured", "active");

    /** @throws IllegalArgumentException with one line naming the key and what was expected */
    static Spec of(Map<String, ?> properties) {
        String name = text(properties.get("name"));
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a controller configuration (" + DeclaredController.PID
                    + ") needs a 'name'");
        }
        for (String key : properties.keySet()) {
            if (!key.contains(".") && !KEYS.contains(key)) {
                throw new IllegalArgumentException("controller '" + name + "': unknown key '" + key + "'"
                        + Suggestions.didYouMean(key, KEYS) + "; expected robot, name, type, state, parameters or"
                        + " param.<parameter>");
            }
        }
        String state = text(properties.get("state"));
        int target = switch (state.isEmpty() ? "active" : state.toLowerCase(Locale.ROOT)) {
            case "loaded", "unconfigured" -> 0;
            case "configured", "inactive" -> 1;
            case "active" -> 2;
            default -> throw new IllegalArgumentException("controller '" + name + "': state '" + state
                    + "' is not one of loaded, configured, active" + Suggestions.didYouMean(state, STATES));
        };
        Map<String, Object> params = new LinkedHashMap<>();
        for (Object entry : list(properties.get("parameters"))) {
            try {
                Map.Entry<String, Object> e = ParameterValues.assignment(String.valueOf(entry));
                params.put(e.getKey(), e.getValue());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("controller '" + name + "': " + e.getMessage());
            }
        }
        properties.keySet().stream().filter(k -> k.startsWith(PARAM)).sorted().forEach(k -> {
            String key = k.substring(PARAM.length()).trim();
            if (key.isEmpty()) {
                throw new IllegalArgumentException("controller '" + name + "': '" + k + "' names no parameter;"
                        + " expected param.<parameter>=value");
            }
            try {
                params.put(key, ParameterValues.value(properties.get(k)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("controller '" + name + "': parameter '" + key + "': "
                        + e.getMessage());
            }
        });
        return new Spec(text(properties.get("robot")), name, text(properties.get("type")), target, Map.copyOf(params));
    }

    boolean sameController(Spec other) {
        return other != null && robot.equals(other.robot) && name.equals(other.name) && type.equals(other.type);
    }

    private static String text(Object o) {
        return o == null ? "" : String.valueOf(o).trim();
    }

    static List<Object> list(Object o) {
        List<Object> out = new ArrayList<>();
        if (o instanceof Object[] a) {
            out.addAll(List.of(a));
        } else if (o instanceof Collection<?> c) {
            out.addAll(c);
        } else if (o != null && !String.valueOf(o).isBlank()) {
            out.add(o);
        }
        return out;
    }
}
