package org.robocell.controller.passthrough.internal;

import java.util.HashSet;
import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The passthrough controller's one parameter, read at configure and by {@code checkParameters}: {@code interfaces},
 * the full names of the command interfaces to forward to (ros2_control_demos {@code example_12},
 * {@code controllers/src/passthrough_controller_parameters.yaml}: a string array, not empty, unique).
 */
record PassthroughConfig(List<String> interfaces) {

    static final ParameterNames NAMES = ParameterNames.of("interfaces");

    /** @throws ParameterException naming the parameter */
    static PassthroughConfig read(Parameters p) {
        List<String> interfaces = p.getStringList("interfaces");
        if (interfaces.isEmpty()) {
            throw new ParameterException("interfaces", "parameter 'interfaces' must name at least one command"
                    + " interface (e.g. [joint1/position])");
        }
        if (new HashSet<>(interfaces).size() != interfaces.size()) {
            throw new ParameterException("interfaces", "parameter 'interfaces' names an entry twice: " + interfaces);
        }
        for (String i : interfaces) {
            int slash = i.lastIndexOf('/');
            if (slash <= 0 || slash == i.length() - 1 || !i.equals(i.trim())) {
                throw new ParameterException("interfaces", "parameter 'interfaces' takes full interface names"
                        + " '<joint or controller>/<interface>', got '" + i + "'");
            }
        }
        return new PassthroughConfig(interfaces);
    }
}
