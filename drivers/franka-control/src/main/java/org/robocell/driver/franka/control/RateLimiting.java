package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.DELTA_T;

import org.robocell.driver.franka.control.internal.Cpp;

/**
 * libfranka's scalar rate limiters ({@code src/rate_limiting.cpp}), one value per call, for one period of
 * {@link FrankaLimits#DELTA_T}. Pure functions: no state, no allocation. They do not check their inputs; the
 * shapers do that first, as libfranka's array overloads do.
 */
public final class RateLimiting {

    private RateLimiting() {
    }

    /**
     * A value whose first derivative may not exceed {@code maxDerivative} (libfranka's torque-rate limiter):
     * {@code last + clamp((commanded - last) / Δt, ±maxDerivative) · Δt}.
     */
    public static double limitDerivative(double maxDerivative, double commanded, double last) {
        double derivative = (commanded - last) / DELTA_T;
        return last + Cpp.max(Cpp.min(derivative, maxDerivative), -maxDerivative) * DELTA_T;
    }

    /**
     * A velocity within {@code [lowerVelocity, upperVelocity]}, its acceleration within {@code ±maxAcceleration}
     * and its jerk within {@code ±maxJerk}, from the last commanded velocity and acceleration. Near a velocity
     * limit the allowed acceleration shrinks with the distance to it ({@code maxJerk / maxAcceleration · distance}),
     * so the limit is approached without overshoot.
     */
    public static double limitVelocity(double upperVelocity, double lowerVelocity, double maxAcceleration,
            double maxJerk, double commandedVelocity, double lastVelocity, double lastAcceleration) {
        double jerk = (((commandedVelocity - lastVelocity) / DELTA_T) - lastAcceleration) / DELTA_T;
        double acceleration = lastAcceleration + Cpp.max(Cpp.min(jerk, maxJerk), -maxJerk) * DELTA_T;
        double safeMaxAcceleration =
                Cpp.min((maxJerk / maxAcceleration) * (upperVelocity - lastVelocity), maxAcceleration);
        double safeMinAcceleration =
                Cpp.max((maxJerk / maxAcceleration) * (lowerVelocity - lastVelocity), -maxAcceleration);
        return lastVelocity
                + Cpp.max(Cpp.min(acceleration, safeMaxAcceleration), safeMinAcceleration) * DELTA_T;
    }

    /**
     * A position through {@link #limitVelocity}: the commanded position's difference quotient is limited as a
     * velocity and integrated from the last commanded position.
     */
    public static double limitPosition(double upperVelocity, double lowerVelocity, double maxAcceleration,
            double maxJerk, double commandedPosition, double lastPosition, double lastVelocity,
            double lastAcceleration) {
        return lastPosition + limitVelocity(upperVelocity, lowerVelocity, maxAcceleration, maxJerk,
                (commandedPosition - lastPosition) / DELTA_T, lastVelocity, lastAcceleration) * DELTA_T;
    }
}
