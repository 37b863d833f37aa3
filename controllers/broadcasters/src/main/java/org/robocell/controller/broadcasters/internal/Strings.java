package org.robocell.controller.broadcasters.internal;

import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.Parameters;

/** Reading the broadcasters' string and number parameters the same way. */
final class Strings {

    private Strings() {
    }

    /** A string parameter that must be given and not blank, as ros2_controllers' {@code not_empty<>} validation. */
    static String required(Parameters p, String key) {
        if (!p.has(key)) {
            throw new ParameterException(key, ParameterCheck.Reason.MISSING, null, "parameter '" + key
                    + "' is required but missing");
        }
        String v = p.getString(key).trim();
        if (v.isEmpty()) {
            throw new ParameterException(key, "parameter '" + key + "' must not be empty");
        }
        return v;
    }

    /** A number parameter that must be finite. */
    static double finite(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (!Double.isFinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number, got " + v);
        }
        return v;
    }
}
