package org.robocell.jitter;

import java.util.BitSet;
import java.util.Locale;

/**
 * Real-time settings for the calling thread on Linux, through JNA (an optional import: without JNA every call
 * answers why it cannot): SCHED_FIFO priority and CPU affinity of this thread's TID ({@code gettid()}), and
 * {@code mlockall(MCL_CURRENT | MCL_FUTURE)} for the process. SCHED_FIFO needs root or CAP_SYS_NICE (or an
 * rtprio limit); a thread under SCHED_FIFO is not preempted by normal threads and ignores the timer slack.
 * Each call runs off the loop's cycles, once, when the thread starts.
 */
public final class RealTime {

    private RealTime() {
    }

    /**
     * Sets the calling thread to SCHED_FIFO at {@code priority} (1..99) and/or pins it to {@code cpus} (empty: no
     * change). Returns a one-line account ("SCHED_FIFO 80, CPUs [1] (tid 1234)") or throws with the reason.
     */
    public static String applyToCurrentThread(int priority, BitSet cpus) {
        if (priority <= 0 && (cpus == null || cpus.isEmpty())) {
            return "default scheduling";
        }
        requireLinux();
        try {
            return org.robocell.jitter.internal.Posix.apply(priority, cpus);
        } catch (LinkageError e) {
            throw new IllegalStateException("real-time settings need JNA (net.java.dev.jna:jna) on the class path: " + e, e);
        }
    }

    /** Locks the process's current and future pages in RAM (ros2_control's lock_memory). */
    public static String lockMemory() {
        requireLinux();
        try {
            return org.robocell.jitter.internal.Posix.mlockall();
        } catch (LinkageError e) {
            throw new IllegalStateException("mlockall needs JNA (net.java.dev.jna:jna) on the class path: " + e, e);
        }
    }

    /** CPU list "1", "0,1", "2-3" → bits. */
    public static BitSet parseCpus(String list) {
        BitSet set = new BitSet();
        if (list == null || list.isBlank()) {
            return set;
        }
        for (String part : list.split(",")) {
            String p = part.trim();
            int dash = p.indexOf('-');
            try {
                if (dash > 0) {
                    set.set(Integer.parseInt(p.substring(0, dash).trim()), Integer.parseInt(p.substring(dash + 1).trim()) + 1);
                } else {
                    set.set(Integer.parseInt(p));
                }
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IllegalArgumentException("bad CPU list '" + list + "' (e.g. 1 or 0,1 or 2-3)");
            }
        }
        return set;
    }

    private static void requireLinux() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            throw new IllegalStateException("real-time thread settings are implemented for Linux only");
        }
    }
}
