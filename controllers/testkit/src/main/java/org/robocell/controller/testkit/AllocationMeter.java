package org.robocell.controller.testkit;

import java.lang.management.ManagementFactory;

/** Bytes the current thread has allocated, from the JVM's per-thread allocation counter. */
public final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    public static long allocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /** What reading the counter itself costs, to subtract from a measurement. */
    public static long overhead() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            long before = allocatedBytes();
            long after = allocatedBytes();
            min = Math.min(min, after - before);
        }
        return min;
    }
}
