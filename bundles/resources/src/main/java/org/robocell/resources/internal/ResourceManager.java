package org.robocell.resources.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * The resource manager of one control loop.
 * <p>
 * Every interface, hardware or controller-exported, gets a slot in one preallocated {@link InterfaceSlots} table of
 * the configured capacity; its handle is the slot index. Command and state interfaces with the same full name
 * ({@code joint1/position}) are different interfaces with different slots. Slots of removed controller interfaces
 * are reused.
 * <p>
 * <b>Availability</b> (a deliberate difference from ros2_control, see docs/differences.md): state <i>and</i>
 * command interfaces of a component are available while it is INACTIVE or ACTIVE and unavailable otherwise (as
 * ros2_control's code does, not as its documentation says). A command interface of an INACTIVE component can be
 * claimed, but the loop writes a component only while it is ACTIVE; the controller manager refuses to activate a
 * controller on an INACTIVE component unless the cell asks for it (KUKA-style drivers whose controllers must be
 * active before the hardware is). Controller reference and exported state interfaces are available while their
 * controller is ACTIVE.
 * <p>
 * <b>Claims</b>: a command (or reference) interface is claimed by one controller at a time; state interfaces are
 * read by any number. Claims are compare-and-set on the entry, taken and released by the loop when it activates and
 * deactivates controllers: there is no other claim path.
 * <p>
 * Structure changes (adding hardware, controller interfaces) are made off the loop by one thread at a time (the
 * controller manager serializes them); the loop only reads and writes slots, availability and claims.
 */
public final class ResourceManager {

    /** The loop's stopwatch for execution budgets, shared with the components' read and write. */
    private final LapTimer lapTimer = new LapTimer();

    private final InterfaceSlots slots;
    private final int loopRate;
    private final BitSet used;
    private final Map<String, InterfaceEntry> commands = new LinkedHashMap<>();
    private final Map<String, InterfaceEntry> states = new LinkedHashMap<>();
    private final Map<String, ManagedHardware> hardware = new LinkedHashMap<>();
    private final Map<String, ManagedHardware.Group> groups = new HashMap<>();
    private final Map<String, List<InterfaceEntry>> controllerInterfaces = new HashMap<>();
    private volatile boolean allowActivationOnInactiveHardware;

    /**
     * @param capacity the number of interface slots of this loop
     * @param loopRate the loop's rate in Hz (for {@code rw_rate})
     */
    public ResourceManager(int capacity, int loopRate) {
        if (loopRate <= 0) {
            throw new IllegalArgumentException("loop rate must be positive, got " + loopRate);
        }
        this.slots = new InterfaceSlots(capacity);
        this.used = new BitSet(capacity);
        this.loopRate = loopRate;
    }

    public InterfaceSlots slots() {
        return slots;
    }

    public int capacity() {
        return slots.capacity();
    }

    public synchronized int usedSlots() {
        return used.cardinality();
    }

    public int loopRate() {
        return loopRate;
    }

    /**
     * Whether controllers may be activated on command interfaces of INACTIVE components
     * (ros2_control's {@code allow_controller_activation_with_inactive_hardware}, default false).
     */
    public boolean allowActivationOnInactiveHardware() {
        return allowActivationOnInactiveHardware;
    }

    public void setAllowActivationOnInactiveHardware(boolean allow) {
        this.allowActivationOnInactiveHardware = allow;
    }

    private int allocate(String name) {
        int slot = used.nextClearBit(0);
        if (slot >= slots.capacity()) {
            throw new ResourceException("interface slot table is full (capacity " + slots.capacity()
                    + ") when adding '" + name + "'; raise the slot capacity of the robot");
        }
        used.set(slot);
        return slot;
    }

    // ------------------------------------------------------------------------------------------------ hardware

    /**
     * Registers a hardware component: a slot for each interface its {@code <ros2_control>} block declares, then
     * {@code onInit} (which may export unlisted interfaces). A component whose {@code onInit} fails is FINALIZED
     * and never read or written.
     *
     * @throws ResourceException when a full interface name is taken already or the table is full (the component is
     *                           then not added)
     */
    public synchronized ManagedHardware addHardware(HardwareInfo info, HardwareComponent component) {
        if (hardware.containsKey(info.name())) {
            throw new ResourceException("a hardware component named '" + info.name() + "' exists already");
        }
        ManagedHardware.Group group = null;
        if (info.group() != null && !info.group().isEmpty()) {
            group = groups.computeIfAbsent(info.group(), ManagedHardware.Group::new);
        }
        ManagedHardware hw = new ManagedHardware(info, component, this, group);
        hw.setLoopRate(loopRate);
        String owner = info.name();
        List<InterfaceEntry> added = new ArrayList<>();
        try {
            for (ComponentInfo c : info.allComponents()) {
                boolean commandsExported = info.type() != HardwareType.SENSOR
                        && !(info.type() == HardwareType.ACTUATOR && c.kind() == org.robocell.api.hardware.ComponentKind.GPIO);
                if (commandsExported) {
                    for (InterfaceInfo i : c.commandInterfaces()) {
                        InterfaceEntry e = insert(c.fullName(i), Kind.COMMAND, owner, i);
                        added.add(e);
                        hw.addCommand(e);
                    }
                }
                for (InterfaceInfo i : c.stateInterfaces()) {
                    InterfaceEntry e = insert(c.fullName(i), Kind.STATE, owner, i);
                    added.add(e);
                    hw.addState(e);
                }
            }
        } catch (ResourceException e) {
            remove(added);
            throw e;
        }
        hardware.put(info.name(), hw);
        Context context = new Context(hw, owner);
        try {
            hw.initialize(context);
        } finally {
            context.initializing = false;
        }
        hw.buildLimits();
        return hw;
    }

    private InterfaceEntry insert(String name, Kind kind, String owner, InterfaceInfo info) {
        Map<String, InterfaceEntry> map = kind.isCommand() ? commands : states;
        InterfaceEntry existing = map.get(name);
        if (existing != null) {
            throw new ResourceException("ResourceStorage: Tried to insert " + (kind.isCommand() ? "Command" : "State")
                    + "Interface with already existing key '" + name + "' (exported by '" + existing.owner()
                    + "' and '" + owner + "')");
        }
        int slot = allocate(name);
        InterfaceEntry e = new InterfaceEntry(name, kind, owner, slot, info);
        slots.set(slot, kind == Kind.STATE || kind == Kind.COMMAND ? info.startValue() : Double.NaN);
        map.put(name, e);
        return e;
    }

    private void remove(List<InterfaceEntry> entries) {
        for (InterfaceEntry e : entries) {
            Map<String, InterfaceEntry> map = e.kind().isCommand() ? commands : states;
            if (map.get(e.name()) == e) {
                map.remove(e.name());
            }
            e.setAvailable(false);
            e.forceRelease();
            slots.set(e.slot(), Double.NaN);
            used.clear(e.slot());
        }
    }

    /**
     * Removes a component that is UNCONFIGURED, FINALIZED or was never initialized; its slots become free. The
     * caller has detached it from the loop.
     */
    public synchronized void removeHardware(String name) {
        ManagedHardware hw = hardware.remove(name);
        if (hw == null) {
            return;
        }
        List<InterfaceEntry> all = new ArrayList<>(hw.commandInterfaces());
        all.addAll(hw.stateInterfaces());
        remove(all);
    }

    public synchronized List<ManagedHardware> hardware() {
        return List.copyOf(hardware.values());
    }

    public synchronized ManagedHardware hardware(String name) {
        return hardware.get(name);
    }

    /**
     * Takes a component to {@code target} along ros2_control's paths: UNCONFIGURED → ACTIVE is configure then
     * activate, ACTIVE → UNCONFIGURED deactivate then cleanup, anything → FINALIZED (deactivate then) shutdown.
     * FINALIZED is terminal: any other target fails. Stops at the first step that does not reach its state.
     * Runs the callbacks on the calling thread; the caller has detached the component from the loop.
     */
    public HardwareStateResult setComponentState(ManagedHardware hw, LifecycleState target) {
        LifecycleState start = hw.state();
        if (target == null || target == LifecycleState.UNKNOWN) {
            return new HardwareStateResult(false, start, "'" + target + "' is not a state a component can be set to");
        }
        if (start == LifecycleState.FINALIZED) {
            boolean ok = target == LifecycleState.FINALIZED;
            return new HardwareStateResult(ok, start, ok ? "'" + hw.name() + "' is finalized"
                    : "'" + hw.name() + "' is finalized and can only be destroyed; it cannot go to '" + target + "'");
        }
        LifecycleState s = start;
        int guard = 0;
        while (s != target && guard++ < 4) {
            LifecycleState expected = expectedAfterStep(s, target);
            s = step(hw, s, target);
            if (s != expected) {
                break;
            }
        }
        boolean ok = s == target;
        String message = ok ? (start == s ? "'" + hw.name() + "' is " + s + " already"
                : "'" + hw.name() + "' went from " + start + " to " + s)
                : "'" + hw.name() + "' did not reach '" + target + "', it is " + s
                        + (hw.lastError() == null ? "" : ": " + hw.lastError());
        return new HardwareStateResult(ok, s, message);
    }

    private static LifecycleState expectedAfterStep(LifecycleState s, LifecycleState target) {
        if (target == LifecycleState.FINALIZED) {
            return s == LifecycleState.ACTIVE ? LifecycleState.INACTIVE : LifecycleState.FINALIZED;
        }
        switch (s) {
            case UNCONFIGURED:
                return LifecycleState.INACTIVE;
            case INACTIVE:
                return target == LifecycleState.ACTIVE ? LifecycleState.ACTIVE : LifecycleState.UNCONFIGURED;
            case ACTIVE:
                return LifecycleState.INACTIVE;
            default:
                return s;
        }
    }

    private static LifecycleState step(ManagedHardware hw, LifecycleState s, LifecycleState target) {
        if (target == LifecycleState.FINALIZED) {
            return s == LifecycleState.ACTIVE ? hw.deactivate() : hw.shutdown();
        }
        switch (s) {
            case UNCONFIGURED:
                return hw.configure();
            case INACTIVE:
                return target == LifecycleState.ACTIVE ? hw.activate() : hw.cleanup();
            case ACTIVE:
                return hw.deactivate();
            default:
                return s;
        }
    }

    // ------------------------------------------------------------------------------------------------ controllers

    /**
     * Imports a chainable controller's reference and exported state interfaces (at its configure). They start
     * unavailable and NaN.
     *
     * @throws ResourceException when a name is taken or the table is full (nothing is added then)
     */
    public synchronized void addControllerInterfaces(String controller, List<String> references,
            List<String> exportedStates) {
        if (controllerInterfaces.containsKey(controller)) {
            throw new ResourceException("controller '" + controller + "' has exported its interfaces already");
        }
        List<InterfaceEntry> added = new ArrayList<>();
        try {
            for (String r : references) {
                added.add(insert(r, Kind.REFERENCE, controller, InterfaceInfo.of(lastPart(r))));
            }
            for (String s : exportedStates) {
                added.add(insert(s, Kind.EXPORTED_STATE, controller, InterfaceInfo.of(lastPart(s))));
            }
        } catch (ResourceException e) {
            remove(added);
            throw e;
        }
        controllerInterfaces.put(controller, added);
    }

    private static String lastPart(String name) {
        int i = name.lastIndexOf('/');
        return i < 0 ? name : name.substring(i + 1);
    }

    /** Removes a controller's exported interfaces (at its cleanup); their slots become free. */
    public synchronized void removeControllerInterfaces(String controller) {
        List<InterfaceEntry> entries = controllerInterfaces.remove(controller);
        if (entries != null) {
            remove(entries);
        }
    }

    /** A controller's exported interfaces, references first; empty when it exports none. */
    public synchronized List<InterfaceEntry> controllerInterfaces(String controller) {
        return controllerInterfaces.getOrDefault(controller, List.of());
    }

    /** Makes a controller's exported interfaces (un)available; on deactivation their claims go too. Real time. */
    public static void setAvailable(InterfaceEntry[] entries, boolean available) {
        for (int i = 0; i < entries.length; i++) {
            entries[i].setAvailable(available);
            if (!available) {
                entries[i].forceRelease();
                // reference values start NaN again, as ros2_control resets them
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ lookup

    /** A command or reference interface by full name, or null. */
    public synchronized InterfaceEntry commandEntry(String name) {
        return commands.get(name);
    }

    /** A state or exported state interface by full name, or null. */
    public synchronized InterfaceEntry stateEntry(String name) {
        return states.get(name);
    }

    public synchronized List<InterfaceEntry> commandEntries() {
        return List.copyOf(commands.values());
    }

    public synchronized List<InterfaceEntry> stateEntries() {
        return List.copyOf(states.values());
    }

    /** Every interface, commands first, as snapshots. */
    public List<InterfaceSnapshot> snapshot() {
        List<InterfaceSnapshot> out = new ArrayList<>();
        for (InterfaceEntry e : commandEntries()) {
            out.add(e.snapshot(slots.get(e.slot())));
        }
        for (InterfaceEntry e : stateEntries()) {
            out.add(e.snapshot(slots.get(e.slot())));
        }
        return Collections.unmodifiableList(out);
    }

    // ------------------------------------------------------------------------------------------------ mode switch

    /**
     * ros2_control's {@code prepare_command_mode_switch}, off the loop: each ACTUATOR/SYSTEM component is asked
     * with only its own interfaces and only when it has some to switch. A component that would get interfaces to
     * start must be ACTIVE (or INACTIVE when {@link #allowActivationOnInactiveHardware()}); one that is neither
     * INACTIVE nor ACTIVE fails the switch.
     *
     * @return the prepared switch for {@link ModeSwitch#perform()} on the loop
     * @throws ResourceException naming the component and why, when the switch is rejected
     */
    public ModeSwitch prepareCommandModeSwitch(List<String> start, List<String> stop) {
        List<ManagedHardware> involved = new ArrayList<>();
        List<List<String>> starts = new ArrayList<>();
        List<List<String>> stops = new ArrayList<>();
        for (ManagedHardware hw : hardware()) {
            if (hw.isSensor()) {
                continue;
            }
            List<String> s = filter(hw, start);
            List<String> t = filter(hw, stop);
            if (s.isEmpty() && t.isEmpty()) {
                continue;
            }
            LifecycleState state = hw.state();
            if (state != LifecycleState.ACTIVE && state != LifecycleState.INACTIVE) {
                throw new ResourceException("hardware component '" + hw.name() + "' is " + state);
            }
            if (!s.isEmpty() && state == LifecycleState.INACTIVE && !allowActivationOnInactiveHardware) {
                throw new ResourceException("hardware component '" + hw.name()
                        + "' is inactive; controllers are activated on inactive hardware only when the cell allows it");
            }
            ReturnType r;
            try {
                r = hw.component().prepareCommandModeSwitch(s, t);
            } catch (RuntimeException e) {
                throw new ResourceException("hardware component '" + hw.name() + "' threw " + e);
            }
            if (r != ReturnType.OK) {
                throw new ResourceException("hardware component '" + hw.name() + "' answered " + r + " for start "
                        + s + " stop " + t);
            }
            involved.add(hw);
            starts.add(s);
            stops.add(t);
        }
        return new ModeSwitch(involved.toArray(new ManagedHardware[0]), starts, stops);
    }

    private static List<String> filter(ManagedHardware hw, List<String> names) {
        List<String> out = new ArrayList<>();
        for (InterfaceEntry e : hw.commandInterfaces()) {
            if (names.contains(e.name())) {
                out.add(e.name());
            }
        }
        return List.copyOf(out);
    }

    // ------------------------------------------------------------------------------------------------ context

    /**
     * A component's view of the loop: handles for the interfaces it exports and nothing else. The slot table itself
     * never leaves the resource manager, so a driver cannot reach another component's states or any controller's
     * commands.
     */
    private final class Context implements HardwareContext {
        private final ManagedHardware hw;
        private final String owner;
        boolean initializing = true;

        Context(ManagedHardware hw, String owner) {
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
            synchronized (ResourceManager.this) {
                try {
                    InterfaceEntry e = insert(fullName, Kind.STATE, owner, info);
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
            synchronized (ResourceManager.this) {
                try {
                    InterfaceEntry e = insert(fullName, Kind.COMMAND, owner, info);
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

    /** The loop's stopwatch for execution budgets (loop thread only). */
    public LapTimer lapTimer() {
        return lapTimer;
    }
}
