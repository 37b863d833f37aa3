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
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.LifecycleState;

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
        ComponentContext context = new ComponentContext(this, hw, owner);
        try {
            hw.initialize(context);
        } finally {
            context.initializing = false;
        }
        hw.buildLimits();
        return hw;
    }

    /** A new interface in a free slot, at its start value; the caller holds this manager's lock. */
    InterfaceEntry insert(String name, Kind kind, String owner, InterfaceInfo info) {
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
     * Takes a component to {@code target} along ros2_control's paths ({@link LifecyclePath}): UNCONFIGURED → ACTIVE
     * is configure then activate, ACTIVE → UNCONFIGURED deactivate then cleanup, anything → FINALIZED (deactivate
     * then) shutdown. FINALIZED is terminal: any other target fails. Stops at the first step that does not reach its
     * state. Runs the callbacks on the calling thread; the caller has detached the component from the loop.
     */
    public HardwareStateResult setComponentState(ManagedHardware hw, LifecycleState target) {
        return LifecyclePath.walk(hw, target);
    }

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
        return ModeSwitch.prepare(this, start, stop);
    }

    /** The loop's stopwatch for execution budgets (loop thread only). */
    public LapTimer lapTimer() {
        return lapTimer;
    }
}
