package org.robocell.driver.testkit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.hardware.StateInterfaceHandle;

/**
 * What the resource manager hands a hardware component, for a driver's unit tests: handles for the interfaces its
 * {@code <ros2_control>} block lists (initialised as the URDF says) and room for unlisted ones during
 * {@code onInit}. The test, playing the controllers and the loop, reads and writes every interface by name.
 */
public final class DriverContext implements HardwareContext {

    private final HardwareInfo info;
    /** as many slots as a robot of the cell has by default ({@code slot.capacity} 4096) */
    private final InterfaceSlots slots = new InterfaceSlots(4096);
    private final Map<String, Integer> states = new LinkedHashMap<>();
    private final Map<String, Integer> commands = new LinkedHashMap<>();
    private int next;
    private boolean initializing = true;

    public DriverContext(HardwareInfo info) {
        this.info = info;
        for (ComponentInfo c : info.allComponents()) {
            for (InterfaceInfo i : c.stateInterfaces()) {
                add(states, c.fullName(i), i);
            }
            for (InterfaceInfo i : c.commandInterfaces()) {
                add(commands, c.fullName(i), i);
            }
        }
    }

    /** As the resource manager does once {@code onInit} has returned: no more unlisted interfaces. */
    public DriverContext initialized() {
        initializing = false;
        return this;
    }

    @Override
    public HardwareInfo info() {
        return info;
    }

    @Override
    public StateInterfaceHandle state(String fullName) {
        return new StateInterfaceHandle(fullName, slots, slot(states, fullName, "state"));
    }

    @Override
    public CommandInterfaceHandle command(String fullName) {
        return new CommandInterfaceHandle(fullName, slots, slot(commands, fullName, "command"));
    }

    @Override
    public boolean hasStateInterface(String fullName) {
        return states.containsKey(fullName);
    }

    @Override
    public boolean hasCommandInterface(String fullName) {
        return commands.containsKey(fullName);
    }

    @Override
    public StateInterfaceHandle exportStateInterface(String fullName, InterfaceInfo i) {
        requireInit(fullName);
        return new StateInterfaceHandle(fullName, slots, add(states, fullName, i));
    }

    @Override
    public CommandInterfaceHandle exportCommandInterface(String fullName, InterfaceInfo i) {
        requireInit(fullName);
        return new CommandInterfaceHandle(fullName, slots, add(commands, fullName, i));
    }

    private void requireInit(String fullName) {
        if (!initializing) {
            throw new IllegalStateException("'" + info.name() + "' may export '" + fullName + "' only during onInit");
        }
    }

    private int add(Map<String, Integer> map, String name, InterfaceInfo i) {
        if (map.containsKey(name)) {
            throw new IllegalArgumentException("'" + name + "' is exported already");
        }
        int h = next++;
        slots.set(h, i.startValue());
        map.put(name, h);
        return h;
    }

    private static int slot(Map<String, Integer> map, String name, String kind) {
        Integer h = map.get(name);
        if (h == null) {
            throw new IllegalArgumentException("no " + kind + " interface '" + name + "'");
        }
        return h;
    }

    /** The value of a state interface, as a controller would read it. */
    public double stateValue(String fullName) {
        return slots.get(slot(states, fullName, "state"));
    }

    /** The value of a command interface, as the driver would send it. */
    public double commandValue(String fullName) {
        return slots.get(slot(commands, fullName, "command"));
    }

    /** Writes a command interface, as the controller that claims it would. */
    public void setCommand(String fullName, double value) {
        slots.set(slot(commands, fullName, "command"), value);
    }

    /** Writes a state interface, as a measurement would. */
    public void setState(String fullName, double value) {
        slots.set(slot(states, fullName, "state"), value);
    }

    /** The names of the state interfaces, listed and unlisted, in export order. */
    public List<String> stateNames() {
        return List.copyOf(states.keySet());
    }

    /** The names of the command interfaces, listed and unlisted, in export order. */
    public List<String> commandNames() {
        return List.copyOf(commands.keySet());
    }
}
