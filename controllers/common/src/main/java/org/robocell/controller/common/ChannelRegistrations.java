package org.robocell.controller.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import org.robocell.api.controller.ControllerContext;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.StateOutput;

/**
 * The channels one controller has registered: registered under their own names when it is configured, all closed
 * together when it is cleaned up or shut down (or when one of its names is taken). Not for the control loop.
 * <p>
 * Made with the controller's context ({@code new ChannelRegistrations(channels, this::context)} in a
 * {@link ControllerBase}), it registers the channels for the controller's robot and name, so that a reload (a new
 * instance configured beside the running one) does not find its names taken: the new instance's channels take the
 * names over when the old instance, swapped out, closes its registrations.
 */
public final class ChannelRegistrations {

    private final ChannelRegistry registry;
    private final List<ChannelRegistry.Registration> held = new ArrayList<>();
    private final Supplier<ControllerContext> owner;

    /** Registrations without an owner: a name that is held is refused, also to a reloaded instance. */
    public ChannelRegistrations(ChannelRegistry registry) {
        this(registry, () -> null);
    }

    /**
     * Registrations for the controller whose context {@code owner} gives (null before {@code onInit}: no owner).
     *
     * @since 1.3
     */
    public ChannelRegistrations(ChannelRegistry registry, Supplier<ControllerContext> owner) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.owner = Objects.requireNonNull(owner, "owner");
    }

    private String owner() {
        ControllerContext context = owner.get();
        return context == null ? null : ownerOf(context);
    }

    /**
     * The owner key of a controller's channels: the same for every instance of one controller of one robot, and
     * different for any other controller.
     *
     * @since 1.3
     */
    public static String ownerOf(ControllerContext context) {
        return "controller " + context.name() + (context.robot().isEmpty() ? "" : " of robot " + context.robot());
    }

    /**
     * Registers each channel under its {@link Channel#name()}. When a name is taken, every channel held here is
     * closed (also those of earlier calls) and the registry's {@link IllegalStateException} is thrown.
     */
    public void register(Channel... channels) {
        for (Channel c : channels) {
            try {
                held.add(registry.register(c.name(), c, owner()));
            } catch (IllegalStateException taken) {
                closeAll();
                throw taken;
            }
        }
    }

    /**
     * The controller's state channel {@code name} with {@code fields}: {@code current} when there is one (a
     * reconfigure), reshaped when its fields differ; otherwise a new one, registered as {@link #register} does (a
     * taken name throws).
     *
     * @since 1.4
     */
    public StateOutput stateOutput(StateOutput current, String name, List<String> fields) {
        if (current != null) {
            if (!fields.equals(current.fields())) {
                current.reshape(fields);
            }
            return current;
        }
        StateOutput out = new StateOutput(name, fields);
        register(out);
        return out;
    }

    /** Registers a channel under another name (an alias); a taken name throws and leaves the others registered. */
    public void registerAs(String name, Channel channel) {
        held.add(registry.register(name, channel, owner()));
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
