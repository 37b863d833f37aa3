package org.robocell.resources.internal;

/**
 * The loop's stopwatch for execution budgets: one clock read per timed call instead of two. Each lap runs from the
 * end of the previous one (or the mark set at the cycle's start and after untimed work such as a switch commit) to
 * now, so the little the loop does between two calls (limits, bookkeeping) counts to the next call. Loop thread only;
 * a plain field, no allocation.
 */
public final class LapTimer {

    private long mark;

    /** Starts a lap now, leaving out whatever happened since the last one. */
    public long mark() {
        mark = System.nanoTime();
        return mark;
    }

    /** The time since the last lap or mark; the next lap starts now. */
    public long lap() {
        long now = System.nanoTime();
        long lap = now - mark;
        mark = now;
        return lap;
    }
}
