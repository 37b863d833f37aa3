package org.robocell.controller.franka.impedance.internal;

import java.util.Arrays;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.Parameters;

/** Reading the Franka controllers' numeric parameters, one line per bad value naming it. */
final class Gains {

    private Gains() {
    }

    /** Seven finite values of at least 0 (a joint gain per joint); {@code fallback} when absent, required if null. */
    static double[] perJoint(Parameters p, String key, double[] fallback) {
        if (!p.has(key) && fallback != null) {
            return fallback.clone();
        }
        double[] v = p.getDoubleArray(key);
        if (v.length != FrankaArm.JOINTS) {
            throw new ParameterException(key, "parameter '" + key + "' must have " + FrankaArm.JOINTS
                    + " values, one per joint, got " + v.length + " " + Arrays.toString(v));
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i]) || v[i] < 0) {
                throw new ParameterException(key, "parameter '" + key + "' must hold finite values >= 0, got "
                        + v[i] + " for joint " + (i + 1));
            }
        }
        return v;
    }

    /** A finite value in [min, max]. */
    static double within(Parameters p, String key, double fallback, double min, double max) {
        double v = p.getDouble(key, fallback);
        if (!(v >= min && v <= max)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite value from " + min + " to "
                    + max + ", got " + v);
        }
        return v;
    }

    /** {@code delta_tau_max}: franka_ros's 1.0 Nm per cycle, the FR3's 1000 Nm/s at 1 kHz; smaller is allowed. */
    static double deltaTauMax(Parameters p) {
        double v = p.getDouble("delta_tau_max", 1.0);
        if (!(v > 0 && v <= 1.0)) {
            throw new ParameterException("delta_tau_max", "parameter 'delta_tau_max' must be a value above 0 and at"
                    + " most 1.0 (Nm per cycle: the FR3's torque rate limit at 1 kHz), got " + v);
        }
        return v;
    }
}
