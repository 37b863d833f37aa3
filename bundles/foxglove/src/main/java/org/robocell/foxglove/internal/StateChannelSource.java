package org.robocell.foxglove.internal;

import java.util.List;

import org.robocell.api.io.StateOutput;

/**
 * A {@link StateOutput} of the channel registry as a topic of its own ({@code /<channel name>}): every
 * {@code decimation}-th publication, copied with the channel's sequence lock (the loop never waits for it).
 */
final class StateChannelSource implements TopicSource {

    private final StateOutput channel;
    private final FieldTree fields;
    private final TopicSpec spec;
    private final Decimation decimation;

    StateChannelSource(String name, StateOutput channel, int decimation) {
        this.channel = channel;
        this.fields = new FieldTree(channel.fields());
        this.spec = Schemas.stateChannel(name, fields);
        this.decimation = new Decimation(decimation);
    }

    /** Whether this source still describes the channel (same instance, same fields). */
    boolean describes(StateOutput c) {
        return c == channel && c.fields().equals(fields.fields());
    }

    @Override
    public List<TopicSpec> specs() {
        return List.of(spec);
    }

    @Override
    public void sample(long epochNanos, Sink sink) {
        if (!decimation.due(channel.publications()) || !sink.wanted(spec.topic())) {
            return;
        }
        StateOutput.Snapshot s = channel.snapshot();
        if (!s.fields().equals(fields.fields())) {
            return; // reshaped: the next scan advertises the new layout
        }
        decimation.sent(s.publications());
        sink.publish(spec.topic(), epochNanos, Json.bytes(fields.values(s.values(), s.publications())));
    }
}
