package org.robocell.foxglove.internal;

/**
 * Which publications of a channel a topic sends: the first one seen, then each one at least {@code every}
 * publications after the last one sent. The sampler may see a channel late (it never waits for the loop), so the
 * gap can be larger, never smaller.
 */
final class Decimation {

    private final int every;
    private long lastSent = -1;

    Decimation(int every) {
        if (every < 1) {
            throw new IllegalArgumentException("decimation must be 1 or more, got " + every);
        }
        this.every = every;
    }

    /** Whether a channel that has completed {@code publications} publications has one due. */
    boolean due(long publications) {
        return publications > 0 && (lastSent < 0 || publications - lastSent >= every);
    }

    void sent(long publication) {
        lastSent = publication;
    }

    /** Forgets what was sent (a new channel instance counts from its own start). */
    void reset() {
        lastSent = -1;
    }
}
