package org.robocell.api.io;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The channels of a runtime by name, so that the shell and bridges (web, Foxglove) can find a controller's inputs
 * and outputs. Controllers register their channels when configured and close the registrations at cleanup. Nothing
 * here is called from the control loop.
 */
@ProviderType
public interface ChannelRegistry {

    /**
     * Makes {@code channel} findable under {@code name} (usually its own name; a second name is an alias).
     *
     * @throws IllegalStateException when another channel already holds the name
     */
    Registration register(String name, Channel channel);

    /**
     * Makes {@code channel} findable under {@code name} for {@code owner}, a key that stays the same across the
     * instances of one controller (its robot and name: the instance a reload replaces and its successor). When the name
     * is held by a channel of the same owner, the registration waits instead of failing: the name keeps leading to the
     * holder's channel until the holder's registration is closed, and from that moment to this channel, with no moment
     * in between when it leads nowhere. A reload configures the new instance beside the old one and shuts the old one
     * down after the swap, so the name moves to the new instance's channel right after the new code took over.
     * Closing a waiting registration withdraws it. A null {@code owner} registers as {@link #register(String, Channel)}.
     *
     * @throws IllegalStateException when a channel of another owner (or of none) already holds the name
     * @since 1.2
     */
    Registration register(String name, Channel channel, String owner);

    Optional<Channel> find(String name);

    /** The channel under {@code name} when it is of the given type. */
    <C extends Channel> Optional<C> find(String name, Class<C> type);

    /** The registered names, sorted. */
    List<String> names();

    /** Holds a name; closing it frees the name (only if the same channel still holds it). */
    interface Registration extends AutoCloseable {

        String name();

        @Override
        void close();
    }
}
