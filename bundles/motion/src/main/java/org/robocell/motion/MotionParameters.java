package org.robocell.motion;

/**
 * How fast one primitive moves and how it joins the next. NaN means "the planner's default" for the scalings and
 * "none" for the move time; a blend radius of 0 stops exactly at the primitive's goal.
 *
 * @param velocityScaling     fraction (0, 1] of the velocity limits (joint limits for PTP, Cartesian limits for LIN
 *                            and CIRC), as Pilz's {@code max_velocity_scaling_factor}
 * @param accelerationScaling fraction (0, 1] of the acceleration limits
 * @param moveTime            when above 0: the primitive's duration (s); the scalings are ignored, and a move time
 *                            the limits cannot meet is refused
 * @param blendRadius         radius (m) of the sphere about the goal's tool position inside which the motion blends
 *                            into the next primitive of the sequence without stopping; 0 for an exact stop
 */
public record MotionParameters(double velocityScaling, double accelerationScaling, double moveTime,
        double blendRadius) {

    /** The planner's default scalings, no move time, exact stop. */
    public static final MotionParameters DEFAULT = new MotionParameters(Double.NaN, Double.NaN, Double.NaN, 0.0);

    /** These parameters with another blend radius. */
    public MotionParameters withBlendRadius(double radius) {
        return new MotionParameters(velocityScaling, accelerationScaling, moveTime, radius);
    }

    /** These parameters with other scalings. */
    public MotionParameters withScaling(double velocity, double acceleration) {
        return new MotionParameters(velocity, acceleration, moveTime, blendRadius);
    }

    /** These parameters with a move time. */
    public MotionParameters withMoveTime(double seconds) {
        return new MotionParameters(velocityScaling, accelerationScaling, seconds, blendRadius);
    }
}
