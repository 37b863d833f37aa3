package org.robocell.manager.realtime;

import java.util.BitSet;
import java.util.Locale;

import org.robocell.manager.internal.Posix;

/**
 * Real-time settings for the calling thread on Linux, through JNA (an optional import of the manager: without JNA
 * every call throws an {@link IllegalStateException} that says so): SCHED_FIFO priority and CPU affinity of this
 * thread's TID ({@code gettid()}), and {@code mlockall(MCL_CURRENT | MCL_FUTURE)} for the process. SCHED_FIFO needs
 * root or CAP_SYS_NICE (or an rtprio limit); a thread under SCHED_FIFO is not preempted by normal threads and
 * ignores the timer slack. Call these once, on the thread itself, before its first cycle.
 */
public final class RealTime {

    private RealTime() {
    }

    /**
     * Sets the calling thread to SCHED_FIFO at {@code priority} (1..99; 0: unchanged) and pins it to {@code cpus}
     * (null or empty: unchanged). Returns a one-line account ("SCHED_FIFO 80, CPUs {1} (tid 1234)") or throws with
     * the reason at the first setting that fails.
     */
    public static String applyToCurrentThread(int priority, BitSet cpus) {
        if (priority <= 0 && (cpus == null || cpus.isEmpty())) {
            return "default scheduling";
        }
        StringBuilder done = new StringBuilder();
        if (priority > 0) {
            setFifo(priority);
            done.append("SCHED_FIFO ").append(priority);
        }
        if (cpus != null && !cpus.isEmpty()) {
            setAffinity(cpus);
            done.append(done.length() > 0 ? ", " : "").append("CPUs ").append(cpus);
        }
        return done.append(" (tid ").append(tid()).append(')').toString();
    }

    /** Sets the calling thread to SCHED_FIFO at {@code priority} (1..99); returns "SCHED_FIFO 80" or throws. */
    public static String setFifo(int priority) {
        if (priority < 1 || priority > 99) {
            throw new IllegalArgumentException("SCHED_FIFO priority must be 1..99, got " + priority);
        }
        requireLinux();
        try {
            Posix.fifo(priority);
        } catch (LinkageError e) {
            throw noJna("SCHED_FIFO", e);
        }
        return "SCHED_FIFO " + priority;
    }

    /** Pins the calling thread to {@code cpus} (not empty); returns "CPUs {1}" or throws. */
    public static String setAffinity(BitSet cpus) {
        if (cpus == null || cpus.isEmpty()) {
            throw new IllegalArgumentException("CPU affinity needs at least one CPU");
        }
        requireLinux();
        try {
            Posix.affinity(cpus);
        } catch (LinkageError e) {
            throw noJna("CPU affinity", e);
        }
        return "CPUs " + cpus;
    }

    /** Locks the process's current and future pages in RAM (ros2_control's lock_memory). */
    public static String lockMemory() {
        requireLinux();
        try {
            Posix.mlockall();
        } catch (LinkageError e) {
            throw noJna("mlockall", e);
        }
        return "memory locked (mlockall current and future)";
    }

    /** The calling thread's kernel id (what {@code ps -L} and {@code chrt -p} show). */
    public static int tid() {
        requireLinux();
        try {
            return Posix.gettid();
        } catch (LinkageError e) {
            throw noJna("gettid", e);
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

    private static IllegalStateException noJna(String what, LinkageError e) {
        return new IllegalStateException(what + " needs JNA (the com.sun.jna bundle, net.java.dev.jna:jna), which is not"
                + " available here (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }

    private static void requireLinux() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            throw new IllegalStateException("real-time thread settings are implemented for Linux only");
        }
    }
}
