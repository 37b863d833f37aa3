package org.robocell.api.controller;

import org.robocell.api.hardware.InterfaceSlots;

/**
 * A claimed command interface (or a reference interface of a following controller): the controller's exclusive
 * right to write it while active. Reading and writing go straight to the slot table.
 */
public final class CommandHandle {

    private final String name;
    private final InterfaceSlots slots;
    private final int handle;

    public CommandHandle(String name, InterfaceSlots slots, int handle) {
        this.name = name;
        this.slots = slots;
        this.handle = handle;
    }

    public String name() {
        return name;
    }

    public double get() {
        return slots.get(handle);
    }

    public void set(double value) {
        slots.set(handle, value);
    }

    public int slot() {
        return handle;
    }

    @Override
    public String toString() {
        return name;
    }
}
