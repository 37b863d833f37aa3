package org.robocell.manager;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** How a loop waits when its thread was interrupted (a stop that took too long, a careless bundle). */
class IdleStrategyTest {

    private static final long WAIT_NANOS = 200_000_000L;

    @AfterEach
    void clearTheInterrupt() {
        Thread.interrupted();
    }

    /**
     * A park returns at once while the interrupt flag is set: the wait once spun to its deadline, and so did every
     * later one, a core burnt until the loop stopped. Now it waits to its deadline parked, and the caller still sees
     * the interrupt. The thread's CPU time tells parking from spinning (a spinning wait costs about its length; a
     * loaded machine can only make a spinning one look cheaper, never a parked one dearer).
     */
    @ParameterizedTest
    @EnumSource(value = IdleStrategy.class, names = { "SLEEP", "SLEEP_THEN_SPIN" })
    void anInterruptedWaitParksToItsDeadlineAndKeepsTheInterrupt(IdleStrategy idle) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(threads.isCurrentThreadCpuTimeSupported(), "no thread CPU time on this JVM");
        for (int i = 0; i < 3; i++) {
            Thread.currentThread().interrupt();
            long cpu = threads.getCurrentThreadCpuTime();
            long deadline = System.nanoTime() + WAIT_NANOS;
            long woke = idle.idleUntil(deadline);
            long burnt = threads.getCurrentThreadCpuTime() - cpu;
            assertTrue(woke - deadline >= 0, "woke before the deadline");
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is kept for the caller");
            assertTrue(burnt < WAIT_NANOS / 5, "wait " + i + " spun: " + burnt / 1_000_000 + " ms of CPU in a "
                    + WAIT_NANOS / 1_000_000 + " ms wait");
        }
    }
}
