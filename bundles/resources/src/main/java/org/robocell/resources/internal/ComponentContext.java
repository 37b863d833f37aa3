package org.robocell.resources.internal;

import java.util.List;

import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.hardware.StateInterfaceHandle;

/**
 * A component's view of the loop: handles for the interfaces it exports and nothing else. The slot table itself
 * never leaves the resource manager, so a driver cannot reach another component's states or any controller's
 * commands. Unlisted interfaces may be exported only while {@code onInit} runs.
 */
final class ComponentContext implements HardwareContext {

    private final ResourceManager resources;
    private final InterfaceSlots slots;
    private final ManagedHardware hw;
    private final String owner;
    boolean initializing = true;

    ComponentContext(ResourceManager resources, ManagedHardware hw, String owner) {
        this.resources = resources;
        this.slots = resources.slots();
        this.hw = hw;
        this.owner = owner;
    }

    @Override
    public HardwareInfo info() {
        return hw.info();
    }

    @Override
    public StateInterfaceHandle state(String fullName) {
        InterfaceEntry e = find(hw.stateInterfaces(), fullName);
        if (e == null) {
            throw new IllegalArgumentException("'" + hw.name() + "' exports no state interface '" + fullName + "'");
        }
        return new StateInterfaceHandle(e.name(), slots, e.slot());
    }

    @Override
    public CommandInterfaceHandle command(String fullName) {
        InterfaceEntry e = find(hw.commandInterfaces(), fullName);
        if (e == null) {
            throw new IllegalArgumentException("'" + hw.name() + "' exports no command interface '" + fullName + "'");
        }
        return new CommandInterfaceHandle(e.name(), slots, e.slot());
    }

    @Override
    public boolean hasStateInterface(String fullName) {
        return find(hw.stateInterfaces(), fullName) != null;
    }

    @Override
    public boolean hasCommandInterface(String fullName) {
        return find(hw.commandInterfaces(), fullName) != null;
    }

    @Override
    public StateInterfaceHandle exportStateInterface(String fullName, InterfaceInfo info) {
        requireInit();
        synchronized (resources) {
            try {
                InterfaceEntry e = resources.insert(fullName, Kind.STATE, owner, info);
                hw.addState(e);
                return new StateInterfaceHandle(e.name(), slots, e.slot());
            } catch (ResourceException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
    }

    @Override
    public CommandInterfaceHandle exportCommandInterface(String fullName, InterfaceInfo info) {
        requireInit();
        if (hw.isSensor()) {
            throw new IllegalArgumentException("sensor '" + hw.name() + "' cannot export command interfaces");
        }
        synchronized (resources) {
            try {
                InterfaceEntry e = resources.insert(fullName, Kind.COMMAND, owner, info);
                hw.addCommand(e);
                return new CommandInterfaceHandle(e.name(), slots, e.slot());
            } catch (ResourceException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
    }

    private InterfaceEntry find(List<InterfaceEntry> entries, String fullName) {
        for (InterfaceEntry e : entries) {
            if (e.name().equals(fullName)) {
                return e;
            }
        }
        return null;
    }

    private void requireInit() {
        if (!initializing) {
            throw new IllegalStateException("'" + hw.name() + "' may export interfaces only during onInit");
        }
    }
}
