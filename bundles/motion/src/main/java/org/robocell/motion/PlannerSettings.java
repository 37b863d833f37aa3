package org.robocell.motion;

/**
 * The planner's limits and defaults beyond the robot's joint limits.
 *
 * @param tipLink                    the tool link Cartesian poses and blend radii refer to; null for the robot's tip
 *                                   (the leaf link reached through the most moving joints)
 * @param sampleTime                 the plan's sample period (s): the control loop's period, so that every cycle
 *                                   meets a sample the checks have seen
 * @param maxTranslationalVelocity   Cartesian speed limit of the tool (m/s), as Pilz's {@code max_trans_vel}
 * @param maxTranslationalAcceleration Cartesian acceleration limit (m/s²)
 * @param maxRotationalVelocity      limit of the tool's angular speed (rad/s)
 * @param maxRotationalAcceleration  limit of the tool's angular acceleration (rad/s²)
 * @param defaultJointAcceleration   acceleration limit (rad/s² or m/s²) of a joint whose limits give none (URDF has
 *                                   no attribute for it)
 * @param defaultVelocityScaling     scaling used when a primitive gives none (NaN), in (0, 1]
 * @param defaultAccelerationScaling scaling used when a primitive gives none (NaN), in (0, 1]
 * @param singularityThreshold       smallest singular value of the tool Jacobian a Cartesian path may reach
 * @param maxDuration                longest plan (s) the planner builds
 */
public record PlannerSettings(String tipLink, double sampleTime, double maxTranslationalVelocity,
        double maxTranslationalAcceleration, double maxRotationalVelocity, double maxRotationalAcceleration,
        double defaultJointAcceleration, double defaultVelocityScaling, double defaultAccelerationScaling,
        double singularityThreshold, double maxDuration) {

    /** Pilz's example Cartesian limits (1 m/s, 2.25 m/s², 1.57 rad/s), sampled at 1 kHz, full speed by default. */
    public static final PlannerSettings DEFAULT = new PlannerSettings(null, 0.001, 1.0, 2.25, 1.57, 3.5, 5.0, 1.0,
            1.0, 0.005, 600.0);

    public PlannerSettings {
        positive("sample_time", sampleTime);
        positive("cartesian_limits.max_trans_vel", maxTranslationalVelocity);
        positive("cartesian_limits.max_trans_acc", maxTranslationalAcceleration);
        positive("cartesian_limits.max_rot_vel", maxRotationalVelocity);
        positive("cartesian_limits.max_rot_acc", maxRotationalAcceleration);
        positive("default_joint_acceleration", defaultJointAcceleration);
        scaling("default_velocity_scaling", defaultVelocityScaling);
        scaling("default_acceleration_scaling", defaultAccelerationScaling);
        if (!(singularityThreshold >= 0) || !Double.isFinite(singularityThreshold)) {
            throw new IllegalArgumentException("singularity_threshold must be a finite number >= 0, got "
                    + singularityThreshold);
        }
        positive("max_duration", maxDuration);
    }

    /** These settings sampled at another period (s). */
    public PlannerSettings withSampleTime(double seconds) {
        return new PlannerSettings(tipLink, seconds, maxTranslationalVelocity, maxTranslationalAcceleration,
                maxRotationalVelocity, maxRotationalAcceleration, defaultJointAcceleration, defaultVelocityScaling,
                defaultAccelerationScaling, singularityThreshold, maxDuration);
    }

    /** These settings for another tool link. */
    public PlannerSettings withTipLink(String link) {
        return new PlannerSettings(link, sampleTime, maxTranslationalVelocity, maxTranslationalAcceleration,
                maxRotationalVelocity, maxRotationalAcceleration, defaultJointAcceleration, defaultVelocityScaling,
                defaultAccelerationScaling, singularityThreshold, maxDuration);
    }

    /** These settings with other default scalings. */
    public PlannerSettings withDefaultScaling(double velocity, double acceleration) {
        return new PlannerSettings(tipLink, sampleTime, maxTranslationalVelocity, maxTranslationalAcceleration,
                maxRotationalVelocity, maxRotationalAcceleration, defaultJointAcceleration, velocity, acceleration,
                singularityThreshold, maxDuration);
    }

    private static void positive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number > 0, got " + value);
        }
    }

    static void scaling(String name, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1], got " + value);
        }
    }
}
