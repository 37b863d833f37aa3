package org.robocell.resources.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A hardware component as the resource manager drives it: ros2_control's {@code HardwareComponent} wrapper.
 * <p>
 * <b>Lifecycle</b> (off the loop): ros2_control's table, run by {@link HardwareLifecycle}; the state it reaches
 * decides what the loop may do here. Interfaces are available in INACTIVE and ACTIVE.
 * <p>
 * <b>Real time</b> (on the loop): {@link #read} is called in INACTIVE and ACTIVE, {@link #write} only in ACTIVE and
 * never for a sensor, each at the component's {@code rw_rate} (ros2_control's closest-cycle rule, with the actual
 * elapsed period). A non-OK answer or an exception is counted and flags the component for the manager: ERROR (and
 * DEACTIVATE from {@code read}, which ros2_control treats as ERROR too) takes it through error handling, DEACTIVATE
 * from {@code write} takes it to INACTIVE. The lifecycle callbacks for that run off the loop: from the moment of
 * the failure the loop no longer reads or writes the component and its interfaces are no longer available. Members
 * of one {@code <group>} share failures: once one fails, every other member's next read or write fails the same way.
 * <p>
 * <b>Command limits</b>: before {@code write}, {@link CommandLimits} makes every command finite and brings it inside
 * its interface's range and its joint's limits (ros2_control's joint limiters, velocity limits applied to position
 * commands through the step per cycle). An activation of the component, or of a controller that starts commanding
 * one of its joints, starts the limits again from the measured state.
 * <p>
 * <b>Execution budget</b>: each read and write is timed; too many overruns of the budget in a row fail the component
 * as if it had answered ERROR ({@link org.robocell.api.lifecycle.Fault#BUDGET_OVERRUN}). A read that waits for the
 * robot's packet (a hardware clock) is not held against the budget.
 * <p>
 * <b>Failures</b>: why it last failed, as a {@link Fault} and a line, is kept by its {@link FailureRecord}.
 */
public final class ManagedHardware {

    /** What the loop flagged for the manager to handle off the loop. */
    public enum PendingEvent {
        NONE,
        ERROR,
        DEACTIVATE
    }

    private final HardwareInfo info;
    private final HardwareComponent component;
    private final ResourceManager resources;
    private final String name;
    private final HardwareLifecycle lifecycle;
    private final FailureRecord failure;
    private final List<InterfaceEntry> commands = new ArrayList<>();
    private final List<InterfaceEntry> states = new ArrayList<>();
    final Group group;

    private volatile LifecycleState state = LifecycleState.UNKNOWN;
    /** Whether the loop may call read/write: false while a transition runs off the loop or after a failure. */
    private volatile boolean loopAccess;
    private volatile PendingEvent pending = PendingEvent.NONE;

    /** The limits of its commands, built once the component has exported its interfaces. */
    private CommandLimits limits;

    // rates
    private int loopRate;
    /** The nominal time between two writes: the step the joint limits allow is per this period. */
    private double writePeriodSeconds;
    private long loopPeriodNanos;
    private long lastReadNanos;
    private long lastWriteNanos;
    private boolean readBefore;
    private boolean writeBefore;

    // counters (single writer: the loop)
    private volatile long reads;
    private volatile long writes;
    private volatile long errors;
    /** Reads and writes are counted apart: a fast read between two stalling writes does not hide the stall. */
    private final ExecutionBudget readBudget = new ExecutionBudget(ExecutionBudget.UNLIMITED, 1);
    private final ExecutionBudget writeBudget = new ExecutionBudget(ExecutionBudget.UNLIMITED, 1);
    /** Set when the component was activated, until the loop has read it once. */
    private volatile boolean activationUnread;
    /** Set by the loop's first read after an activation, until the loop has restarted the controllers on it. */
    private boolean activationRead;
    /** Whether {@code read} blocks for the robot's packet by design (a hardware clock): its wait is not work. */
    private volatile boolean readPacesLoop;

    ManagedHardware(HardwareInfo info, HardwareComponent component, ResourceManager resources, Group group) {
        this.info = info;
        this.component = component;
        this.resources = resources;
        this.name = info.name();
        this.group = group;
        this.failure = new FailureRecord(name, component, readBudget, writeBudget);
        this.lifecycle = new HardwareLifecycle(this, component, group, failure);
    }

    public String name() {
        return name;
    }

    public HardwareInfo info() {
        return info;
    }

    public HardwareComponent component() {
        return component;
    }

    public LifecycleState state() {
        return state;
    }

    public boolean isSensor() {
        return info.type() == HardwareType.SENSOR;
    }

    public List<InterfaceEntry> commandInterfaces() {
        return List.copyOf(commands);
    }

    public List<InterfaceEntry> stateInterfaces() {
        return List.copyOf(states);
    }

    void addCommand(InterfaceEntry e) {
        commands.add(e);
    }

    void addState(InterfaceEntry e) {
        states.add(e);
    }

    public PendingEvent pendingEvent() {
        return pending;
    }

    public boolean loopAccess() {
        return loopAccess;
    }

    /** Stops the loop from calling read/write (the caller then waits for a cycle boundary). */
    public void detachFromLoop() {
        loopAccess = false;
    }

    /** The execution budget of each read and write, and how many overruns in a row take the component out. */
    public void setBudget(long budgetNanos, int limit) {
        readBudget.set(budgetNanos, limit);
        writeBudget.set(budgetNanos, limit);
    }

    /** Reads and writes that took longer than the budget, so far. */
    /** Off the loop: the read and write timing start afresh. */
    public void resetTiming() {
        readBudget.resetTiming();
        writeBudget.resetTiming();
    }

    public long budgetOverruns() {
        return readBudget.overruns() + writeBudget.overruns();
    }

    /** With a hardware clock, {@code read} waits for the robot: that wait is not held against the budget. */
    public void setReadPacesLoop(boolean paces) {
        readPacesLoop = paces;
    }

    /** Whether {@code read} waits for the robot's packet (a hardware clock). */
    public boolean readPacesLoop() {
        return readPacesLoop;
    }

    void setLoopRate(int loopRate) {
        this.loopRate = loopRate;
        this.loopPeriodNanos = 1_000_000_000L / loopRate;
        int rate = info.rwRate() > 0 && info.rwRate() < loopRate ? info.rwRate() : loopRate;
        this.writePeriodSeconds = 1.0 / rate;
    }

    public long reads() {
        return reads;
    }

    public long writes() {
        return writes;
    }

    public long errors() {
        return errors;
    }

    public long clampedCommands() {
        return limits == null ? 0 : limits.clamped();
    }

    public long nonFiniteCommands() {
        return limits == null ? 0 : limits.nonFinite();
    }

    void buildLimits() {
        limits = CommandLimits.of(this, resources);
    }

    /** The last error, formatted off the loop: the component's own line when it gives one. */
    public String lastError() {
        return failure.lastError();
    }

    /** The component's texts; a driver that fails to give them gives none (this is for people, off the loop). */
    private java.util.Map<String, String> texts() {
        try {
            java.util.Map<String, String> t = component.texts();
            return t == null ? java.util.Map.of() : t;
        } catch (RuntimeException e) {
            return java.util.Map.of();
        }
    }

    /** Why it last failed; {@link Fault#NONE} when it has not. */
    public Fault fault() {
        return failure.fault();
    }

    /** UNKNOWN → UNCONFIGURED via onInit; FAILURE or ERROR → FINALIZED. */
    public LifecycleState initialize(org.robocell.api.hardware.HardwareContext context) {
        return lifecycle.initialize(context);
    }

    public LifecycleState configure() {
        return lifecycle.configure();
    }

    public LifecycleState cleanup() {
        return lifecycle.cleanup();
    }

    public LifecycleState activate() {
        return lifecycle.activate();
    }

    public LifecycleState deactivate() {
        return lifecycle.deactivate();
    }

    public LifecycleState shutdown() {
        return lifecycle.shutdown();
    }

    /** Error handling: onError(previous); SUCCESS → UNCONFIGURED, otherwise FINALIZED. */
    public LifecycleState error() {
        return lifecycle.error();
    }

    /** Off the loop: handles what the loop flagged (error handling, or deactivation after DEACTIVATE). */
    public LifecycleState handlePendingEvent() {
        PendingEvent e = pending;
        pending = PendingEvent.NONE;
        if (e == PendingEvent.ERROR) {
            return lifecycle.error();
        }
        if (e == PendingEvent.DEACTIVATE) {
            return lifecycle.deactivate();
        }
        return state;
    }

    /** onInit's outcome: no interface was available before it, none is after. */
    void setInitialState(LifecycleState s) {
        state = s;
    }

    /** A transition reached {@code s}: the interfaces are available in INACTIVE and ACTIVE only. */
    void setState(LifecycleState s) {
        state = s;
        boolean statesAvailable = s == LifecycleState.INACTIVE || s == LifecycleState.ACTIVE;
        for (InterfaceEntry e : states) {
            e.setAvailable(statesAvailable);
        }
        for (InterfaceEntry e : commands) {
            e.setAvailable(statesAvailable);
            if (!statesAvailable) {
                e.forceRelease();
            }
        }
    }

    /** Off the loop: whether the loop has read the component since its last activation (or it never was activated). */
    public boolean activationTakenIn() {
        return !activationUnread;
    }

    /** Configured: what the loop flagged before is handled. */
    void clearPendingEvent() {
        pending = PendingEvent.NONE;
    }

    /**
     * Activated: its commands' limits start again from the measured state, the first write gets the nominal
     * period, the budgets count overruns in a row afresh, and the first read tells the loop to restart the
     * controllers commanding it.
     */
    void activated() {
        limits.restartAll();
        activationUnread = true;
        writeBefore = false;
        readBudget.restart();
        writeBudget.restart();
    }

    /** Lets the loop read/write the component again, according to its state (after a transition). */
    public void attachToLoop() {
        LifecycleState s = state;
        loopAccess = (s == LifecycleState.INACTIVE || s == LifecycleState.ACTIVE) && pending == PendingEvent.NONE;
        readBefore = false;
        writeBefore = false;
    }

    /**
     * Reads the component when it is INACTIVE or ACTIVE, attached and due at its rw_rate. Real time: no allocation.
     *
     * @param nowNanos the loop's monotonic cycle time
     * @param time     seconds since the loop started
     * @return OK, or ERROR when the component failed (it is then detached and flagged for error handling)
     */
    public ReturnType read(long nowNanos, double time) {
        if (!loopAccess) {
            return ReturnType.OK;
        }
        LifecycleState s = state;
        if (s != LifecycleState.INACTIVE && s != LifecycleState.ACTIVE) {
            return ReturnType.OK;
        }
        long since = readBefore ? nowNanos - lastReadNanos : loopPeriodNanos;
        if (readBefore && !dueAtRwRate(since)) {
            return ReturnType.OK;
        }
        ReturnType r = invoke(false, time, since * 1e-9);
        readBefore = true;
        lastReadNanos = nowNanos;
        reads++;
        if (r == ReturnType.OK) {
            if (activationUnread && state == LifecycleState.ACTIVE) {
                activationUnread = false;
                activationRead = true;
            }
            return r;
        }
        // DEACTIVATE from read is treated as ERROR, as ros2_control does
        fail(ReturnType.ERROR);
        return ReturnType.ERROR;
    }

    /** Whether a component with its own rw_rate is due, {@code sinceNanos} after its last read or write. */
    private boolean dueAtRwRate(long sinceNanos) {
        int rate = info.rwRate();
        return rate <= 0 || rate >= loopRate || RateRule.due(rate, sinceNanos, loopPeriodNanos);
    }

    /**
     * Calls {@code read} or {@code write}, or answers the failure its group already has; a throwable or a null
     * answer counts as ERROR. Real time.
     */
    private ReturnType invoke(boolean write, double time, double period) {
        if (group != null && group.failure != ReturnType.OK) {
            failure.groupMemberFailed();
            return group.failure;
        }
        try {
            ReturnType r = write ? component.write(time, period) : component.read(time, period);
            // a read that waits for the robot is timed by the loop, as the wait
            boolean timed = write || !readPacesLoop;
            long took = timed ? resources.lapTimer().lap() : 0;
            if (r == null || r == ReturnType.ERROR || r == ReturnType.DEACTIVATE) {
                failure.answeredError();
            } else if (timed && (write ? writeBudget : readBudget).record(took)) {
                resources.lapTimer().mark();
                failure.overBudget();
                return ReturnType.ERROR;
            } else if (timed) {
                resources.lapTimer().mark(); // recording this call's time is not the next call's time
            }
            return r == null ? ReturnType.ERROR : r;
        } catch (Throwable t) {
            failure.threw(t);
            return ReturnType.ERROR;
        }
    }

    /**
     * Writes the component when it is ACTIVE, attached, not a sensor and due at its rw_rate. Real time.
     *
     * @return OK, ERROR (flagged for error handling) or DEACTIVATE (flagged for deactivation)
     */
    public ReturnType write(long nowNanos, double time) {
        if (!loopAccess || state != LifecycleState.ACTIVE || isSensor()) {
            return ReturnType.OK;
        }
        long since = writeBefore ? nowNanos - lastWriteNanos : loopPeriodNanos;
        if (writeBefore && !dueAtRwRate(since)) {
            return ReturnType.OK;
        }
        ReturnType r = invoke(true, time, since * 1e-9);
        writeBefore = true;
        lastWriteNanos = nowNanos;
        writes++;
        if (r != ReturnType.OK) {
            fail(r);
        }
        return r;
    }

    private void fail(ReturnType r) {
        errors++;
        loopAccess = false;
        if (group != null && group.failure == ReturnType.OK) {
            group.failure = r;
        }
        if (r == ReturnType.DEACTIVATE) {
            pending = PendingEvent.DEACTIVATE;
        } else {
            pending = PendingEvent.ERROR;
            for (int i = 0; i < states.size(); i++) {
                states.get(i).setAvailable(false);
            }
            for (int i = 0; i < commands.size(); i++) {
                commands.get(i).setAvailable(false);
            }
        }
    }

    /**
     * Real time: true once, at the first successful read after the component was activated: the state the
     * controllers commanding it must start from has just been measured.
     */
    public boolean takeActivation() {
        if (!activationRead) {
            return false;
        }
        activationRead = false;
        return true;
    }

    /** Whether the loop writes this component this cycle (ACTIVE, attached, not a sensor). */
    public boolean isWritable() {
        return loopAccess && state == LifecycleState.ACTIVE && !isSensor();
    }

    /**
     * Makes the commands of an ACTIVE component safe to write (see {@link CommandLimits}), before its write. Real
     * time.
     */
    public void enforceLimits(InterfaceSlots slots) {
        if (!isWritable()) {
            return;
        }
        limits.enforce(slots, writePeriodSeconds);
    }

    /** Real time: a controller starts commanding {@code command}; its joint's limits start from the measured state. */
    public void commandClaimed(InterfaceEntry command) {
        limits.restart(command);
    }

    /**
     * Writes the "hold still" command into one of this component's command slots: position-like interfaces get
     * the measured same-named state, velocity and acceleration get 0, anything else keeps its last value.
     */
    public void hold(InterfaceSlots slots, InterfaceEntry command) {
        limits.hold(slots, command);
    }

    public HardwareSnapshot snapshot(InterfaceSlots slots, boolean pluginAvailable) {
        List<InterfaceSnapshot> c = new ArrayList<>(commands.size());
        for (InterfaceEntry e : commands) {
            c.add(e.snapshot(slots.get(e.slot())));
        }
        List<InterfaceSnapshot> s = new ArrayList<>(states.size());
        for (InterfaceEntry e : states) {
            s.add(e.snapshot(slots.get(e.slot())));
        }
        String error = lastError();
        return new HardwareSnapshot(name, info.type(), info.plugin(), pluginAvailable, state, info.rwRate(),
                info.group(), c, s, reads, writes, errors, error, failure.fault(), budgetOverruns(), readBudget.timing(),
                writeBudget.timing(), CodeOrigin.of(component), texts());
    }

    @Override
    public String toString() {
        return name + " [" + state + "]";
    }

    /**
     * Members of one {@code <group>} share their first failure until one of them is configured, cleaned up or shut
     * down.
     */
    static final class Group {
        final String name;
        volatile ReturnType failure = ReturnType.OK;

        Group(String name) {
            this.name = name;
        }

        void reset() {
            failure = ReturnType.OK;
        }
    }
}
