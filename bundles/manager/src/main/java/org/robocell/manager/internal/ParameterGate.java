package org.robocell.manager.internal;

import java.util.Map;
import java.util.TreeMap;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;

/**
 * Asks a controller about a parameter change before the manager stores it ({@link Controller#checkParameters}), so
 * that a wrong value is refused when it is set, not discovered at the next configure. The change is answerable for
 * the keys it sets ({@link ParameterCheck#relevantTo}): an unknown or invalid key being set, or two keys that no
 * longer agree, refuse it; a required key still missing or a problem the parameters had before does not.
 */
final class ParameterGate {

    private ParameterGate() {
    }

    /** Null when {@code changes} may be stored; else one line naming the parameter and what was expected. */
    static String refusal(String name, Controller controller, Parameters current, Map<String, ?> changes) {
        for (Map.Entry<String, ?> e : changes.entrySet()) {
            if (e.getKey() == null || e.getKey().isBlank()) {
                return "Controller '" + name + "' refused the parameters: a parameter needs a name";
            }
            if (e.getValue() == null) {
                return "Controller '" + name + "' refused the parameters: parameter '" + e.getKey() + "' has no value";
            }
        }
        Map<String, Object> merged = new TreeMap<>(current.asMap());
        merged.putAll(changes);
        ParameterCheck check;
        try {
            check = controller.checkParameters(new Parameters(current.source(), merged));
        } catch (RuntimeException e) {
            return "Controller '" + name + "' could not check the parameters: " + e;
        }
        if (check == null) {
            return null;
        }
        ParameterCheck relevant = check.relevantTo(changes.keySet());
        return relevant.ok() ? null : "Controller '" + name + "' refused the parameters: " + relevant.message();
    }
}
