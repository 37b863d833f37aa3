package org.robocell.jitter;

import java.lang.management.ManagementFactory;

/** HotSpot's per-thread allocation counter and VM options, when the JVM has them (-1 / "n/a" otherwise). */
final class ThreadAllocation {

    private ThreadAllocation() {
    }

    static long bytes() {
        try {
            return Holder.THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        } catch (LinkageError | RuntimeException e) {
            return -1;
        }
    }

    static String vmOption(String name) {
        try {
            return ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption(name)
                    .getValue();
        } catch (LinkageError | RuntimeException e) {
            return "n/a";
        }
    }

    private static final class Holder {
        static final com.sun.management.ThreadMXBean THREADS =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    }
}
