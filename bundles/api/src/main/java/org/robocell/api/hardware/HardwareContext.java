package org.robocell.api.hardware;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What the resource manager hands a hardware component at {@code onInit}: its description and handles for the
 * interfaces it exports, and only those. Look the handles up once (in {@code onInit} or {@code onConfigure}) and
 * keep them; the real-time methods then read commands and write states through them without any lookup. A driver
 * has no access to the loop's interface table: another component's states, the controllers' commands and every
 * other slot are out of its reach.
 */
@ProviderType
public interface HardwareContext {

    HardwareInfo info();

    /**
     * The handle of a state interface this component exports, by full name ({@code joint1/position}).
     *
     * @throws IllegalArgumentException naming the interface when this component does not export it
     * @since 2.0
     */
    StateInterfaceHandle state(String fullName);

    /**
     * The handle of a command interface this component exports, by full name.
     *
     * @throws IllegalArgumentException naming the interface when this component does not export it
     * @since 2.0
     */
    CommandInterfaceHandle command(String fullName);

    boolean hasStateInterface(String fullName);

    boolean hasCommandInterface(String fullName);

    /**
     * Exports a state interface that the URDF does not list (ros2_control's "unlisted" interfaces). Only during
     * {@code onInit}.
     *
     * @return its handle
     * @throws IllegalArgumentException when the name is taken
     * @throws IllegalStateException after {@code onInit}
     */
    StateInterfaceHandle exportStateInterface(String fullName, InterfaceInfo info);

    /** Exports a command interface that the URDF does not list. Only during {@code onInit}. */
    CommandInterfaceHandle exportCommandInterface(String fullName, InterfaceInfo info);
}
