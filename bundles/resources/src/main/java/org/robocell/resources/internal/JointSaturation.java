package org.robocell.resources.internal;

import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * The bounds of one joint's velocity, effort and acceleration commands in one cycle, as ros2_control's
 * {@code joint_limits/src/joint_limits_helpers.cpp} computes them ({@code compute_velocity_limits},
 * {@code compute_effort_limits}, {@code compute_acceleration_limits}): functions of the joint's limits, the measured
 * state and the previous command, with no state of their own. {@link JointLimiter} keeps that state and the position
 * window, and makes this once, off the loop (so that its class is loaded before the first cycle).
 * <p>
 * Real time: arithmetic on final fields, no allocation.
 */
final class JointSaturation {

    /** ros2_control's {@code POSITION_BOUNDS_TOLERANCE}: how far outside the range still counts as at its end. */
    static final double POSITION_BOUNDS_TOLERANCE = 0.002;

    private final JointLimits hard;
    /** null: no soft limiter. */
    private final SoftJointLimits soft;

    JointSaturation(JointLimits hard, SoftJointLimits soft) {
        this.hard = hard;
        this.soft = soft;
    }

    /**
     * The velocity command within the velocity limit, not so fast that it passes an end of the range this cycle,
     * none that goes further out from an end, within the acceleration limit from the previous command, and within
     * the soft velocity range when there are soft limits.
     *
     * @param softMin the soft velocity range this cycle (unbounded without soft limits)
     * @param softMax see {@code softMin}
     */
    double velocity(double desired, double actualPosition, double actualVelocity, double previousVelocity, double dt,
            double softMin, double softMax) {
        double lower = Double.NEGATIVE_INFINITY;
        double upper = Double.POSITIVE_INFINITY;
        if (hard.hasVelocityLimits()) {
            lower = -hard.velocity();
            upper = hard.velocity();
            if (hard.hasPositionLimits() && !Double.isNaN(actualPosition)) {
                lower = Math.max((hard.lower() - actualPosition) / dt, lower);
                upper = Math.min((hard.upper() - actualPosition) / dt, upper);
                if (actualPosition > hard.upper() || actualPosition < hard.lower()) {
                    // at or past an end: no velocity that goes further out
                    boolean nearUpper = actualPosition < hard.upper() + POSITION_BOUNDS_TOLERANCE
                            && actualPosition > hard.lower();
                    boolean nearLower = actualPosition > hard.lower() - POSITION_BOUNDS_TOLERANCE
                            && actualPosition < hard.upper();
                    if ((nearUpper && desired >= 0.0) || (nearLower && desired <= 0.0) || (!nearUpper && !nearLower)) {
                        lower = 0.0;
                        upper = 0.0;
                    }
                }
            }
        }
        if (hard.hasAccelerationLimits() && !Double.isNaN(previousVelocity)) {
            double step = hard.acceleration() * dt;
            lower = Math.max(previousVelocity - step, lower);
            upper = Math.min(previousVelocity + step, upper);
        }
        if (soft != null) {
            double sMin = softMin;
            double sMax = softMax;
            if (hard.hasVelocityLimits() && hard.hasAccelerationLimits() && !Double.isNaN(actualVelocity)) {
                sMin = Math.max(actualVelocity - hard.acceleration() * dt, sMin);
                sMax = Math.min(actualVelocity + hard.acceleration() * dt, sMax);
            }
            lower = Math.max(sMin, lower);
            upper = Math.min(sMax, upper);
        }
        return clamp(desired, lower, upper);
    }

    /**
     * The effort command within the effort limit, none that pushes further past an end of the range or speeds up a
     * joint that is already too fast, and shaped by {@code k_velocity} towards the soft velocity range when there are
     * soft limits.
     */
    double effort(double desired, double actualPosition, double actualVelocity, double softMin, double softMax) {
        if (!hard.hasEffortLimits()) {
            return desired;
        }
        double lower = -hard.effort();
        double upper = hard.effort();
        if (hard.hasPositionLimits() && !Double.isNaN(actualPosition) && !Double.isNaN(actualVelocity)) {
            // no effort that pushes further past an end of the range
            if (actualPosition <= hard.lower() && actualVelocity <= 0.0) {
                lower = 0.0;
            } else if (actualPosition >= hard.upper() && actualVelocity >= 0.0) {
                upper = 0.0;
            }
        }
        if (hard.hasVelocityLimits() && !Double.isNaN(actualVelocity)) {
            // no effort that speeds a joint up that is already too fast
            if (actualVelocity < -hard.velocity()) {
                lower = 0.0;
            } else if (actualVelocity > hard.velocity()) {
                upper = 0.0;
            }
        }
        if (soft != null && Double.isFinite(soft.kVelocity()) && !Double.isNaN(actualVelocity)) {
            double sMin = clamp(-soft.kVelocity() * (actualVelocity - softMin), -hard.effort(), hard.effort());
            double sMax = clamp(-soft.kVelocity() * (actualVelocity - softMax), -hard.effort(), hard.effort());
            lower = Math.max(sMin, lower);
            upper = Math.min(sMax, upper);
        }
        return clamp(desired, lower, upper);
    }

    /** The acceleration command within the deceleration limit while slowing down, else the acceleration limit. */
    double acceleration(double desired, double actualVelocity) {
        boolean slowingDown = !Double.isNaN(actualVelocity)
                && ((desired < 0 && actualVelocity > 0) || (desired > 0 && actualVelocity < 0));
        if (hard.hasDecelerationLimits() && slowingDown) {
            return clamp(desired, -hard.deceleration(), hard.deceleration());
        }
        if (hard.hasAccelerationLimits()) {
            return clamp(desired, -hard.acceleration(), hard.acceleration());
        }
        return desired;
    }

    /** The jerk command within the jerk limit. */
    double jerk(double desired) {
        return clamp(desired, -hard.jerk(), hard.jerk());
    }

    /** The velocity a position command may move at this cycle: the limit, less while accelerating. */
    double maxVelocity(double actualVelocity, double dt) {
        double speed = Double.isNaN(actualVelocity) ? 0.0 : Math.abs(actualVelocity);
        double reachable = hard.hasAccelerationLimits() ? speed + hard.acceleration() * dt : hard.velocity();
        return Math.min(hard.velocity(), reachable);
    }

    /** {@code value} inside [lower, upper]; an inverted range is read the other way round (ros2_control swaps it). */
    static double clamp(double value, double lower, double upper) {
        if (lower > upper) {
            double t = lower;
            lower = upper;
            upper = t;
        }
        return value < lower ? lower : value > upper ? upper : value;
    }
}
