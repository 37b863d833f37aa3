package org.robocell.api.hardware;

/**
 * A command interface this hardware component exports, as its driver holds it: the controller that claims the
 * interface writes it, the resource manager enforces the joint limits on it, and the driver reads it in
 * {@code write()}. A driver may also set it (to start from the measured state, or to mirror it), but gets handles for
 * its own interfaces only, from its {@link HardwareContext}. Reading and writing take no lock and allocate nothing.
 *
 * @since 2.0
 */
public final class CommandInterfaceHandle {

    private final String name;
    private final InterfaceSlots slots;
    private final int slot;

    /** For the resource manager, which creates the handles of a component's own interfaces. */
    public CommandInterfaceHandle(String name, InterfaceSlots slots, int slot) {
        this.name = name;
        this.slots = slots;
        this.slot = slot;
    }

    /** The full interface name, e.g. {@code joint1/position}. */
    public String name() {
        return name;
    }

    /** The command to send: limited and finite, or NaN while nobody has commanded this interface yet. */
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
