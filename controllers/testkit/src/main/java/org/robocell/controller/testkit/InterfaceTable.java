package org.robocell.controller.testkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.hardware.InterfaceSlots;

/**
 * The interfaces of one test loop: names mapped to slots of one {@link InterfaceSlots} table, as the resource
 * manager keeps them. Command interfaces start NaN (nobody has commanded them), state interfaces at their initial
 * value.
 */
public final class InterfaceTable {

    private final InterfaceSlots slots;
    private final Map<String, Integer> commands = new LinkedHashMap<>();
    private final Map<String, Integer> states = new LinkedHashMap<>();
    private int used;

    public InterfaceTable(int capacity) {
        this.slots = new InterfaceSlots(capacity);
    }

    public InterfaceSlots slots() {
        return slots;
    }

    public int addCommand(String name) {
        int slot = allocate(name, commands);
        slots.set(slot, Double.NaN);
        return slot;
    }

    public int addState(String name, double initial) {
        int slot = allocate(name, states);
        slots.set(slot, initial);
        return slot;
    }

    private int allocate(String name, Map<String, Integer> into) {
        if (into.containsKey(name)) {
            throw new IllegalArgumentException("interface '" + name + "' exists already");
        }
        int slot = used++;
        into.put(name, slot);
        return slot;
    }

    public boolean hasCommand(String name) {
        return commands.containsKey(name);
    }

    public boolean hasState(String name) {
        return states.containsKey(name);
    }

    public List<String> commandNames() {
        return new ArrayList<>(commands.keySet());
    }

    public List<String> stateNames() {
        return new ArrayList<>(states.keySet());
    }

    public CommandHandle command(String name) {
        return new CommandHandle(name, slots, slot(commands, name));
    }

    /** A writable handle on a state interface, as a chainable controller gets for its exported states. */
    public CommandHandle stateWriter(String name) {
        return new CommandHandle(name, slots, slot(states, name));
    }

    public StateHandle state(String name) {
        return new StateHandle(name, slots, slot(states, name));
    }

    /** The value of a command interface, for assertions. */
    public double commandValue(String name) {
        return slots.get(slot(commands, name));
    }

    /** The value of a state interface, for assertions. */
    public double stateValue(String name) {
        return slots.get(slot(states, name));
    }

    public void setCommand(String name, double value) {
        slots.set(slot(commands, name), value);
    }

    public void setState(String name, double value) {
        slots.set(slot(states, name), value);
    }

    private static int slot(Map<String, Integer> map, String name) {
        Integer slot = map.get(name);
        if (slot == null) {
            throw new IllegalArgumentException("no interface '" + name + "'");
        }
        return slot;
    }
}
