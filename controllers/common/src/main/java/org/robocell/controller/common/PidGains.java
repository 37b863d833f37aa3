package org.robocell.controller.common;

import org.robocell.api.controller.Parameters;

/** Reads {@code gains.<dof>.*} parameters the way ros2_controllers name them. */
public final class PidGains {

    private PidGains() {
    }

    /**
     * The gains under {@code gains.<dof>}: {@code p}, {@code i}, {@code d} (default 0), {@code i_clamp_min/max} and
     * {@code u_clamp_min/max} (default unbounded); {@code i_clamp} alone sets a symmetric integral clamp.
     */
    public static Pid.Gains read(Parameters parameters, String dof) {
        String k = "gains." + dof + ".";
        double iClamp = Math.abs(parameters.getDouble(k + "i_clamp", Double.POSITIVE_INFINITY));
        return new Pid.Gains(parameters.getDouble(k + "p", 0.0), parameters.getDouble(k + "i", 0.0),
                parameters.getDouble(k + "d", 0.0), parameters.getDouble(k + "i_clamp_min", -iClamp),
                parameters.getDouble(k + "i_clamp_max", iClamp),
                parameters.getDouble(k + "u_clamp_min", Double.NEGATIVE_INFINITY),
                parameters.getDouble(k + "u_clamp_max", Double.POSITIVE_INFINITY));
    }
}
