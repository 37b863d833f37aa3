package org.robocell.driver.franka.internal.hardware;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.franka.protocol.RobotState;

/**
 * The newest robot state, handed from the receiving thread to the control loop without a lock and without
 * allocating: a triple buffer. The writer fills its own buffer and swaps it with the middle one; the reader swaps
 * its own with the middle one when that holds something newer. Neither ever waits for the other (wait-free), and
 * a state the reader has not taken is simply replaced by a newer one, as libfranka keeps only the newest.
 * <p>
 * The reader may wait for the next publication ({@link #awaitNewer}); the writer wakes it with
 * {@link LockSupport#unpark}, which allocates nothing.
 */
final class StateSlot {

    private static final int FRESH = 4;
    private static final int INDEX = 3;

    private final RobotState[] buffers = { new RobotState(), new RobotState(), new RobotState() };
    /** When each buffer's state was published ({@link System#nanoTime()}); travels with its buffer's index. */
    private final long[] arrivals = new long[3];
    /** index of the middle buffer, | FRESH when the writer put a state there the reader has not taken */
    private final AtomicInteger middle = new AtomicInteger(1);
    private int writing = 0;
    private int reading = 2;
    private volatile Thread waiter;

    /** Writer: the buffer to fill; {@link #publish()} hands it over. */
    RobotState writeBuffer() {
        return buffers[writing];
    }

    /** Writer: makes the filled buffer the newest state and wakes a waiting reader. */
    void publish() {
        arrivals[writing] = System.nanoTime();
        writing = middle.getAndSet(writing | FRESH) & INDEX;
        Thread t = waiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Reader: the state taken last (valid until the next {@link #take()}). */
    RobotState current() {
        return buffers[reading];
    }

    /** Reader: when the state taken last arrived ({@link System#nanoTime()}). */
    long currentArrival() {
        return arrivals[reading];
    }

    /** Reader: takes the newest state if one was published since the last take; false otherwise. */
    boolean take() {
        if ((middle.get() & FRESH) == 0) {
            return false;
        }
        reading = middle.getAndSet(reading) & INDEX;
        return true;
    }

    /**
     * Reader: takes the newest state, waiting for one until {@code deadlineNanos} ({@link System#nanoTime()}).
     *
     * @return false when none came in time
     */
    boolean awaitNewer(long deadlineNanos) {
        if (take()) {
            return true;
        }
        waiter = Thread.currentThread();
        try {
            while (!take()) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                LockSupport.parkNanos(this, left);
            }
            return true;
        } finally {
            waiter = null;
        }
    }
}
