package org.robocell.manager;

import java.util.concurrent.locks.LockSupport;

/**
 * How a loop waits for its next deadline. The runtime's loop thread and the jitter harness's loops wait with these
 * very methods, so what the harness measures is what the runtime does.
 */
public enum IdleStrategy {
    /** Park until the deadline: least CPU, most wake-up jitter. */
    SLEEP {
        @Override
        public long idleUntil(long deadline) {
            long now = System.nanoTime();
            boolean interrupted = false;
            while (deadline - now > 0) {
                LockSupport.parkNanos(deadline - now);
                interrupted |= Thread.interrupted();
                now = System.nanoTime();
            }
            return keepInterrupt(interrupted, now);
        }
    },
    /** Park until shortly before the deadline, then spin: low jitter for one core's worth of spinning near it. */
    SLEEP_THEN_SPIN {
        @Override
        public long idleUntil(long deadline) {
            long now = System.nanoTime();
            boolean interrupted = false;
            while (deadline - now > SPIN_NANOS) {
                LockSupport.parkNanos(deadline - now - SPIN_NANOS);
                interrupted |= Thread.interrupted();
                now = System.nanoTime();
            }
            while ((now = System.nanoTime()) - deadline < 0) {
                Thread.onSpinWait();
            }
            return keepInterrupt(interrupted, now);
        }
    },
    /** Spin on the deadline: lowest jitter, a whole core. */
    SPIN {
        @Override
        public long idleUntil(long deadline) {
            long now;
            while ((now = System.nanoTime()) - deadline < 0) {
                Thread.onSpinWait();
            }
            return now;
        }
    };

    /**
     * How long before a deadline {@link #SLEEP_THEN_SPIN} stops parking and spins.
     *
     * @since 2.0
     */
    public static final long SPIN_NANOS = 100_000;

    /**
     * Waits until {@code deadline} on the {@link System#nanoTime()} line; allocates nothing.
     *
     * @return the time it woke, at or after the deadline
     * @since 2.0
     */
    public abstract long idleUntil(long deadline);

    /**
     * A park returns at once while the thread's interrupt flag is set: an interrupted wait would spin to its deadline,
     * and every later one too (a stray interrupt would cost the loop a core). The flag is taken while waiting and set
     * again on return, so the caller still sees the interrupt, and the next wait parks again after one early return.
     */
    private static long keepInterrupt(boolean interrupted, long now) {
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return now;
    }

    public static IdleStrategy fromLabel(String label) {
        if (label == null) {
            return null;
        }
        String l = label.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_');
        for (IdleStrategy s : values()) {
            if (s.name().equals(l)) {
                return s;
            }
        }
        return null;
    }
}
