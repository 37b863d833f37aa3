package org.robocell.controller.common;

/**
 * A PID loop on one degree of freedom: {@code u = p·e + clamp(Σ i·e·dt) + d·ė}, then clamped to the output limits.
 * The integral is accumulated already multiplied by {@code i}, so changing {@code i} does not make the output jump,
 * and it is clamped to [iClampMin, iClampMax] (anti-windup). Allocation-free; not thread-safe.
 */
public final class Pid {

    private final Gains gains;
    private double integral;
    private double previousError = Double.NaN;

    /** Gains and limits; the clamps default to unbounded. */
    public record Gains(double p, double i, double d, double iClampMin, double iClampMax, double uClampMin,
            double uClampMax) {

        public Gains {
            if (iClampMin > iClampMax) {
                throw new IllegalArgumentException("i_clamp_min " + iClampMin + " exceeds i_clamp_max " + iClampMax);
            }
            if (uClampMin > uClampMax) {
                throw new IllegalArgumentException("u_clamp_min " + uClampMin + " exceeds u_clamp_max " + uClampMax);
            }
        }

        public static Gains of(double p, double i, double d) {
            return new Gains(p, i, d, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                    Double.POSITIVE_INFINITY);
        }
    }

    public Pid(Gains gains) {
        this.gains = gains;
    }

    public Gains gains() {
        return gains;
    }

    /** Forgets the integral and the previous error, e.g. on activation so that stale state causes no impulse. */
    public void reset() {
        integral = 0.0;
        previousError = Double.NaN;
    }

    /** With the error's derivative known (e.g. velocity error). A period that is not positive gives only p·e. */
    public double compute(double error, double errorDot, double dt) {
        if (dt > 0.0) {
            integral = clamp(integral + gains.i() * error * dt, gains.iClampMin(), gains.iClampMax());
        }
        previousError = error;
        double u = gains.p() * error + integral + (dt > 0.0 ? gains.d() * errorDot : 0.0);
        return clamp(u, gains.uClampMin(), gains.uClampMax());
    }

    /** With the error's derivative estimated from the previous error (zero on the first call). */
    public double compute(double error, double dt) {
        double errorDot = (dt > 0.0 && !Double.isNaN(previousError)) ? (error - previousError) / dt : 0.0;
        return compute(error, errorDot, dt);
    }

    /** The accumulated integral term (already multiplied by i). */
    public double integralTerm() {
        return integral;
    }

    private static double clamp(double v, double lo, double hi) {
        return v < lo ? lo : (v > hi ? hi : v);
    }
}
