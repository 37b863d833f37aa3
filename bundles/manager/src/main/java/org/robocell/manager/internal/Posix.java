package org.robocell.manager.internal;

import java.util.BitSet;

/**
 * The JNA calls behind {@link org.robocell.manager.realtime.RealTime}; loaded only when a setting is asked for, so
 * the manager resolves and runs without JNA (the first use then fails with a {@link LinkageError}).
 */
public final class Posix {

    private Posix() {
    }

    private static final int SCHED_FIFO = 1;
    private static final int MCL_CURRENT = 1;
    private static final int MCL_FUTURE = 2;
    private static final int EPERM = 1;
    private static final int ENOMEM = 12;
    private static final int EINVAL = 22;
    /** glibc's cpu_set_t: 1024 CPUs. */
    public static final int CPU_SETSIZE = 1024;

    public interface C extends com.sun.jna.Library {
        int gettid();

        int sched_setscheduler(int pid, int policy, int[] param) throws com.sun.jna.LastErrorException;

        int sched_setaffinity(int pid, long cpusetsize, long[] mask) throws com.sun.jna.LastErrorException;

        int mlockall(int flags) throws com.sun.jna.LastErrorException;
    }

    private static final C LIBC = com.sun.jna.Native.load("c", C.class);

    /** The calling thread's kernel id. */
    public static int gettid() {
        return LIBC.gettid();
    }

    /** SCHED_FIFO at {@code priority} (1..99) for the calling thread. */
    public static void fifo(int priority) {
        if (priority < 1 || priority > 99) {
            throw new IllegalArgumentException("SCHED_FIFO priority must be 1..99, got " + priority);
        }
        try {
            LIBC.sched_setscheduler(LIBC.gettid(), SCHED_FIFO, new int[] { priority });
        } catch (com.sun.jna.LastErrorException e) {
            int errno = e.getErrorCode();
            throw new IllegalStateException("sched_setscheduler(SCHED_FIFO " + priority + ") failed, errno " + errno
                    + (errno == EPERM ? " (EPERM: needs root, CAP_SYS_NICE or an rtprio limit)" : ""));
        }
    }

    /** Pins the calling thread to {@code cpus} (not empty). */
    public static void affinity(BitSet cpus) {
        if (cpus.length() > CPU_SETSIZE) {
            throw new IllegalArgumentException("CPU " + (cpus.length() - 1) + " is beyond the CPU set (0.."
                    + (CPU_SETSIZE - 1) + ")");
        }
        long[] mask = new long[CPU_SETSIZE / 64];
        long[] bits = cpus.toLongArray();
        System.arraycopy(bits, 0, mask, 0, bits.length);
        try {
            LIBC.sched_setaffinity(LIBC.gettid(), mask.length * 8L, mask);
        } catch (com.sun.jna.LastErrorException e) {
            int errno = e.getErrorCode();
            throw new IllegalStateException("sched_setaffinity(CPUs " + cpus + ") failed, errno " + errno
                    + (errno == EINVAL ? " (EINVAL: none of these CPUs is online or allowed to this process)"
                            : errno == EPERM ? " (EPERM: not permitted)" : ""));
        }
    }

    /** mlockall(MCL_CURRENT | MCL_FUTURE). */
    public static void mlockall() {
        try {
            LIBC.mlockall(MCL_CURRENT | MCL_FUTURE);
        } catch (com.sun.jna.LastErrorException e) {
            int errno = e.getErrorCode();
            throw new IllegalStateException("mlockall failed, errno " + errno
                    + (errno == ENOMEM || errno == EPERM ? " (the memlock limit is too low: ulimit -l, or run as root"
                            + " / with CAP_IPC_LOCK)" : ""));
        }
    }
}
