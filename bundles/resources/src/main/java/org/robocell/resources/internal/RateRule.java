package org.robocell.resources.internal;

/**
 * ros2_control's rules for running something at a lower rate than the loop: a controller's {@code update_rate} and
 * a hardware component's {@code rw_rate}.
 */
public final class RateRule {

    private RateRule() {
    }

    /**
     * The rate a controller actually runs at: 0 (or more than the loop rate) means the loop rate; a rate that does
     * not divide the loop rate becomes {@code R / round(R / r)} (loop 100 Hz, asked 30 Hz: 33 Hz).
     */
    public static int effectiveRate(int requested, int loopRate) {
        if (requested <= 0 || requested >= loopRate) {
            return loopRate;
        }
        if (loopRate % requested == 0) {
            return requested;
        }
        long divisor = Math.round((double) loopRate / requested);
        return (int) (loopRate / Math.max(1, divisor));
    }

    /**
     * Whether something at {@code rate} Hz runs in this cycle, {@code sinceLastNanos} after it last ran, in a loop of
     * period {@code loopPeriodNanos}: it runs in the cycle that comes closest to its own period,
     * {@code |dt*r - 1| <= |(dt + P)*r - 1|}. Never allocates.
     */
    public static boolean due(int rate, long sinceLastNanos, long loopPeriodNanos) {
        long now = Math.abs(sinceLastNanos * rate - 1_000_000_000L);
        long next = Math.abs((sinceLastNanos + loopPeriodNanos) * rate - 1_000_000_000L);
        return now <= next;
    }
}
