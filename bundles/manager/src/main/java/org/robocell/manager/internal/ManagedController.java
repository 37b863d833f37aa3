package org.robocell.manager.internal;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.atomic.AtomicInteger;

import org.robocell.api.controller.ChainableController;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.model.JointLimits;
import org.robocell.resources.internal.ExecutionBudget;
import org.robocell.resources.internal.InterfaceEntry;

/**
 * One loaded controller. Its lifecycle state is an atomic code: the loop activates and deactivates it (switch
 * commits, errors, fallbacks) with compare-and-set, and the manager takes it to BUSY for configure/cleanup/unload,
 * so neither can act on it while the other does, without a lock.
 */
final class ManagedController {

    /** Set by the loop (a constant: no allocation) when an update answers ERROR without throwing. */
    static final String UPDATE_ANSWERED_ERROR = "update answered ERROR";

    static final int UNCONFIGURED = 1;
    static final int INACTIVE = 2;
    static final int ACTIVE = 3;
    static final int FINALIZED = 4;
    /** A lifecycle callback is running off the loop. */
    static final int BUSY = 5;

    final String name;
    final String type;
    final Controller controller;
    final ChainableController chainable;
    final List<String> fallbacks;
    final int loadOrder;
    final Context context;
    private final AtomicInteger state = new AtomicInteger(UNCONFIGURED);
    private volatile LifecycleState busyFrom = LifecycleState.UNCONFIGURED;

    // configured (written off the loop while not ACTIVE)
    volatile InterfaceConfiguration commandConfig = InterfaceConfiguration.NONE;
    volatile InterfaceConfiguration stateConfig = InterfaceConfiguration.NONE;
    volatile int rate;
    volatile List<String> references = List.of();
    volatile List<String> exportedStates = List.of();
    /** Own exported entries (references then exported states), made available while ACTIVE. */
    volatile InterfaceEntry[] ownEntries = new InterfaceEntry[0];
    /** What activating it takes now; rebuilt off the loop whenever the interfaces change. */
    volatile Prepared prepared;

    // loop-owned
    /** The loans it was activated with (read off the loop for snapshots). */
    volatile Prepared active;
    volatile boolean chained;
    boolean firstUpdate;
    long lastUpdateNanos;
    boolean failedThisCycle;
    boolean mark;

    volatile long updates;
    volatile long errors;
    /** Errors the service side has logged (service side only). */
    long reportedErrors;
    volatile Throwable lastThrowable;
    volatile String lastError;
    /** Why it last failed (the loop writes constants; off the loop the callbacks' outcomes). */
    volatile Fault fault = Fault.NONE;
    /** Set by the loop when the budget took it out; the line is written off the loop. */
    volatile boolean overBudget;
    /** How long one update may take, measured by the loop around every update. */
    final ExecutionBudget budget = new ExecutionBudget(ExecutionBudget.UNLIMITED, 1);

    ManagedController(String name, String type, Controller controller, List<String> fallbacks, int loadOrder,
            Parameters parameters, int loopRate, String robot, Function<String, Optional<JointLimits>> limits) {
        this.name = name;
        this.type = type;
        this.controller = controller;
        this.chainable = controller instanceof ChainableController c ? c : null;
        this.fallbacks = List.copyOf(fallbacks);
        this.loadOrder = loadOrder;
        this.context = new Context(name, type, parameters, loopRate, robot, limits);
    }

    int code() {
        return state.get();
    }

    boolean cas(int expected, int next) {
        return state.compareAndSet(expected, next);
    }

    void set(int code) {
        state.set(code);
    }

    /** Off the loop: INACTIVE or UNCONFIGURED → BUSY, remembering where it came from. */
    boolean enterBusy(int from) {
        LifecycleState s = from == INACTIVE ? LifecycleState.INACTIVE : LifecycleState.UNCONFIGURED;
        busyFrom = s;
        return state.compareAndSet(from, BUSY);
    }

    LifecycleState lifecycleState() {
        switch (state.get()) {
            case UNCONFIGURED:
                return LifecycleState.UNCONFIGURED;
            case INACTIVE:
                return LifecycleState.INACTIVE;
            case ACTIVE:
                return LifecycleState.ACTIVE;
            case FINALIZED:
                return LifecycleState.FINALIZED;
            default:
                return busyFrom;
        }
    }

    boolean isActive() {
        return state.get() == ACTIVE;
    }

    /** Whether the array holds this very controller. Real time: no allocation. */
    boolean isIn(ManagedController[] array) {
        for (int i = 0; i < array.length; i++) {
            if (array[i] == this) {
                return true;
            }
        }
        return false;
    }

    boolean isConfigured() {
        int c = state.get();
        return c == INACTIVE || c == ACTIVE;
    }

    /** Off the loop: a failure and, when given, the line that explains it. */
    void recordFault(Fault f, String message) {
        fault = f;
        if (message != null) {
            lastError = message;
        }
    }

    /** The last error, formatted off the loop. */
    String lastError() {
        Throwable t = lastThrowable;
        if (t != null) {
            lastThrowable = null;
            lastError = "update threw " + t;
        } else if (overBudget) {
            overBudget = false;
            lastError = "its update took longer than its execution budget of " + budget.budgetNanos() / 1000 + " µs in "
                    + budget.limit() + " updates in a row (longest " + budget.longestNanos() / 1000 + " µs)";
        }
        return lastError;
    }

    @Override
    public String toString() {
        return name;
    }

    /** The {@link ControllerContext} of one controller; parameters change on {@code setParameters}. */
    static final class Context implements ControllerContext {
        private final String name;
        private final String type;
        private volatile Parameters parameters;
        private final int loopRate;
        private final String robot;
        private final Function<String, Optional<JointLimits>> limits;

        Context(String name, String type, Parameters parameters, int loopRate, String robot,
                Function<String, Optional<JointLimits>> limits) {
            this.name = name;
            this.type = type;
            this.parameters = parameters;
            this.loopRate = loopRate;
            this.robot = robot;
            this.limits = limits;
        }

        @Override
        public String robot() {
            return robot;
        }

        @Override
        public Optional<JointLimits> jointLimits(String joint) {
            return limits.apply(joint);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String type() {
            return type;
        }

        @Override
        public Parameters parameters() {
            return parameters;
        }

        void setParameters(Parameters p) {
            parameters = p;
        }

        @Override
        public int loopRate() {
            return loopRate;
        }
    }
}
