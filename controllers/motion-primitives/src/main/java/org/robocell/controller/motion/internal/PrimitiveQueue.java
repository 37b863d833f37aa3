package org.robocell.controller.motion.internal;

/**
 * The primitives waiting for the robot, as rows of the 25 command values: one producer (goal submission, off the
 * loop, serialised by its caller) and one consumer (the loop). Preallocated; neither side allocates or locks.
 */
final class PrimitiveQueue {

    /** ros2_controllers' queue size. */
    static final int CAPACITY = 1024;

    private final double[][] slots = new double[CAPACITY][];
    private volatile long head;
    private volatile long tail;

    /** Free places now (the producer's view; the consumer only makes it larger). */
    int remaining() {
        return CAPACITY - (int) (tail - head);
    }

    int size() {
        return (int) (tail - head);
    }

    boolean isEmpty() {
        return head == tail;
    }

    /** Producer: false when full. */
    boolean push(double[] row) {
        long t = tail;
        if (t - head >= CAPACITY) {
            return false;
        }
        slots[(int) (t % CAPACITY)] = row;
        tail = t + 1;
        return true;
    }

    /** Consumer: the oldest row, null when empty. */
    double[] pop() {
        long h = head;
        if (h == tail) {
            return null;
        }
        int i = (int) (h % CAPACITY);
        double[] row = slots[i];
        slots[i] = null;
        head = h + 1;
        return row;
    }

    /** Consumer: drops everything queued. */
    void drain() {
        while (pop() != null) {
            // dropped
        }
    }
}
