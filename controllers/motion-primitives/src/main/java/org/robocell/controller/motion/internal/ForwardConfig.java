package org.robocell.controller.motion.internal;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/** The forward controller's one parameter, as ros2_controllers names it. */
record ForwardConfig(String tfPrefix) {

    static final ParameterNames NAMES = ParameterNames.of("tf_prefix");

    static ForwardConfig read(Parameters p) {
        String prefix = p.getString("tf_prefix", "");
        if (prefix.chars().anyMatch(Character::isWhitespace)) {
            throw new ParameterException("tf_prefix", "parameter 'tf_prefix' must not contain blanks, got '"
                    + prefix + "'");
        }
        return new ForwardConfig(prefix);
    }
}
