package org.robocell.api.hardware;

/**
 * A state interface this hardware component exports, as its driver holds it: the driver writes what it measured,
 * controllers and broadcasters read it. A driver gets handles for its own interfaces only, from its
 * {@link HardwareContext}; there is no way from a handle to any other interface of the loop. Reading and writing
 * take no lock and allocate nothing.
 *
 * @since 2.0
 */
public final class StateInterfaceHandle {

    private final String name;
    private final InterfaceSlots slots;
    private final int slot;

    /** For the resource manager, which creates the handles of a component's own interfaces. */
    public StateInterfaceHandle(String name, InterfaceSlots slots, int slot) {
        this.name = name;
        this.slots = slots;
        this.slot = slot;
    }

    /** The full interface name, e.g. {@code joint1/position}. */
    public String name() {
        return name;
    }

    public double get() {
        return slots.get(slot);
    }

    public void set(double value) {
        slots.set(slot, value);
    }

    @Override
    public String toString() {
        return name;
    }
}
