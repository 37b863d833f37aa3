package org.robocell.resources.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.LoopStats;

/**
 * Each controller update and hardware read/write the loop times goes into its budget's histogram: what
 * {@code cell:stats} and {@code controller:info} show, recorded on the loop without allocating.
 */
class ExecutionBudgetTimingTest {

    private static final int CALLS = 100_000;
    private static final int ATTEMPTS = 10;

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    @Test
    void recordingEachCallsDurationAllocatesNothing() {
        ExecutionBudget budget = new ExecutionBudget(50_000, 3);
        for (int i = 0; i < CALLS; i++) {
            budget.record(1_000 + i % 50_000); // warm-up: the JIT compiles the path
        }
        long overhead = allocatedBytes();
        overhead = allocatedBytes() - overhead;
        long fewest = Long.MAX_VALUE;
        for (int attempt = 0; attempt < ATTEMPTS && fewest != 0; attempt++) {
            long before = allocatedBytes();
            for (int i = 0; i < CALLS; i++) {
                budget.record(1_000 + (i * 7919L) % 2_000_000);
            }
            fewest = Math.min(fewest, allocatedBytes() - before - overhead);
        }
        assertEquals(0, fewest, "bytes allocated recording " + CALLS + " durations (the fewest of up to " + ATTEMPTS + " tries)");
    }

    @Test
    void theTimingGivesPercentilesOfTheCallsAndStartsAfreshAfterAReset() {
        ExecutionBudget budget = new ExecutionBudget(ExecutionBudget.UNLIMITED, 1);
        for (int i = 1; i <= 100; i++) {
            budget.record(i * 1_000L);
        }
        LoopStats.Percentiles t = budget.timing();
        assertEquals(100, t.count());
        assertEquals(50_000, t.p50(), 500, "HdrHistogram at 2 significant digits");
        assertEquals(100_000, t.max(), 1_000);
        assertEquals(100, budget.timing().count(), "reading does not consume");
        budget.resetTiming();
        assertEquals(LoopStats.Percentiles.EMPTY, budget.timing());
        budget.record(7_000);
        assertEquals(1, budget.timing().count());
        assertTrue(budget.timing().max() >= 7_000);
    }
}
