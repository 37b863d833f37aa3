package org.robocell.controller.common;

import java.util.List;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/** Reads {@code gains.<dof>.*} parameters the way ros2_controllers name them. */
public final class PidGains {

    /**
     * The names {@link #read} reads, as {@link ParameterNames} templates ({@code gains.{}.p}, ...), for a controller's
     * {@code ParameterNames.perEntry("joints", PidGains.NAMES...)}.
     *
     * @since 1.2
     */
    public static final List<String> NAMES = List.of("gains.{}.p", "gains.{}.i", "gains.{}.d", "gains.{}.i_clamp",
            "gains.{}.i_clamp_min", "gains.{}.i_clamp_max", "gains.{}.u_clamp_min", "gains.{}.u_clamp_max");

    private PidGains() {
    }

    /**
     * The gains under {@code gains.<dof>}: {@code p}, {@code i}, {@code d} (default 0, finite), {@code i_clamp_min/max}
     * and {@code u_clamp_min/max} (default unbounded; {@code .inf} allowed, NaN not); {@code i_clamp} alone sets a
     * symmetric integral clamp.
     *
     * @throws ParameterException naming the gain and what was expected
     */
    public static Pid.Gains read(Parameters parameters, String dof) {
        String k = "gains." + dof + ".";
        double iClamp = Math.abs(notNaN(parameters, k + "i_clamp", Double.POSITIVE_INFINITY));
        double iMin = notNaN(parameters, k + "i_clamp_min", -iClamp);
        double iMax = notNaN(parameters, k + "i_clamp_max", iClamp);
        if (iMin > iMax) {
            throw new ParameterException(k + "i_clamp_min", "parameter '" + k + "i_clamp_min' (" + iMin
                    + ") must not exceed '" + k + "i_clamp_max' (" + iMax + ")");
        }
        double uMin = notNaN(parameters, k + "u_clamp_min", Double.NEGATIVE_INFINITY);
        double uMax = notNaN(parameters, k + "u_clamp_max", Double.POSITIVE_INFINITY);
        if (uMin > uMax) {
            throw new ParameterException(k + "u_clamp_min", "parameter '" + k + "u_clamp_min' (" + uMin
                    + ") must not exceed '" + k + "u_clamp_max' (" + uMax + ")");
        }
        return new Pid.Gains(finite(parameters, k + "p"), finite(parameters, k + "i"), finite(parameters, k + "d"),
                iMin, iMax, uMin, uMax);
    }

    private static double finite(Parameters p, String key) {
        double v = p.getDouble(key, 0.0);
        if (!Double.isFinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number, got " + v);
        }
        return v;
    }

    private static double notNaN(Parameters p, String key, double fallback) {
        double v = p.getDouble(key, fallback);
        if (Double.isNaN(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a number or .inf, got NaN");
        }
        return v;
    }
}
