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
 * <b>Command limits</b>: before {@code write}, each command value is clamped to the interface's min/max (when its
 * limits are enabled), and a NaN or infinite value never reaches the driver: it is replaced by the last valid
 * command of that interface, or, when there was none, by the same-named state (hold), or the interface's start
 * value, or 0. Both are counted (only for claimed interfaces: an unclaimed interface nobody commanded is held
 * silently).
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

    // limits, built once the component has exported its interfaces
    private InterfaceEntry[] limitEntries = new InterfaceEntry[0];
    private int[] limitSlots = new int[0];
    private int[] holdSlots = new int[0];
    private double[] min = new double[0];
    private double[] max = new double[0];
    private double[] startValue = new double[0];
    private double[] lastValid = new double[0];

    // rates
    private int loopRate;
    private long loopPeriodNanos;
    private long lastReadNanos;
    private long lastWriteNanos;
    private boolean readBefore;
    private boolean writeBefore;

    // counters (single writer: the loop)
    private volatile long reads;
    private volatile long writes;
    private volatile long errors;
    private volatile long clamped;
    private volatile long nonFinite;
    private volatile Throwable lastThrowable;
    private volatile String lastError;
    /** Why it last failed: what the component said, or what the manager saw. */
    private volatile Fault fault = Fault.NONE;
    /** Set by the loop when a real-time call failed, so that the component's own words are fetched off the loop. */
    private volatile boolean realtimeFailure;
    /** Set by the loop when the budget took the component out. */
    private volatile boolean overBudget;
    private final ExecutionBudget budget = new ExecutionBudget(ExecutionBudget.UNLIMITED, 1);
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
        budget.set(budgetNanos, limit);
    }

    public ExecutionBudget budget() {
        return budget;
    }

    /** Reads and writes that took longer than the budget, so far. */
    public long budgetOverruns() {
        return budget.overruns();
    }

    /** With a hardware clock, {@code read} waits for the robot: that wait is not held against the budget. */
    public void setReadPacesLoop(boolean paces) {
        readPacesLoop = paces;
    }

    void setLoopRate(int loopRate) {
        this.loopRate = loopRate;
        this.loopPeriodNanos = 1_000_000_000L / loopRate;
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
        return clamped;
    }

    public long nonFiniteCommands() {
        return nonFinite;
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
            lastError = "'" + name + "' took longer than its execution budget of " + budget.budgetNanos() / 1000
                    + " µs in " + budget.limit() + " calls in a row (longest " + budget.longestNanos() / 1000 + " µs)";
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
        int n = commands.size();
        limitEntries = commands.toArray(new InterfaceEntry[0]);
        limitSlots = new int[n];
        holdSlots = new int[n];
        min = new double[n];
        max = new double[n];
        startValue = new double[n];
        lastValid = new double[n];
        for (int i = 0; i < n; i++) {
            InterfaceEntry c = limitEntries[i];
            limitSlots[i] = c.slot();
            boolean enabled = c.info().limitsEnabled();
            min[i] = enabled ? c.info().min() : Double.NEGATIVE_INFINITY;
            max[i] = enabled ? c.info().max() : Double.POSITIVE_INFINITY;
            startValue[i] = c.info().startValue();
            lastValid[i] = Double.NaN;
            InterfaceEntry s = resources.stateEntry(c.name());
            holdSlots[i] = s == null ? -1 : s.slot();
        }
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
            java.util.Arrays.fill(lastValid, Double.NaN);
            writeBefore = false;
            budget.restart();
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
            long start = System.nanoTime();
            ReturnType r = write ? component.write(time, period) : component.read(time, period);
            long took = System.nanoTime() - start;
            if (r == null || r == ReturnType.ERROR || r == ReturnType.DEACTIVATE) {
                fault = ownFault(Fault.REALTIME_ERROR);
                realtimeFailure = true;
            } else if ((write || !readPacesLoop) && budget.record(took)) {
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

    /** Whether the loop writes this component this cycle (ACTIVE, attached, not a sensor). */
    public boolean isWritable() {
        return loopAccess && state == LifecycleState.ACTIVE && !isSensor();
    }

    /**
     * Clamps and sanitizes the command values of an ACTIVE component before its write. Real time.
     */
    public void enforceLimits(InterfaceSlots slots) {
        if (!isWritable()) {
            return;
        }
        for (int i = 0; i < limitSlots.length; i++) {
            int s = limitSlots[i];
            double v = slots.get(s);
            if (v != v || v == Double.POSITIVE_INFINITY || v == Double.NEGATIVE_INFINITY) {
                double replacement = lastValid[i];
                if (replacement != replacement) {
                    int h = holdSlots[i];
                    replacement = h >= 0 ? slots.get(h) : Double.NaN;
                    if (!Double.isFinite(replacement)) {
                        replacement = Double.isFinite(startValue[i]) ? startValue[i] : 0.0;
                    }
                }
                if (limitEntries[i].isClaimed()) {
                    nonFinite++;
                }
                v = replacement;
            }
            if (v < min[i]) {
                v = min[i];
                clamped++;
            } else if (v > max[i]) {
                v = max[i];
                clamped++;
            }
            slots.set(s, v);
            lastValid[i] = v;
        }
    }

    /**
     * Writes the "hold still" command into one of this component's command slots: position-like interfaces get
     * the measured same-named state, velocity and acceleration get 0, anything else keeps its last value.
     */
    public void hold(InterfaceSlots slots, InterfaceEntry command) {
        for (int i = 0; i < limitEntries.length; i++) {
            if (limitEntries[i] == command) {
                String n = command.info().name();
                if (n.equals("velocity") || n.equals("acceleration")) {
                    slots.set(command.slot(), 0.0);
                } else if (holdSlots[i] >= 0 && n.equals("position")) {
                    double measured = slots.get(holdSlots[i]);
                    if (Double.isFinite(measured)) {
                        slots.set(command.slot(), measured);
                    }
                }
                return;
            }
        }
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
