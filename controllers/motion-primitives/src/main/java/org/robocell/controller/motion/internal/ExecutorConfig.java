package org.robocell.controller.motion.internal;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.motion.PlannerSettings;

/**
 * The executor's parameters: which robot and tool link, and the planner's limits and defaults (Pilz's
 * {@code cartesian_limits} names).
 *
 * @param robot the cell robot whose URDF to plan with; empty for the robot whose loop runs the controller
 * @param tip   the tool link; empty for the robot's tip
 */
record ExecutorConfig(String robot, String tip, PlannerSettings settings) {

    static final ParameterNames NAMES = ParameterNames.of("robot", "tip", "cartesian_limits.max_trans_vel",
            "cartesian_limits.max_trans_acc", "cartesian_limits.max_rot_vel", "cartesian_limits.max_rot_acc",
            "default_joint_acceleration", "default_velocity_scaling", "default_acceleration_scaling",
            "singularity_threshold", "max_duration");

    /** Slower than the planner's full-speed default: a primitive without scalings moves at a quarter of the limits. */
    static final double DEFAULT_SCALING = 0.25;

    static ExecutorConfig read(Parameters p) {
        PlannerSettings d = PlannerSettings.DEFAULT;
        String tip = p.getString("tip", "");
        PlannerSettings settings;
        try {
            settings = new PlannerSettings(tip.isEmpty() ? null : tip, d.sampleTime(),
                    number(p, "cartesian_limits.max_trans_vel", d.maxTranslationalVelocity()),
                    number(p, "cartesian_limits.max_trans_acc", d.maxTranslationalAcceleration()),
                    number(p, "cartesian_limits.max_rot_vel", d.maxRotationalVelocity()),
                    number(p, "cartesian_limits.max_rot_acc", d.maxRotationalAcceleration()),
                    number(p, "default_joint_acceleration", d.defaultJointAcceleration()),
                    number(p, "default_velocity_scaling", DEFAULT_SCALING),
                    number(p, "default_acceleration_scaling", DEFAULT_SCALING),
                    number(p, "singularity_threshold", d.singularityThreshold()),
                    number(p, "max_duration", d.maxDuration()));
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            String key = message.substring(0, message.indexOf(' '));
            throw new ParameterException(key, "parameter '" + key + "'" + message.substring(key.length()));
        }
        return new ExecutorConfig(p.getString("robot", ""), tip, settings);
    }

    private static double number(Parameters p, String key, double fallback) {
        return p.getDouble(key, fallback);
    }
}
