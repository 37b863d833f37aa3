package org.robocell.controller.testkit;

import java.lang.management.ManagementFactory;

/**
 * Bytes the current thread has allocated, from the JVM's per-thread allocation counter, and the measurement the
 * zero-allocation tests share.
 *
 * <p>Code that allocates nothing can still see bytes counted on its thread now and then: the JIT compiling or
 * deoptimising a method it calls, class loading, the JVM's own bookkeeping on a loaded machine. A steady allocation
 * shows in every try; such noise does not. So a test measures {@link #fewestBytes up to} {@value #TRIES} times and
 * takes the fewest, stopping at the first try that counts nothing.
 */
public final class AllocationMeter {

    /** How many tries {@link #fewestBytes} makes at most. */
    public static final int TRIES = 20;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /** One try of a measurement: set up, {@link #bytesOf measure}, check, and return the bytes measured. */
    @FunctionalInterface
    public interface Try {
        long bytes(int attempt);
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

    /** The bytes {@code measured} allocates on this thread, after a collection so that none is pending. */
    public static long bytesOf(Runnable measured) {
        System.gc();
        long overhead = overhead();
        long before = allocatedBytes();
        measured.run();
        return allocatedBytes() - before - overhead;
    }

    /** The fewest bytes {@code measured} allocates in up to {@value #TRIES} tries. */
    public static long fewestBytes(Runnable measured) {
        return fewestBytes(attempt -> bytesOf(measured));
    }

    /**
     * The fewest bytes of up to {@value #TRIES} tries, each given its attempt number (0, 1, ...) so that it can set
     * up something new outside the measured part (a goal, a command) and check the effect after it.
     */
    public static long fewestBytes(Try attempt) {
        long fewest = Long.MAX_VALUE;
        for (int n = 0; n < TRIES && fewest != 0; n++) {
            fewest = Math.min(fewest, attempt.bytes(n));
        }
        return fewest;
    }
}
