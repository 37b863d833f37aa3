package org.robocell.resources.internal;

/**
 * How long one controller update or one hardware read/write may take, and how many times in a row it may take longer
 * before it is treated as failed. The loop measures each call and records it here: a plain field update, no
 * allocation, no lock.
 * <p>
 * A Java thread cannot be stopped in the middle of a call, so the budget cannot cut a stalling call short; it takes
 * the stalling controller or component out of the loop after {@code limit} consecutive overruns, as if it had
 * answered ERROR. Single overruns (a page fault, a preempted thread) are counted and reported, never punished.
 */
public final class ExecutionBudget {

    /** No budget: nothing is ever counted as an overrun. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    private volatile long budgetNanos;
    private volatile int limit;
    private int consecutive;
    private volatile long overruns;
    private volatile long longestNanos;

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
}
