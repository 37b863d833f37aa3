package org.robocell.driver.mock.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;

/** The part of a resource manager a component sees: slots for its interfaces, initialised as the URDF says. */
final class SlotContext implements HardwareContext {

    private final HardwareInfo info;
    private final InterfaceSlots slots = new InterfaceSlots(256);
    private final Map<String, Integer> states = new LinkedHashMap<>();
    private final Map<String, Integer> commands = new LinkedHashMap<>();
    private int next;

    SlotContext(HardwareInfo info) {
        this.info = info;
        for (ComponentInfo c : info.allComponents()) {
            for (InterfaceInfo i : c.stateInterfaces()) {
                exportStateInterface(c.fullName(i), i);
            }
            for (InterfaceInfo i : c.commandInterfaces()) {
                exportCommandInterface(c.fullName(i), i);
            }
        }
    }

    @Override
    public HardwareInfo info() {
        return info;
    }

    @Override
    public InterfaceSlots slots() {
        return slots;
    }

    @Override
    public int stateHandle(String fullName) {
        Integer h = states.get(fullName);
        if (h == null) {
            throw new IllegalArgumentException("no state interface " + fullName);
        }
        return h;
    }

    @Override
    public int commandHandle(String fullName) {
        Integer h = commands.get(fullName);
        if (h == null) {
            throw new IllegalArgumentException("no command interface " + fullName);
        }
        return h;
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
    public int exportStateInterface(String fullName, InterfaceInfo i) {
        return add(states, fullName, i);
    }

    @Override
    public int exportCommandInterface(String fullName, InterfaceInfo i) {
        return add(commands, fullName, i);
    }

    private int add(Map<String, Integer> map, String name, InterfaceInfo i) {
        if (map.containsKey(name)) {
            throw new IllegalArgumentException(name + " exported twice");
        }
        int h = next++;
        slots.set(h, i.startValue());
        map.put(name, h);
        return h;
    }

    double state(String name) {
        return slots.get(stateHandle(name));
    }

    double command(String name) {
        return slots.get(commandHandle(name));
    }

    void command(String name, double value) {
        slots.set(commandHandle(name), value);
    }
}
