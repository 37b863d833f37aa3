package org.robocell.controller.jtc.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands prepared trajectories from the submitting thread to the loop without locks or loop-side allocation. Three
 * preallocated buffers suffice for one writer: at any time the loop holds at most one, at most one waits, and while
 * the loop swaps them the third is free for the writer.
 */
final class GoalInbox {

    private static final int BUFFERS = 3;

    private final TrajectoryBuffer[] buffers = new TrajectoryBuffer[BUFFERS];
    private final AtomicReference<TrajectoryBuffer> pending = new AtomicReference<>();

    GoalInbox(int dof, int maxPoints) {
        for (int i = 0; i < BUFFERS; i++) {
            buffers[i] = new TrajectoryBuffer(dof, maxPoints);
        }
    }

    /** Writer: a buffer nobody uses, now the caller's; null only if the one-writer rule was broken. */
    TrajectoryBuffer claim() {
        for (TrajectoryBuffer b : buffers) {
            if (b.free.compareAndSet(true, false)) {
                return b;
            }
        }
        return null;
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
