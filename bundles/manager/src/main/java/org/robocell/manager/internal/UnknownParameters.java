package org.robocell.manager.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;

/**
 * The parameters a controller's file gives it that the controller does not know (a misspelt {@code interfce_name},
 * or one of upstream's that RoboCell's controller does not implement): each is a warning naming the file and line
 * it was written at, with the closest known name, and is otherwise ignored, as ros2_control ignores undeclared
 * parameters. Values of known parameters are checked at configure.
 */
final class UnknownParameters {

    private static final System.Logger LOG = System.getLogger("org.robocell.manager");

    private UnknownParameters() {
    }

    /** Logs one warning per unknown parameter; answers a note for the load result, empty when there is none. */
    static String warn(String robot, String name, Controller controller, Parameters params,
            Map<String, String> origins) {
        ParameterCheck check;
        try {
            check = controller.checkParameters(params);
        } catch (RuntimeException e) {
            return "";
        }
        if (check == null) {
            return "";
        }
        List<String> keys = new ArrayList<>();
        for (ParameterCheck.Problem p : check.problems()) {
            if (p.reason() != ParameterCheck.Reason.UNKNOWN || p.key() == null) {
                continue;
            }
            keys.add(p.key());
            String at = origins.getOrDefault(p.key(), params.source());
            // the list of every known name says little in a log line: a close name or nothing
            String message = p.message();
            int known = message.indexOf(" (known: ");
            String said = known < 0 ? message : message.substring(0, known) + " (not a parameter of this controller)";
            LOG.log(Level.WARNING, "robot {0}: {1}: controller ''{2}'': {3}; ignored", robot, at, name, said);
        }
        if (keys.isEmpty()) {
            return "";
        }
        return " (ignored " + (keys.size() == 1 ? "an unknown parameter: " : keys.size() + " unknown parameters: ")
                + String.join(", ", keys) + ")";
    }
}
