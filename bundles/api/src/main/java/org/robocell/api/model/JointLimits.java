package org.robocell.api.model;

/**
 * Limits of a joint from URDF {@code <limit>}: position bounds (infinite when the joint has none, as a
 * continuous joint), velocity and effort bounds (infinite when absent).
 */
public record JointLimits(double lower, double upper, double velocity, double effort) {

    public static final JointLimits NONE = new JointLimits(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);

    public JointLimits {
        if (Double.isNaN(lower) || Double.isNaN(upper) || Double.isNaN(velocity) || Double.isNaN(effort)) {
            throw new IllegalArgumentException("joint limits must not be NaN");
        }
        if (lower > upper) {
            throw new IllegalArgumentException("lower limit " + lower + " is above upper limit " + upper);
        }
    }

    public boolean hasPositionLimits() {
        return Double.isFinite(lower) || Double.isFinite(upper);
    }
}
