package org.robocell.api.model;

/**
 * The soft limits of a joint from the URDF {@code <safety_controller>}, as ros2_control's
 * {@code joint_limits::SoftJointLimits}: a position range inside the hard one, and the gains with which commands
 * are slowed down towards its ends ({@code k_position}: the velocity allowed per unit of distance to a soft limit,
 * 1/s; {@code k_velocity}: the effort allowed per unit of velocity beyond the allowed one).
 *
 * @since 1.1
 */
public record SoftJointLimits(double lower, double upper, double kPosition, double kVelocity) {

    public SoftJointLimits {
        if (Double.isNaN(lower) || Double.isNaN(upper) || Double.isNaN(kPosition) || Double.isNaN(kVelocity)) {
            throw new IllegalArgumentException("soft joint limits must not be NaN");
        }
        if (lower > upper) {
            throw new IllegalArgumentException("soft_lower_limit " + lower + " is above soft_upper_limit " + upper);
        }
        if (kPosition < 0 || kVelocity < 0) {
            throw new IllegalArgumentException("k_position and k_velocity must not be negative");
        }
    }

    /** Below this a range or a gain counts as zero (ros2_control's {@code VALUE_CONSIDERED_ZERO}). */
    private static final double ZERO = 1e-10;

    /** Whether it bounds the position: both ends finite and apart (ros2_control's has_soft_position_limits). */
    public boolean hasPositionLimits() {
        return Double.isFinite(lower) && Double.isFinite(upper) && upper - lower > ZERO;
    }

    /** Whether commands are slowed towards the ends: a position range and a k_position (has_soft_limits). */
    public boolean slowsDown() {
        return hasPositionLimits() && Double.isFinite(kPosition) && kPosition > ZERO;
    }

    /** These soft limits clamped into the hard position range. */
    public SoftJointLimits within(JointLimits hard) {
        if (!hard.hasPositionLimits()) {
            return this;
        }
        double lo = Math.max(lower, hard.lower());
        double hi = Math.min(upper, hard.upper());
        return hi < lo ? new SoftJointLimits(hard.lower(), hard.upper(), kPosition, kVelocity)
                : new SoftJointLimits(lo, hi, kPosition, kVelocity);
    }
}
