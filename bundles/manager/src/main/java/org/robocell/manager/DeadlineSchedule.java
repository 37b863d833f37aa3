package org.robocell.manager;

/**
 * Absolute deadlines one period apart, as a loop that owns its cycle runs them: the next deadline is the previous
 * one plus a period, never "now plus a period", so that lateness does not accumulate; a loop more than a period
 * behind starts again from now (re-phases) instead of running a burst of late cycles. Used by the runtime's loop
 * thread and by the jitter harness alike. Single-threaded, allocation-free.
 *
 * @since 2.0
 */
public final class DeadlineSchedule {

    private final long periodNanos;
    private long next;
    private long rephases;

    public DeadlineSchedule(long periodNanos) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive, got " + periodNanos + " ns");
        }
        this.periodNanos = periodNanos;
    }

    /** Starts the schedule: the first deadline. */
    public void start(long firstDeadline) {
        next = firstDeadline;
    }

    /** The deadline of the next cycle. */
    public long next() {
        return next;
    }

    /**
     * After a cycle that ended at {@code endNanos}: the deadline moves one period on, or, when that is still more
     * than a period in the past, to {@code endNanos}.
     *
     * @return true when it re-phased
     */
    public boolean advance(long endNanos) {
        next += periodNanos;
        if (endNanos - next > periodNanos) {
            next = endNanos;
            rephases++;
            return true;
        }
        return false;
    }

    public long periodNanos() {
        return periodNanos;
    }

    /** How many times the schedule started again from now. */
    public long rephases() {
        return rephases;
    }

    /**
     * The one definition of an overrun, wherever cycles are counted: the cycle's work ended after the next cycle's
     * deadline — it woke {@code latenessNanos} late and then worked {@code executionNanos} (its own work, not the wait
     * for a robot's packet), together more than a period.
     */
    public static boolean isOverrun(long latenessNanos, long executionNanos, long periodNanos) {
        return latenessNanos + executionNanos > periodNanos;
    }
}
