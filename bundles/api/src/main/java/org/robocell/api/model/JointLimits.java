package org.robocell.api.model;

/**
 * The limits of one joint, as ros2_control's {@code joint_limits::JointLimits}: from the URDF {@code <limit>} of the
 * joint, made more restrictive by the {@code min}/{@code max} parameters of the joint's command interfaces in its
 * {@code <ros2_control>} block ({@code position}, {@code velocity}, {@code effort}; {@code acceleration} and
 * {@code jerk}, which URDF has no attribute for). A limit that is not given is infinite: position bounds of a
 * continuous joint, a velocity a URDF does not state.
 *
 * @param lower        lowest position (rad or m)
 * @param upper        highest position
 * @param velocity     highest speed, either direction
 * @param effort       highest effort (torque or force), either direction
 * @param acceleration highest acceleration, speeding up (since 1.1)
 * @param deceleration highest deceleration, slowing down (since 1.1)
 * @param jerk         highest jerk (since 1.1)
 */
public record JointLimits(double lower, double upper, double velocity, double effort, double acceleration,
        double deceleration, double jerk) {

    public static final JointLimits NONE = new JointLimits(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    public JointLimits {
        if (Double.isNaN(lower) || Double.isNaN(upper) || Double.isNaN(velocity) || Double.isNaN(effort)
                || Double.isNaN(acceleration) || Double.isNaN(deceleration) || Double.isNaN(jerk)) {
            throw new IllegalArgumentException("joint limits must not be NaN");
        }
        if (lower > upper) {
            throw new IllegalArgumentException("lower limit " + lower + " is above upper limit " + upper);
        }
        if (velocity < 0 || effort < 0 || acceleration < 0 || deceleration < 0 || jerk < 0) {
            throw new IllegalArgumentException("velocity, effort, acceleration, deceleration and jerk limits are"
                    + " magnitudes and must not be negative");
        }
    }

    /** Position, velocity and effort limits as URDF states them; no acceleration or jerk limit. */
    public JointLimits(double lower, double upper, double velocity, double effort) {
        this(lower, upper, velocity, effort, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY);
    }

    public boolean hasPositionLimits() {
        return Double.isFinite(lower) || Double.isFinite(upper);
    }

    /** @since 1.1 */
    public boolean hasVelocityLimits() {
        return Double.isFinite(velocity);
    }

    /** @since 1.1 */
    public boolean hasEffortLimits() {
        return Double.isFinite(effort);
    }

    /** @since 1.1 */
    public boolean hasAccelerationLimits() {
        return Double.isFinite(acceleration);
    }

    /** @since 1.1 */
    public boolean hasDecelerationLimits() {
        return Double.isFinite(deceleration);
    }

    /** @since 1.1 */
    public boolean hasJerkLimits() {
        return Double.isFinite(jerk);
    }

    /** These limits with the position range replaced. @since 1.1 */
    public JointLimits withPosition(double lower, double upper) {
        return new JointLimits(lower, upper, velocity, effort, acceleration, deceleration, jerk);
    }
}
