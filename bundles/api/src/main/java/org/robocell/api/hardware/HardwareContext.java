package org.robocell.api.hardware;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What the resource manager hands a hardware component at {@code onInit}: its description, the slot table and the
 * handles of its interfaces. Look handles up once (in {@code onInit} or {@code onConfigure}) and keep the ints; the
 * real-time methods then read and write through {@link #slots()} without any lookup.
 */
@ProviderType
public interface HardwareContext {

    HardwareInfo info();

    InterfaceSlots slots();

    /**
     * The handle of a state interface this component exports, by full name ({@code joint1/position}).
     *
     * @throws IllegalArgumentException naming the interface when this component does not export it
     */
    int stateHandle(String fullName);

    /**
     * The handle of a command interface this component exports, by full name.
     *
     * @throws IllegalArgumentException naming the interface when this component does not export it
     */
    int commandHandle(String fullName);

    boolean hasStateInterface(String fullName);

    boolean hasCommandInterface(String fullName);

    /**
     * Exports a state interface that the URDF does not list (ros2_control's "unlisted" interfaces). Only during
     * {@code onInit}.
     *
     * @return its handle
     * @throws IllegalArgumentException when the name is taken
     */
    int exportStateInterface(String fullName, InterfaceInfo info);

    /** Exports a command interface that the URDF does not list. Only during {@code onInit}. */
    int exportCommandInterface(String fullName, InterfaceInfo info);
}
