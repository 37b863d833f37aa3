package org.robocell.controller.admittance.internal;

import java.util.List;
import java.util.Map;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.Parameters;

/**
 * The parameters the admittance rule may take while it runs (ros2_controllers' {@code apply_parameters_update}: the
 * sensor filter, the tool's weight and the mass-spring-damper), checked, immutable once read: a new set reaches the
 * loop as a whole through one atomic hand-off. Per-axis arrays are in the order x, y, z, rx, ry, rz of the control
 * frame.
 *
 * @param filterCoefficient α of the wrench's exponential smoothing {@code w = α·w_new + (1 − α)·w_prev}
 * @param cogPosition       the tool's centre of gravity in the gravity compensation frame (3)
 * @param cogForce          the tool's weight (mass · 9.81), N
 * @param selectedAxes      whether the wrench along an axis moves the robot (1) or not (0)
 * @param mass              virtual mass per axis, kg (kg·m² for rotations)
 * @param damping           D = ζ · 2·√(m·k) per axis, from the damping ratio ζ
 * @param stiffness         virtual spring per axis, N/m (N·m/rad for rotations)
 * @param jointDamping      damping of the admittance joint velocities, 1/s
 */
record AdmittanceGains(double filterCoefficient, double[] cogPosition, double cogForce, double[] selectedAxes,
        double[] mass, double[] dampingRatio, double[] damping, double[] stiffness, double jointDamping) {

    static final String FILTER = "ft_sensor.filter_coefficient";
    static final String COG_POS = "gravity_compensation.CoG.pos";
    static final String COG_FORCE = "gravity_compensation.CoG.force";
    static final String SELECTED_AXES = "admittance.selected_axes";
    static final String MASS = "admittance.mass";
    static final String DAMPING_RATIO = "admittance.damping_ratio";
    static final String STIFFNESS = "admittance.stiffness";
    static final String JOINT_DAMPING = "admittance.joint_damping";

    /** The keys read here: the live parameters when {@code enable_parameter_update_without_reactivation} is true. */
    static final List<String> KEYS = List.of(FILTER, COG_POS, COG_FORCE, SELECTED_AXES, MASS, DAMPING_RATIO,
            STIFFNESS, JOINT_DAMPING);

    /** @throws ParameterException naming the parameter and what was expected */
    static AdmittanceGains read(Parameters p) {
        double filter = p.getDouble(FILTER, 0.05);
        if (!(filter >= 0 && filter <= 1)) {
            throw new ParameterException(FILTER, "parameter '" + FILTER + "' must be from 0 to 1, got " + filter);
        }
        double[] cog = finiteArray(p, COG_POS, 3);
        double force = p.getDouble(COG_FORCE, 0.0);
        if (!Double.isFinite(force)) {
            throw new ParameterException(COG_FORCE, "parameter '" + COG_FORCE + "' must be a finite number, got "
                    + force);
        }
        double[] selected = selectedAxes(p);
        double[] mass = bounded(p, MASS, 0.0001, 1_000_000.0);
        double[] ratio = bounded(p, DAMPING_RATIO, 0.0, Double.MAX_VALUE);
        double[] stiffness = bounded(p, STIFFNESS, 0.0, 100_000_000.0);
        double jointDamping = p.getDouble(JOINT_DAMPING, 5.0);
        if (!(jointDamping >= 0) || Double.isInfinite(jointDamping)) {
            throw new ParameterException(JOINT_DAMPING, "parameter '" + JOINT_DAMPING
                    + "' must be a finite number >= 0, got " + jointDamping);
        }
        double[] damping = new double[6];
        for (int i = 0; i < 6; i++) {
            damping[i] = ratio[i] * 2 * Math.sqrt(mass[i] * stiffness[i]);
        }
        return new AdmittanceGains(filter, cog, force, selected, mass, ratio, damping, stiffness, jointDamping);
    }

    private static double[] finiteArray(Parameters p, String key, int length) {
        double[] v = p.getDoubleArray(key);
        if (v.length != length) {
            throw new ParameterException(key, "parameter '" + key + "' must have " + length + " values, got "
                    + v.length);
        }
        for (double x : v) {
            if (!Double.isFinite(x)) {
                throw new ParameterException(key, "parameter '" + key + "' must hold finite numbers, got " + x);
            }
        }
        return v;
    }

    /** Six values within [min, max], as the upstream {@code element_bounds} validation. */
    private static double[] bounded(Parameters p, String key, double min, double max) {
        double[] v = finiteArray(p, key, 6);
        for (double x : v) {
            if (x < min || x > max) {
                throw new ParameterException(key, "parameter '" + key + "' must hold values from " + min + " to "
                        + max + " (x, y, z, rx, ry, rz), got " + x);
            }
        }
        return v;
    }

    /** Six booleans, as 1.0 (selected) and 0.0, to multiply the wrench with. */
    private static double[] selectedAxes(Parameters p) {
        Object v = p.has(SELECTED_AXES) ? p.asMap().get(SELECTED_AXES) : null;
        if (v == null) {
            p.getString(SELECTED_AXES); // the standard "required but missing" problem
        }
        if (!(v instanceof List<?> list) || list.size() != 6) {
            throw new ParameterException(SELECTED_AXES, "parameter '" + SELECTED_AXES + "' must be a list of six"
                    + " true/false values (x, y, z, rx, ry, rz), got " + describe(v));
        }
        double[] out = new double[6];
        for (int i = 0; i < 6; i++) {
            if (!(list.get(i) instanceof Boolean b)) {
                throw new ParameterException(SELECTED_AXES, "parameter '" + SELECTED_AXES + "' must be a list of six"
                        + " true/false values (x, y, z, rx, ry, rz), got " + describe(v));
            }
            out[i] = b ? 1.0 : 0.0;
        }
        return out;
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : v instanceof Map ? "a map" : String.valueOf(v);
    }
}
