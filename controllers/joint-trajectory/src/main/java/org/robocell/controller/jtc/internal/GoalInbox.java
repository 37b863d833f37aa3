package org.robocell.controller.jtc.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands prepared trajectories from the submitting thread to the loop without locks or loop-side allocation, in three
 * preallocated buffers: the loop holds at most one (two for an instant while it swaps), at most one waits, the
 * (single) writer fills one.
 */
final class GoalInbox {

    private static final int BUFFERS = 3;
    private static final long CLAIM_TIMEOUT_NANOS = 1_000_000_000L;

    private final TrajectoryBuffer[] buffers = new TrajectoryBuffer[BUFFERS];
    private final AtomicReference<TrajectoryBuffer> pending = new AtomicReference<>();

    GoalInbox(int dof, int maxPoints) {
        for (int i = 0; i < BUFFERS; i++) {
            buffers[i] = new TrajectoryBuffer(dof, maxPoints);
        }
    }

    /**
     * Writer: a buffer nobody uses, now the caller's. When all three are taken, the loop is between taking a buffer
     * and releasing its previous one, or a buffer still waits: a waiting buffer is taken back (its goal, which never
     * ran, ends preempted by the caller's), otherwise the writer spins until the loop releases one.
     *
     * @return null only if no buffer came free within a second (the loop stopped mid-cycle)
     */
    TrajectoryBuffer claim() {
        long deadline = System.nanoTime() + CLAIM_TIMEOUT_NANOS;
        while (true) {
            for (TrajectoryBuffer b : buffers) {
                if (b.free.compareAndSet(true, false)) {
                    return b;
                }
            }
            TrajectoryBuffer waiting = pending.getAndSet(null);
            if (waiting != null) {
                waiting.goal.end(Outcome.PREEMPTED);
                waiting.goal = null;
                return waiting;
            }
            if (System.nanoTime() - deadline > 0) {
                return null;
            }
            Thread.onSpinWait();
        }
    }

    /** Writer: gives back a claimed buffer that was not published. */
    void unclaim(TrajectoryBuffer b) {
        b.goal = null;
        b.free.set(true);
    }

    /**
     * Writer: hands {@code b} to the loop. A buffer still waiting from an earlier call is taken back and freed.
     *
     * @return the goal of the buffer taken back (the loop never saw it), or null
     */
    TrajectoryGoalHandle publish(TrajectoryBuffer b) {
        TrajectoryBuffer superseded = pending.getAndSet(b);
        if (superseded == null) {
            return null;
        }
        TrajectoryGoalHandle goal = superseded.goal;
        unclaim(superseded);
        return goal;
    }

    /** Writer: takes {@code b} back if the loop has not taken it yet. */
    boolean withdraw(TrajectoryBuffer b) {
        if (pending.compareAndSet(b, null)) {
            unclaim(b);
            return true;
        }
        return false;
    }

    /** Loop: the newest buffer handed over, now the loop's, or null. */
    TrajectoryBuffer take() {
        return pending.getAndSet(null);
    }

    /** Loop: done with a buffer taken earlier. */
    void release(TrajectoryBuffer b) {
        if (b != null) {
            b.goal = null;
            b.free.set(true);
        }
    }
}
