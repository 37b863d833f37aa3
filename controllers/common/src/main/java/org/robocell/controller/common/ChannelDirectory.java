package org.robocell.controller.common;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;

/** The channel registry: a concurrent sorted map from name to channel. Never used from the control loop. */
public class ChannelDirectory implements ChannelRegistry {

    private final ConcurrentSkipListMap<String, Channel> channels = new ConcurrentSkipListMap<>();

    @Override
    public Registration register(String name, Channel channel) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(channel, "channel");
        Channel holder = channels.putIfAbsent(name, channel);
        if (holder != null && holder != channel) {
            throw new IllegalStateException("channel name '" + name + "' is already taken by " + holder);
        }
        return new Held(name, channel);
    }

    @Override
    public Optional<Channel> find(String name) {
        return Optional.ofNullable(channels.get(name));
    }

    @Override
    public <C extends Channel> Optional<C> find(String name, Class<C> type) {
        return find(name).filter(type::isInstance).map(type::cast);
    }

    @Override
    public List<String> names() {
        return List.copyOf(channels.keySet());
    }

    private final class Held implements Registration {
        private final String name;
        private final Channel channel;

        Held(String name, Channel channel) {
            this.name = name;
            this.channel = channel;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void close() {
            channels.remove(name, channel);
        }
    }
}
