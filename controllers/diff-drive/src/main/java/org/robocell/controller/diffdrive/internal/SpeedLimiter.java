package org.robocell.controller.diffdrive.internal;

/**
 * Limits a velocity command's value, rate of change and second derivative, as control_toolbox's
 * {@code RateLimiter} does for diff_drive_controller's {@code SpeedLimiter} ({@code control_toolbox/rate_limiter.hpp}):
 * the jerk limit applies only while the acceleration grows in magnitude (control_toolbox issue 240), the acceleration
 * limits depend on the direction of travel (moving forward: {@code max_deceleration} … {@code max_acceleration};
 * backward: {@code max_acceleration_reverse} … {@code max_deceleration_reverse}; standing:
 * {@code max_acceleration_reverse} … {@code max_acceleration}), then the value is clamped. A NaN maximum switches that
 * limit off; a NaN minimum defaults to minus the maximum. Immutable; {@link #limit} allocates nothing.
 */
final class SpeedLimiter {

    /** The eight limits in upstream's parameter names, NaN where not set. */
    record Limits(double minVelocity, double maxVelocity, double maxAccelerationReverse, double maxAcceleration,
            double maxDeceleration, double maxDecelerationReverse, double minJerk, double maxJerk) {

        static final Limits NONE = new Limits(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    private final boolean hasValueLimits;
    private final boolean hasFirstDerivativeLimits;
    private final boolean hasSecondDerivativeLimits;
    private final double minValue;
    private final double maxValue;
    /** Rate limits: standing or backward lower bound, standing or forward upper bound, forward lower, backward upper. */
    private final double minFirstNeg;
    private final double maxFirstPos;
    private final double minFirstPos;
    private final double maxFirstNeg;
    private final double minSecond;
    private final double maxSecond;

    /** @throws IllegalArgumentException when a minimum exceeds its maximum, naming which */
    SpeedLimiter(Limits l) {
        hasValueLimits = !Double.isNaN(l.maxVelocity());
        maxValue = l.maxVelocity();
        minValue = Double.isNaN(l.minVelocity()) ? -l.maxVelocity() : l.minVelocity();
        if (hasValueLimits && minValue > maxValue) {
            throw new IllegalArgumentException("min_velocity (" + minValue + ") exceeds max_velocity (" + maxValue + ")");
        }
        hasFirstDerivativeLimits = !Double.isNaN(l.maxAcceleration());
        maxFirstPos = l.maxAcceleration();
        minFirstNeg = Double.isNaN(l.maxAccelerationReverse()) ? -l.maxAcceleration() : l.maxAccelerationReverse();
        if (hasFirstDerivativeLimits && minFirstNeg > maxFirstPos) {
            throw new IllegalArgumentException("max_acceleration_reverse (" + minFirstNeg + ") exceeds max_acceleration ("
                    + maxFirstPos + ")");
        }
        maxFirstNeg = Double.isNaN(l.maxDecelerationReverse()) ? maxFirstPos : l.maxDecelerationReverse();
        minFirstPos = Double.isNaN(l.maxDeceleration()) ? minFirstNeg : l.maxDeceleration();
        if (hasFirstDerivativeLimits && minFirstPos > maxFirstNeg) {
            throw new IllegalArgumentException("max_deceleration (" + minFirstPos + ") exceeds max_deceleration_reverse ("
                    + maxFirstNeg + ")");
        }
        hasSecondDerivativeLimits = !Double.isNaN(l.maxJerk());
        maxSecond = l.maxJerk();
        minSecond = Double.isNaN(l.minJerk()) ? -l.maxJerk() : l.minJerk();
        if (hasSecondDerivativeLimits && minSecond > maxSecond) {
            throw new IllegalArgumentException("min_jerk (" + minSecond + ") exceeds max_jerk (" + maxSecond + ")");
        }
    }

    /**
     * @param v  the wanted command
     * @param v0 the previous (limited) command
     * @param v1 the one before it
     * @param dt the period in seconds
     * @return {@code v} limited
     */
    double limit(double v, double v0, double v1, double dt) {
        if (hasSecondDerivativeLimits) {
            double dv = v - v0;
            double dv0 = v0 - v1;
            if ((dv - dv0) * (v - v0) > 0) {
                double dt2 = dt * dt;
                double da = clamp(dv - dv0, minSecond * dt2, maxSecond * dt2);
                v = v0 + dv0 + da;
            }
        }
        if (hasFirstDerivativeLimits) {
            double dvMin;
            double dvMax;
            if (v0 > 0.0) {
                dvMin = minFirstPos * dt;
                dvMax = maxFirstPos * dt;
            } else if (v0 < 0.0) {
                dvMin = minFirstNeg * dt;
                dvMax = maxFirstNeg * dt;
            } else {
                dvMin = minFirstNeg * dt;
                dvMax = maxFirstPos * dt;
            }
            v = v0 + clamp(v - v0, dvMin, dvMax);
        }
        if (hasValueLimits) {
            v = clamp(v, minValue, maxValue);
        }
        return v;
    }

    private static double clamp(double v, double lo, double hi) {
        return v < lo ? lo : (v > hi ? hi : v);
    }
}
