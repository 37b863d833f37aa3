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
