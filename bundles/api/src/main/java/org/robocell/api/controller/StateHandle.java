package org.robocell.api.controller;

import org.robocell.api.hardware.InterfaceSlots;

/** A state interface a controller reads. Any number of controllers may read the same one. */
public final class StateHandle {

    private final String name;
    private final InterfaceSlots slots;
    private final int handle;

    public StateHandle(String name, InterfaceSlots slots, int handle) {
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

    public int slot() {
        return handle;
    }

    @Override
    public String toString() {
        return name;
    }
}
