package org.robocell.controller.common;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;

/**
 * The channel registry: a concurrent sorted map from name to channel that readers look up without a lock, and, per
 * name, the registration holding it and the registrations of the same owner waiting to take it over (a reloaded
 * controller's new instance). Never used from the control loop.
 */
public class ChannelDirectory implements ChannelRegistry {

    /** What {@link #find} sees: the holders' channels. Changed only under {@code this}. */
    private final ConcurrentSkipListMap<String, Channel> channels = new ConcurrentSkipListMap<>();
    /** Guarded by {@code this}. */
    private final Map<String, Held> holders = new HashMap<>();
    /** Guarded by {@code this}: per name, the successors in registration order. */
    private final Map<String, Deque<Held>> waiting = new HashMap<>();

    @Override
    public Registration register(String name, Channel channel) {
        return register(name, channel, null);
    }

    /** @since 1.3 */
    @Override
    public synchronized Registration register(String name, Channel channel, String owner) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(channel, "channel");
        Held holder = holders.get(name);
        Held registration = new Held(name, channel, owner);
        if (holder == null) {
            hold(registration);
            return registration;
        }
        if (holder.channel == channel) {
            return holder;
        }
        if (owner != null && owner.equals(holder.owner)) {
            waiting.computeIfAbsent(name, n -> new ArrayDeque<>()).add(registration);
            return registration;
        }
        throw new IllegalStateException("channel name '" + name + "' is already taken by " + holder.channel
                + (holder.owner == null ? "" : " of " + holder.owner));
    }

    private void hold(Held registration) {
        holders.put(registration.name, registration);
        // a put replaces: a reader finds the old channel or the new one, never none
        channels.put(registration.name, registration.channel);
    }

    private synchronized void release(Held registration) {
        String name = registration.name;
        Deque<Held> successors = waiting.get(name);
        if (holders.get(name) != registration) {
            if (successors != null && successors.remove(registration) && successors.isEmpty()) {
                waiting.remove(name);
            }
            return;
        }
        Held next = successors == null ? null : successors.poll();
        if (successors != null && successors.isEmpty()) {
            waiting.remove(name);
        }
        if (next != null) {
            hold(next);
        } else {
            holders.remove(name);
            channels.remove(name);
        }
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
        private final String owner;

        Held(String name, Channel channel, String owner) {
            this.name = name;
            this.channel = channel;
            this.owner = owner;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void close() {
            release(this);
        }
    }
}
