package org.robocell.foxglove.internal;

import java.util.ArrayDeque;

/**
 * The messages waiting for one client, at most {@code capacity}: a client that reads slower than the cell
 * publishes loses the oldest ones (and they are counted) instead of holding memory or slowing the sampler.
 */
final class Outbox {

    private final int capacity;
    private final ArrayDeque<byte[]> queue;
    private long dropped;

    Outbox(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be 1 or more, got " + capacity);
        }
        this.capacity = capacity;
        this.queue = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    /** Queues a message, dropping the oldest when full. */
    synchronized void offer(byte[] message) {
        if (queue.size() == capacity) {
            queue.pollFirst();
            dropped++;
        }
        queue.addLast(message);
    }

    /** The oldest message, or null when none waits. */
    synchronized byte[] poll() {
        return queue.pollFirst();
    }

    synchronized int size() {
        return queue.size();
    }

    /** Messages dropped because the client did not keep up. */
    synchronized long dropped() {
        return dropped;
    }
}
