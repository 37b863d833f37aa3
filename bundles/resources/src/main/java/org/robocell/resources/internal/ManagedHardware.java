package org.robocell.resources.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A hardware component as the resource manager drives it: ros2_control's {@code HardwareComponent} wrapper.
 * <p>
 * <b>Lifecycle</b> (off the loop), exactly ros2_control's table: {@code initialize} UNKNOWN → UNCONFIGURED (FAILURE
 * or ERROR → FINALIZED); {@code configure} UNCONFIGURED → INACTIVE (FAILURE stays, ERROR → error handling);
 * {@code cleanup} INACTIVE → UNCONFIGURED (FAILURE or ERROR → error handling); {@code activate} INACTIVE → ACTIVE
 * (FAILURE stays INACTIVE); {@code deactivate} ACTIVE → INACTIVE (FAILURE stays ACTIVE); {@code shutdown} any state
 * but UNKNOWN/FINALIZED → FINALIZED (FAILURE or ERROR → error handling); error handling ({@code onError}) from any
 * state but UNKNOWN/UNCONFIGURED/FINALIZED: SUCCESS → UNCONFIGURED, otherwise FINALIZED. A call from a state the
 * table does not allow does nothing and answers the current state. FINALIZED is terminal. An exception thrown from
 * a callback counts as ERROR.
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
    private volatile Throwable lastThrowable;
    private volatile String lastError;
    /** Why it last failed: what the component said, or what the manager saw. */
    private volatile Fault fault = Fault.NONE;
    /** Set by the loop when a real-time call failed, so that the component's own words are fetched off the loop. */
    private volatile boolean realtimeFailure;
    /** Set by the loop when the budget took the component out. */
    private volatile boolean overBudget;
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

    /** The last error, formatted off the loop: the component's own line when it gives one. */
    public String lastError() {
        Throwable t = lastThrowable;
        if (t != null) {
            lastThrowable = null;
            lastError = "'" + name + "' threw " + t;
        } else if (overBudget) {
            overBudget = false;
            realtimeFailure = false;
            ExecutionBudget b = writeBudget.longestNanos() >= readBudget.longestNanos() ? writeBudget : readBudget;
            lastError = "'" + name + "' took longer than its execution budget of " + b.budgetNanos() / 1000 + " µs in "
                    + b.limit() + " " + (b == writeBudget ? "writes" : "reads") + " in a row (longest "
                    + b.longestNanos() / 1000 + " µs)";
        } else if (realtimeFailure) {
            realtimeFailure = false;
            String own = ownError();
            lastError = "'" + name + "' " + (own != null ? own : "answered ERROR in read or write");
        }
        return lastError;
    }

    /** Why it last failed; {@link Fault#NONE} when it has not. */
    public Fault fault() {
        return fault;
    }

    /** The component's own explanation, or null (a driver that throws here gives none). */
    private String ownError() {
        try {
            String own = component.lastError();
            return own == null || own.isBlank() ? null : own;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The component's own fault, or {@code fallback} when it gives none. Real-time safe for a well-behaved driver. */
    private Fault ownFault(Fault fallback) {
        try {
            Fault f = component.fault();
            return f == null || f == Fault.NONE ? fallback : f;
        } catch (Throwable t) {
            return fallback;
        }
    }

    void setLastError(String message) {
        lastError = message;
    }

    void buildLimits() {
        limits = CommandLimits.of(this, resources);
    }

    // ------------------------------------------------------------------------------------------------ lifecycle

    /** UNKNOWN → UNCONFIGURED via onInit; FAILURE or ERROR → FINALIZED. */
    public LifecycleState initialize(org.robocell.api.hardware.HardwareContext context) {
        if (state != LifecycleState.UNKNOWN) {
            return state;
        }
        CallbackReturn r = call(() -> component.onInit(context), "onInit");
        state = r == CallbackReturn.SUCCESS ? LifecycleState.UNCONFIGURED : LifecycleState.FINALIZED;
        return state;
    }

    public LifecycleState configure() {
        if (state != LifecycleState.UNCONFIGURED) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onConfigure(prev), "onConfigure");
        if (r == CallbackReturn.SUCCESS) {
            if (group != null) {
                group.reset();
            }
            pending = PendingEvent.NONE;
            setState(LifecycleState.INACTIVE);
            return state;
        }
        if (r == CallbackReturn.FAILURE) {
            return state;
        }
        return error();
    }

    public LifecycleState cleanup() {
        if (state != LifecycleState.INACTIVE) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onCleanup(prev), "onCleanup");
        if (r == CallbackReturn.SUCCESS) {
            if (group != null) {
                group.reset();
            }
            setState(LifecycleState.UNCONFIGURED);
            return state;
        }
        return error();
    }

    public LifecycleState activate() {
        if (state != LifecycleState.INACTIVE) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onActivate(prev), "onActivate");
        if (r == CallbackReturn.SUCCESS) {
            limits.restartAll();
            activationUnread = true;
            writeBefore = false;
            readBudget.restart();
            writeBudget.restart();
            setState(LifecycleState.ACTIVE);
            return state;
        }
        if (r == CallbackReturn.FAILURE) {
            return state;
        }
        return error();
    }

    public LifecycleState deactivate() {
        if (state != LifecycleState.ACTIVE) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onDeactivate(prev), "onDeactivate");
        if (r == CallbackReturn.SUCCESS) {
            setState(LifecycleState.INACTIVE);
            return state;
        }
        if (r == CallbackReturn.FAILURE) {
            return state;
        }
        return error();
    }

    public LifecycleState shutdown() {
        if (state == LifecycleState.UNKNOWN || state == LifecycleState.FINALIZED) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onShutdown(prev), "onShutdown");
        if (r == CallbackReturn.SUCCESS) {
            if (group != null) {
                group.reset();
            }
            setState(LifecycleState.FINALIZED);
            return state;
        }
        return error();
    }

    /** Error handling: onError(previous); SUCCESS → UNCONFIGURED, otherwise FINALIZED. */
    public LifecycleState error() {
        if (state == LifecycleState.UNKNOWN || state == LifecycleState.UNCONFIGURED
                || state == LifecycleState.FINALIZED) {
            return state;
        }
        LifecycleState prev = state;
        CallbackReturn r = call(() -> component.onError(prev), "onError");
        setState(r == CallbackReturn.SUCCESS ? LifecycleState.UNCONFIGURED : LifecycleState.FINALIZED);
        return state;
    }

    /** Off the loop: handles what the loop flagged (error handling, or deactivation after DEACTIVATE). */
    public LifecycleState handlePendingEvent() {
        PendingEvent e = pending;
        pending = PendingEvent.NONE;
        if (e == PendingEvent.ERROR) {
            return error();
        }
        if (e == PendingEvent.DEACTIVATE) {
            return deactivate();
        }
        return state;
    }

    private void setState(LifecycleState s) {
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

    /** Lets the loop read/write the component again, according to its state (after a transition). */
    public void attachToLoop() {
        LifecycleState s = state;
        loopAccess = (s == LifecycleState.INACTIVE || s == LifecycleState.ACTIVE) && pending == PendingEvent.NONE;
        readBefore = false;
        writeBefore = false;
    }

    private interface Callback {
        CallbackReturn run();
    }

    private CallbackReturn call(Callback c, String what) {
        try {
            CallbackReturn r = c.run();
            if (r == null) {
                lastError = "'" + name + "' " + what + " answered null";
                fault = Fault.CALLBACK_ERROR;
                return CallbackReturn.ERROR;
            }
            if (r != CallbackReturn.SUCCESS) {
                String own = ownError();
                lastError = "'" + name + "' " + what + " answered " + r + (own == null ? "" : ": " + own);
                fault = ownFault(r == CallbackReturn.FAILURE ? Fault.CALLBACK_FAILURE : Fault.CALLBACK_ERROR);
            } else if (what.equals("onConfigure") || what.equals("onActivate")) {
                // a component that starts again has recovered from what went before
                fault = Fault.NONE;
            }
            return r;
        } catch (RuntimeException | LinkageError e) {
            lastError = "'" + name + "' " + what + " threw " + e;
            fault = Fault.EXCEPTION;
            return CallbackReturn.ERROR;
        }
    }

    // ------------------------------------------------------------------------------------------------ real time

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
            fault = Fault.GROUP_MEMBER_FAILED;
            return group.failure;
        }
        try {
            ReturnType r = write ? component.write(time, period) : component.read(time, period);
            // a read that waits for the robot is timed by the loop, as the wait
            long took = write || !readPacesLoop ? resources.lapTimer().lap() : 0;
            if (r == null || r == ReturnType.ERROR || r == ReturnType.DEACTIVATE) {
                fault = ownFault(Fault.REALTIME_ERROR);
                realtimeFailure = true;
            } else if (write ? writeBudget.record(took) : !readPacesLoop && readBudget.record(took)) {
                fault = Fault.BUDGET_OVERRUN;
                overBudget = true;
                return ReturnType.ERROR;
            }
            return r == null ? ReturnType.ERROR : r;
        } catch (Throwable t) {
            lastThrowable = t;
            fault = Fault.EXCEPTION;
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
                info.group(), c, s, reads, writes, errors, error, fault, budgetOverruns());
    }

    @Override
    public String toString() {
        return name + " [" + state + "]";
    }

    /** Members of one {@code <group>} share their first failure until one of them is configured or cleaned up. */
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
