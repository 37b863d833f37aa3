package org.robocell.controller.franka.examples.internal;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The move-to-start example's parameters, as franka_example_controllers names them where it has them
 * ({@code src/fr3/move_to_start_example_controller.cpp}, {@code franka_bringup/config/controllers.yaml}).
 *
 * @param goal          {@code start_joint_configuration}: the joint goal (upstream's default, libfranka's ready pose)
 * @param speedFactor   {@code speed_factor}: upstream's fixed 0.2, in (0, 1]
 * @param maxVelocity   {@code dq_max}: per joint, rad/s, before the speed factor (upstream's 2.0 ×4, 2.5 ×3)
 * @param effort        {@code command_interface: effort}: upstream's torque law {@code k·(q_d − q) − d·dq}
 *                      on the profile; {@code position} (the default) commands the profile itself
 * @param kGains        {@code k_gains}, Nm/rad, required with effort
 * @param dGains        {@code d_gains}, Nm·s/rad, required with effort
 * @param goalTolerance {@code goal_tolerance}: how close every joint must be, rad, for {@code goal_reached}
 */
record MoveToStartSettings(ArmSettings arm, double[] goal, double speedFactor, double[] maxVelocity, boolean effort,
        double[] kGains, double[] dGains, double goalTolerance) {

    static final double[] READY = { 0.0, -Math.PI / 4, 0.0, -3.0 * Math.PI / 4, 0.0, Math.PI / 2, Math.PI / 4 };
    static final double[] DQ_MAX = { 2.0, 2.0, 2.0, 2.0, 2.5, 2.5, 2.5 };

    static final ParameterNames NAMES = ExampleMotionController.NAMES.and("start_joint_configuration",
            "speed_factor", "dq_max", "command_interface", "k_gains", "d_gains", "goal_tolerance");

    /** @throws ParameterException naming the parameter */
    static MoveToStartSettings read(Parameters p) {
        ArmSettings arm = ArmSettings.read(p);
        double[] goal = sevenFinite(p, "start_joint_configuration", READY, false);
        double speed = p.getDouble("speed_factor", 0.2);
        if (!(speed > 0.0 && speed <= 1.0)) {
            throw new ParameterException("speed_factor", "parameter 'speed_factor' must be in (0, 1], got " + speed);
        }
        double[] dqMax = sevenFinite(p, "dq_max", DQ_MAX, true);
        String kind = p.getString("command_interface", "position").trim();
        if (!kind.equals("position") && !kind.equals("effort")) {
            throw new ParameterException("command_interface", "parameter 'command_interface' must be position or"
                    + " effort, got '" + kind + "'");
        }
        boolean effort = kind.equals("effort");
        double[] k = null;
        double[] d = null;
        if (effort || p.has("k_gains") || p.has("d_gains")) {
            if (effort && !p.has("k_gains")) {
                throw new ParameterException("k_gains", "k_gains parameter not set (7 values, needed with"
                        + " command_interface effort)");
            }
            if (effort && !p.has("d_gains")) {
                throw new ParameterException("d_gains", "d_gains parameter not set (7 values, needed with"
                        + " command_interface effort)");
            }
            k = p.has("k_gains") ? sevenFinite(p, "k_gains", null, true) : null;
            d = p.has("d_gains") ? sevenFinite(p, "d_gains", null, false) : null;
        }
        double tolerance = p.getDouble("goal_tolerance", 0.01);
        if (!(tolerance > 0.0) || !Double.isFinite(tolerance)) {
            throw new ParameterException("goal_tolerance", "parameter 'goal_tolerance' must be a finite value > 0,"
                    + " got " + tolerance);
        }
        return new MoveToStartSettings(arm, goal, speed, dqMax, effort, k, d, tolerance);
    }

    private static double[] sevenFinite(Parameters p, String key, double[] fallback, boolean positive) {
        double[] v = fallback == null ? p.getDoubleArray(key) : p.getDoubleArray(key, fallback);
        if (v.length != ArmSettings.JOINTS) {
            throw new ParameterException(key, key + " should be of size " + ArmSettings.JOINTS + " but is of size "
                    + v.length);
        }
        for (int i = 0; i < v.length; i++) {
            if (!Double.isFinite(v[i]) || (positive ? v[i] <= 0.0 : v[i] < 0.0 && fallback == null)) {
                throw new ParameterException(key, "parameter '" + key + "' element " + i + " must be a finite value"
                        + (positive ? " > 0" : fallback == null ? " >= 0" : "") + ", got " + v[i]);
            }
        }
        return v.clone();
    }
}
