package org.robocell.jitter.internal;

import java.util.BitSet;

/** The JNA calls of {@code RealTime}; loaded only when asked for, so the harness runs without JNA. */
public final class Posix {

    private Posix() {
    }

    private static final int SCHED_FIFO = 1;
    private static final int MCL_CURRENT = 1;
    private static final int MCL_FUTURE = 2;

    public interface C extends com.sun.jna.Library {
        int gettid();

        int sched_setscheduler(int pid, int policy, int[] param) throws com.sun.jna.LastErrorException;

        int sched_setaffinity(int pid, long cpusetsize, long[] mask) throws com.sun.jna.LastErrorException;

        int mlockall(int flags) throws com.sun.jna.LastErrorException;
    }

    private static final C LIBC = com.sun.jna.Native.load("c", C.class);

    public static String apply(int priority, BitSet cpus) {
        int tid = LIBC.gettid();
        StringBuilder done = new StringBuilder();
        if (priority > 0) {
            if (priority > 99) {
                throw new IllegalArgumentException("SCHED_FIFO priority must be 1..99, got " + priority);
            }
            try {
                LIBC.sched_setscheduler(tid, SCHED_FIFO, new int[] { priority });
            } catch (com.sun.jna.LastErrorException e) {
                throw new IllegalStateException("sched_setscheduler(SCHED_FIFO " + priority + ") failed, errno "
                        + e.getErrorCode() + (e.getErrorCode() == 1 ? " (EPERM: needs root or CAP_SYS_NICE)" : ""));
            }
            done.append("SCHED_FIFO ").append(priority);
        }
        if (cpus != null && !cpus.isEmpty()) {
            long[] mask = new long[16]; // cpu_set_t: 1024 bits
            long[] bits = cpus.toLongArray();
            System.arraycopy(bits, 0, mask, 0, Math.min(bits.length, mask.length));
            try {
                LIBC.sched_setaffinity(tid, mask.length * 8L, mask);
            } catch (com.sun.jna.LastErrorException e) {
                throw new IllegalStateException("sched_setaffinity(" + cpus + ") failed, errno " + e.getErrorCode());
            }
            if (done.length() > 0) {
                done.append(", ");
            }
            done.append("CPUs ").append(cpus);
        }
        return done.append(" (tid ").append(tid).append(')').toString();
    }

    public static String mlockall() {
        try {
            LIBC.mlockall(MCL_CURRENT | MCL_FUTURE);
        } catch (com.sun.jna.LastErrorException e) {
            throw new IllegalStateException("mlockall failed, errno " + e.getErrorCode());
        }
        return "memory locked (mlockall current and future)";
    }
}
