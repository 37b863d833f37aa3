package org.robocell.resources.internal;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.robocell.api.cell.LoopStats;

/**
 * How long one controller update or one hardware read/write may take, and how many times in a row it may take longer
 * before it is treated as failed. The loop measures each call and records it here: a plain field update, no
 * allocation, no lock.
 * <p>
 * A Java thread cannot be stopped in the middle of a call, so the budget cannot cut a stalling call short; it takes
 * the stalling controller or component out of the loop after {@code limit} consecutive overruns, as if it had
 * answered ERROR. Single overruns (a page fault, a preempted thread) are counted and reported, never punished.
 * <p>
 * Every call's duration also goes into a histogram (HdrHistogram's single-writer recorder: wait-free, no allocation
 * on the loop), which {@link #timing()} reads off the loop as percentiles.
 */
public final class ExecutionBudget {

    /** No budget: nothing is ever counted as an overrun. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    private volatile long budgetNanos;
    private volatile int limit;
    private int consecutive;
    private volatile long overruns;
    private volatile long longestNanos;

    /** Durations above 10 s are recorded as 10 s. */
    private static final long HIGHEST = 10_000_000_000L;
    private final SingleWriterRecorder durations = new SingleWriterRecorder(1, HIGHEST, 2);
    private Histogram interval;
    private Histogram total = new Histogram(1, HIGHEST, 2);

    public ExecutionBudget(long budgetNanos, int limit) {
        set(budgetNanos, limit);
    }

    /** Off the loop: a new budget; counting in a row starts over. */
    public void set(long budgetNanos, int limit) {
        if (budgetNanos <= 0 || limit <= 0) {
            throw new IllegalArgumentException("an execution budget needs a positive time and count, got "
                    + budgetNanos + " ns and " + limit);
        }
        this.budgetNanos = budgetNanos;
        this.limit = limit;
        this.consecutive = 0;
    }

    public long budgetNanos() {
        return budgetNanos;
    }

    public int limit() {
        return limit;
    }

    /**
     * Real time: one call took {@code nanos}.
     *
     * @return true when this call made {@code limit} overruns in a row: the caller takes the culprit out
     */
    public boolean record(long nanos) {
        durations.recordValue(nanos < 1 ? 1 : nanos > HIGHEST ? HIGHEST : nanos);
        if (nanos > longestNanos) {
            longestNanos = nanos;
        }
        if (nanos <= budgetNanos) {
            consecutive = 0;
            return false;
        }
        overruns++;
        return ++consecutive >= limit;
    }

    /** Real time: starts counting in a row afresh (after an activation). */
    public void restart() {
        consecutive = 0;
    }

    /** Calls that took longer than the budget, in total. */
    public long overruns() {
        return overruns;
    }

    /** The longest call seen. */
    public long longestNanos() {
        return longestNanos;
    }

    /** Off the loop: the durations recorded since the start or the last {@link #resetTiming()}. */
    public synchronized LoopStats.Percentiles timing() {
        interval = durations.getIntervalHistogram(interval);
        total.add(interval);
        if (total.getTotalCount() == 0) {
            return LoopStats.Percentiles.EMPTY;
        }
        return new LoopStats.Percentiles(total.getTotalCount(), total.getValueAtPercentile(50),
                total.getValueAtPercentile(99), total.getValueAtPercentile(99.9), total.getMaxValue(), total.getMean());
    }

    /** Off the loop: {@link #timing()} starts afresh. */
    public synchronized void resetTiming() {
        interval = durations.getIntervalHistogram(interval);
        total = new Histogram(1, HIGHEST, 2);
    }
}
