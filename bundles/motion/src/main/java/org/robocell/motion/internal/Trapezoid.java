package org.robocell.motion.internal;

/**
 * A trapezoidal velocity profile over a unit distance: the normalised path parameter s(t) from 0 to 1, accelerating
 * at {@code acceleration}, cruising at {@code peakVelocity}, decelerating symmetrically. A primitive moves every
 * coordinate (joints for PTP, arc length and rotation angle for LIN and CIRC) on the same s(t), so all arrive at once.
 */
final class Trapezoid {

    final double accelerationTime;
    final double cruiseTime;
    final double peakVelocity;
    final double acceleration;
    final double duration;

    private Trapezoid(double accelerationTime, double peakVelocity) {
        this.accelerationTime = accelerationTime;
        this.peakVelocity = peakVelocity;
        this.acceleration = peakVelocity / accelerationTime;
        this.cruiseTime = Math.max(0.0, (1.0 - peakVelocity * accelerationTime) / peakVelocity);
        this.duration = 2 * accelerationTime + cruiseTime;
    }

    /** The fastest profile within a peak velocity (1/s, may be infinite) and an acceleration (1/s², finite). */
    static Trapezoid fastest(double maxVelocity, double maxAcceleration) {
        double reach = maxVelocity * maxVelocity / maxAcceleration;
        if (reach >= 1.0) {
            double ta = Math.sqrt(1.0 / maxAcceleration);
            return new Trapezoid(ta, maxAcceleration * ta);
        }
        return new Trapezoid(maxVelocity / maxAcceleration, maxVelocity);
    }

    /** The profile that takes {@code seconds}: a quarter accelerating, half cruising, a quarter decelerating. */
    static Trapezoid ofDuration(double seconds) {
        return new Trapezoid(seconds / 4, 4.0 / (3.0 * seconds));
    }

    /** The shortest duration {@link #ofDuration} can have within these limits. */
    static double shortestDuration(double maxVelocity, double maxAcceleration) {
        return Math.max(4.0 / (3.0 * maxVelocity), Math.sqrt(16.0 / (3.0 * maxAcceleration)));
    }

    /** s(t), clamped to [0, 1] outside the profile. */
    double position(double t) {
        if (t <= 0) {
            return 0.0;
        }
        if (t >= duration) {
            return 1.0;
        }
        if (t < accelerationTime) {
            return 0.5 * acceleration * t * t;
        }
        if (t < accelerationTime + cruiseTime) {
            return 0.5 * peakVelocity * accelerationTime + peakVelocity * (t - accelerationTime);
        }
        double r = duration - t;
        return 1.0 - 0.5 * acceleration * r * r;
    }
}
