package org.robocell.driver.kuka.rsi.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;

/** What the resource manager would hand the driver: the listed interfaces and room for unlisted ones. */
final class TestHardwareContext implements HardwareContext {

    private final HardwareInfo info;
    private final InterfaceSlots slots = new InterfaceSlots(256);
    private final Map<String, Integer> states = new LinkedHashMap<>();
    private final Map<String, Integer> commands = new LinkedHashMap<>();
    private int next;

    TestHardwareContext(HardwareInfo info) {
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
    public int exportStateInterface(String fullName, InterfaceInfo info) {
        if (states.containsKey(fullName)) {
            throw new IllegalArgumentException(fullName + " is taken");
        }
        states.put(fullName, next);
        slots.set(next, info.startValue());
        return next++;
    }

    @Override
    public int exportCommandInterface(String fullName, InterfaceInfo info) {
        if (commands.containsKey(fullName)) {
            throw new IllegalArgumentException(fullName + " is taken");
        }
        commands.put(fullName, next);
        slots.set(next, info.startValue());
        return next++;
    }

    Map<String, Integer> stateInterfaces() {
        return states;
    }

    double state(String fullName) {
        return slots.get(stateHandle(fullName));
    }

    void command(String fullName, double value) {
        slots.set(commandHandle(fullName), value);
    }
}
