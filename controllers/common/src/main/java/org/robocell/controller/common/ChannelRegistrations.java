package org.robocell.controller.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;

/**
 * The channels one controller has registered: registered under their own names when it is configured, all closed
 * together when it is cleaned up or shut down (or when one of its names is taken). Not for the control loop.
 */
public final class ChannelRegistrations {

    private final ChannelRegistry registry;
    private final List<ChannelRegistry.Registration> held = new ArrayList<>();

    public ChannelRegistrations(ChannelRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * Registers each channel under its {@link Channel#name()}. When a name is taken, every channel held here is
     * closed (also those of earlier calls) and the registry's {@link IllegalStateException} is thrown.
     */
    public void register(Channel... channels) {
        for (Channel c : channels) {
            try {
                held.add(registry.register(c.name(), c));
            } catch (IllegalStateException taken) {
                closeAll();
                throw taken;
            }
        }
    }

    /** Registers a channel under another name (an alias); a taken name throws and leaves the others registered. */
    public void registerAs(String name, Channel channel) {
        held.add(registry.register(name, channel));
    }

    /** Closes every registration held; the names are free again. */
    public void closeAll() {
        held.forEach(ChannelRegistry.Registration::close);
        held.clear();
    }

    /** The names registered now, in registration order. */
    public List<String> names() {
        return held.stream().map(ChannelRegistry.Registration::name).toList();
    }
}
