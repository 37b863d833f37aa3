package org.robocell.foxglove.internal;

import java.util.List;

/** Something the sampler reads off the loop and publishes on one or more topics. */
interface TopicSource {

    /** Where samples go: only topics some client subscribed to are worth building. */
    interface Sink {

        boolean wanted(String topic);

        void publish(String topic, long epochNanos, byte[] payload);
    }

    List<TopicSpec> specs();

    /** Publishes what is due now (nothing when the source has nothing new). Never blocks the loop. */
    void sample(long epochNanos, Sink sink);
}
