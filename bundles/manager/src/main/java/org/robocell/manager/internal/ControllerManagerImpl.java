package org.robocell.manager.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.resources.InterfaceEntry;
import org.robocell.resources.ManagedHardware;
import org.robocell.resources.ModeSwitch;
import org.robocell.resources.RateRule;
import org.robocell.resources.ResourceException;
import org.robocell.resources.ResourceManager;

/**
 * The controller manager of one robot loop (ros2_control's {@code ControllerManager}), off the loop.
 * <p>
 * Operations are serialized by one lock that only non-real-time threads take; the loop never takes it. Each
 * operation that changes what the loop runs builds a new {@link CyclePlan} and hands it over; a switch (or a
 * forced deactivation) rides on a plan as a {@link Commit} that the loop commits at the next cycle boundary. Only
 * one commit is in flight at a time: the next operation waits for it (bounded). The service side ({@link #drain})
 * completes the requester's future once the loop has committed, applies timeouts, and runs the hardware error
 * handling the loop flagged; it runs on the loop's service thread, or on the test thread after each stepped cycle.
 */
public final class ControllerManagerImpl implements ControllerManager {

    private static final System.Logger LOG = System.getLogger("org.robocell.manager");
    private static final String NOTHING_TO_SWITCH =
            "After checking the controllers, no controllers need to be activated or deactivated.";

    private final LoopConfig config;
    private final ResourceManager rm;
    private final LoopStatistics stats;
    private final ControlLoop loop;
    private final LongSupplier ticker;
    private final ReentrantLock opLock = new ReentrantLock();
    private final Object drainLock = new Object();
    private final Map<String, ManagedController> controllers = new LinkedHashMap<>();
    private volatile List<ManagedController> controllerList = List.of();
    private final Set<String> hardwareInTransition = new HashSet<>();
    /** New instances of controllers being reloaded, in the plan next to the old ones until the swap. */
    private final List<ManagedController> reloading = new ArrayList<>();
    private volatile ControllerSource source;
    private volatile java.util.function.BooleanSupplier shuttingDown = () -> false;
    private volatile Map<String, Declaration> declarations = Map.of();
    private volatile Predicate<String> pluginAvailable = p -> true;
    private volatile Commit inFlight;
    private volatile ChainResolver chain = ChainResolver.resolve(List.of(), null);
    private CyclePlan lastPlan = CyclePlan.empty();
    private int loadCounter;
    private volatile boolean running;

    public ControllerManagerImpl(LoopConfig config, ControllerSource source, LongSupplier ticker) {
        this.config = config;
        this.rm = new ResourceManager(config.slotCapacity(), config.rate());
        this.rm.setAllowActivationOnInactiveHardware(config.allowActivationOnInactiveHardware());
        this.stats = new LoopStatistics(1_000_000_000L / config.rate());
        this.loop = new ControlLoop(config.robot(), config.rate(), rm, stats);
        this.source = source;
        this.ticker = ticker;
    }

    public ResourceManager resources() {
        return rm;
    }

    /** The cycle, for the loop runner and stepped clocks. */
    public void runCycle(long nowNanos, long latenessNanos) {
        loop.runCycle(nowNanos, latenessNanos);
    }

    /** Loop thread only: whether the last cycle read a hardware component. */
    public boolean hardwarePaced() {
        return loop.hardwarePaced;
    }

    public long periodNanos() {
        return loop.periodNanos();
    }

    public void setWakeService(Runnable wake) {
        loop.setWakeService(wake);
    }

    public void setRunning(boolean running) {
        this.running = running;
    }

    public void setControllerSource(ControllerSource source) {
        this.source = source;
    }

    /** While this answers true (the runtime shutting down), a hardware failure is expected and logged at DEBUG. */
    public void setShuttingDown(java.util.function.BooleanSupplier shuttingDown) {
        this.shuttingDown = shuttingDown;
    }

    public void setDeclarations(Collection<Declaration> declared) {
        Map<String, Declaration> m = new LinkedHashMap<>();
        for (Declaration d : declared) {
            m.put(d.name(), d);
        }
        declarations = Map.copyOf(m);
    }

    public void setPluginAvailability(Predicate<String> available) {
        pluginAvailable = available;
    }

    // ======================================================================================== hardware (cell)

    /** Adds a hardware component (initialized, UNCONFIGURED or FINALIZED afterwards). */
    public ManagedHardware addHardware(HardwareInfo info, HardwareComponent component) {
        lockSettled();
        try {
            ManagedHardware hw = rm.addHardware(info, component);
            rebuildPlan();
            return hw;
        } finally {
            opLock.unlock();
        }
    }

    /**
     * Removes a hardware component whose driver went away: controllers using it are deactivated at a cycle boundary
     * (their other command interfaces hold), the component is shut down off the loop and its slots freed.
     */
    public CompletionStage<Result> removeHardware(String name) {
        CompletionStage<HardwareStateResult> down = requestHardwareState(name, LifecycleState.FINALIZED);
        return down.thenApply(r -> {
            lockSettled();
            try {
                ManagedHardware hw = rm.hardware(name);
                if (hw != null) {
                    hw.detachFromLoop();
                    loop.awaitBoundary(5_000_000_000L);
                    rm.removeHardware(name);
                    rebuildPlan();
                }
                return new Result(true, "removed hardware component '" + name + "' (" + r.message() + ")");
            } finally {
                opLock.unlock();
            }
        });
    }

    // ======================================================================================== controllers

    @Override
    public String robot() {
        return config.robot();
    }

    @Override
    public int updateRate() {
        return config.rate();
    }

    @Override
    public Map<String, String> declaredControllers() {
        Map<String, String> m = new LinkedHashMap<>();
        declarations.forEach((n, d) -> m.put(n, d.type()));
        return m;
    }

    @Override
    public List<String> types() {
        ControllerSource s = source;
        return s == null ? List.of() : List.copyOf(new TreeSet<>(s.types()));
    }

    @Override
    public Result load(String name) {
        return load(name, null);
    }

    @Override
    public Result load(String name, String type) {
        if (name == null || name.isBlank()) {
            return Result.failed("a controller needs a name");
        }
        lockSettled();
        try {
            if (controllers.containsKey(name)) {
                return Result.failed("A controller named '" + name + "' was already loaded");
            }
            Declaration d = declarations.get(name);
            String t = type != null && !type.isBlank() ? type : d == null ? null : d.type();
            if (t == null) {
                return Result.failed("Controller '" + name + "' is not declared in the controllers file and no type was given"
                        + Names.suggest(name, declarations.keySet()));
            }
            List<String> fallbacks = d == null ? List.of() : d.fallbackControllers();
            if (fallbacks.contains(name)) {
                return Result.failed("Controller '" + name + "' lists itself in its fallback_controllers; it cannot be loaded");
            }
            ControllerSource src = source;
            Controller c;
            try {
                c = src == null ? null : src.create(t);
            } catch (RuntimeException e) {
                return Result.failed("Controller type '" + t + "' failed to create an instance: " + e);
            }
            if (c == null) {
                Collection<String> known = src == null ? List.of() : src.types();
                return Result.failed("Controller type '" + t + "' is not installed" + Names.suggest(t, known));
            }
            Parameters params = d == null ? Parameters.empty(config.robot() + ": " + name) : d.parameters();
            ManagedController mc = new ManagedController(name, t, c, fallbacks, loadCounter++, params, config.rate());
            CallbackReturn r = call(() -> c.onInit(mc.context), mc);
            if (r != CallbackReturn.SUCCESS) {
                return Result.failed("Controller '" + name + "' failed to initialize (onInit answered " + r + ")"
                        + reason(mc));
            }
            controllers.put(name, mc);
            controllerList = List.copyOf(controllers.values());
            return Result.ok("Loaded controller '" + name + "' of type '" + t + "'; it is unconfigured");
        } finally {
            opLock.unlock();
        }
    }

    @Override
    public Result configure(String name) {
        lockSettled();
        try {
            ManagedController mc = controllers.get(name);
            if (mc == null) {
                return unknown(name);
            }
            int code = mc.code();
            if (code == ManagedController.ACTIVE) {
                return Result.failed("Controller '" + name + "' is active; deactivate it before configuring it again");
            }
            if (code == ManagedController.FINALIZED || code == ManagedController.BUSY) {
                return Result.failed("Controller '" + name + "' is " + mc.lifecycleState() + " and cannot be configured");
            }
            if (code == ManagedController.INACTIVE) {
                Result cleaned = cleanupInternal(mc);
                if (!cleaned.ok()) {
                    return cleaned;
                }
            }
            Result r = configureFresh(mc);
            if (r.ok()) {
                rebuildPlan();
            }
            return r;
        } finally {
            opLock.unlock();
        }
    }

    /** UNCONFIGURED → INACTIVE (onConfigure, rate, interfaces, exports, chain check); does not hand over a plan. */
    private Result configureFresh(ManagedController mc) {
        String name = mc.name;
        if (!mc.enterBusy(ManagedController.UNCONFIGURED)) {
            return Result.failed("Controller '" + name + "' is changing state; try again");
        }
        CallbackReturn r = call(() -> mc.controller.onConfigure(LifecycleState.UNCONFIGURED), mc);
        if (r != CallbackReturn.SUCCESS) {
            if (r == CallbackReturn.ERROR) {
                errorHandling(mc, LifecycleState.UNCONFIGURED);
            } else {
                mc.set(ManagedController.UNCONFIGURED);
            }
            return Result.failed("Controller '" + name + "' failed to configure (onConfigure answered " + r + ")"
                    + reason(mc));
        }
        String problem = adoptConfiguration(mc);
        if (problem != null) {
            rm.removeControllerInterfaces(mc.name);
            mc.ownEntries = new InterfaceEntry[0];
            call(() -> mc.controller.onCleanup(LifecycleState.INACTIVE), mc);
            mc.set(ManagedController.UNCONFIGURED);
            mc.lastError = problem;
            return Result.failed("Controller '" + name + "' failed to configure: " + problem);
        }
        mc.set(ManagedController.INACTIVE);
        return Result.ok("Configured controller '" + name + "'" + rateNote(mc) + "; it is inactive");
    }

    private String rateNote(ManagedController mc) {
        int requested = mc.context.parameters().getInt("update_rate", 0);
        if (requested > config.rate()) {
            return " (update_rate " + requested + " Hz is above the loop rate: it runs every cycle at " + config.rate() + " Hz)";
        }
        if (requested > 0 && requested != mc.rate) {
            return " (update_rate " + requested + " Hz does not divide the loop rate " + config.rate()
                    + " Hz: it runs at " + mc.rate + " Hz)";
        }
        return "";
    }

    /** Reads rate and interfaces after a successful onConfigure; null, or what is wrong. */
    private String adoptConfiguration(ManagedController mc) {
        try {
            int requested = mc.context.parameters().getInt("update_rate", 0);
            if (requested < 0) {
                return "update_rate must not be negative, got " + requested;
            }
            mc.rate = RateRule.effectiveRate(requested, config.rate());
            InterfaceConfiguration cc = mc.controller.commandInterfaceConfiguration();
            InterfaceConfiguration sc = mc.controller.stateInterfaceConfiguration();
            mc.commandConfig = cc == null ? InterfaceConfiguration.NONE : cc;
            mc.stateConfig = sc == null ? InterfaceConfiguration.NONE : sc;
            String dup = duplicate(mc.commandConfig.names());
            if (dup != null) {
                return "the command interface '" + dup + "' is listed twice";
            }
            dup = duplicate(mc.stateConfig.names());
            if (dup != null) {
                return "the state interface '" + dup + "' is listed twice";
            }
            if (mc.chainable != null) {
                List<String> refs = List.copyOf(mc.chainable.exportReferenceInterfaces());
                List<String> exported = List.copyOf(mc.chainable.exportStateInterfaces());
                if (refs.isEmpty() && exported.isEmpty()) {
                    return "a chainable controller must export reference or state interfaces, it exports none";
                }
                for (String n : concat(refs, exported)) {
                    if (!n.startsWith(mc.name + "/")) {
                        return "the exported interface '" + n + "' must start with the controller's name '" + mc.name + "/'";
                    }
                }
                rm.addControllerInterfaces(mc.name, refs, exported);
                mc.references = refs;
                mc.exportedStates = exported;
                mc.ownEntries = rm.controllerInterfaces(mc.name).toArray(new InterfaceEntry[0]);
            }
            List<ManagedController> configured = new ArrayList<>();
            for (ManagedController c : controllers.values()) {
                if (c == mc || c.isConfigured()) {
                    configured.add(c);
                }
            }
            ChainResolver r = ChainResolver.resolve(configured, rm);
            if (!r.cycle.isEmpty()) {
                return "it would close the controller chain cycle " + String.join(" -> ", r.cycle);
            }
            return null;
        } catch (ResourceException | IllegalArgumentException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String duplicate(List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                return n;
            }
        }
        return null;
    }

    @Override
    public Result cleanup(String name) {
        lockSettled();
        try {
            ManagedController mc = controllers.get(name);
            if (mc == null) {
                return unknown(name);
            }
            int code = mc.code();
            if (code == ManagedController.UNCONFIGURED) {
                return Result.ok("Controller '" + name + "' is unconfigured already");
            }
            if (code == ManagedController.ACTIVE) {
                return Result.failed("Controller '" + name + "' is active; deactivate it before cleaning it up");
            }
            if (code != ManagedController.INACTIVE) {
                return Result.failed("Controller '" + name + "' is " + mc.lifecycleState() + " and cannot be cleaned up");
            }
            Result r = cleanupInternal(mc);
            rebuildPlan();
            return r;
        } finally {
            opLock.unlock();
        }
    }

    private Result cleanupInternal(ManagedController mc) {
        if (!mc.enterBusy(ManagedController.INACTIVE)) {
            return Result.failed("Controller '" + mc.name + "' is " + mc.lifecycleState() + " and cannot be cleaned up");
        }
        CallbackReturn r = call(() -> mc.controller.onCleanup(LifecycleState.INACTIVE), mc);
        if (r == CallbackReturn.FAILURE) {
            mc.set(ManagedController.INACTIVE);
            return Result.failed("Controller '" + mc.name + "' failed to clean up (onCleanup answered FAILURE)" + reason(mc));
        }
        rm.removeControllerInterfaces(mc.name);
        mc.ownEntries = new InterfaceEntry[0];
        mc.references = List.of();
        mc.exportedStates = List.of();
        mc.prepared = null;
        if (r == CallbackReturn.ERROR) {
            errorHandling(mc, LifecycleState.INACTIVE);
            return Result.failed("Controller '" + mc.name + "' failed to clean up (onCleanup answered ERROR)" + reason(mc));
        }
        mc.set(ManagedController.UNCONFIGURED);
        return Result.ok("Cleaned up controller '" + mc.name + "'; it is unconfigured");
    }

    private void errorHandling(ManagedController mc, LifecycleState previous) {
        CallbackReturn e = call(() -> mc.controller.onError(previous), mc);
        mc.set(e == CallbackReturn.SUCCESS ? ManagedController.UNCONFIGURED : ManagedController.FINALIZED);
    }

    @Override
    public Result unload(String name) {
        lockSettled();
        try {
            ManagedController mc = controllers.get(name);
            if (mc == null) {
                return unknown(name);
            }
            return unloadInternal(mc);
        } finally {
            opLock.unlock();
        }
    }

    private Result unloadInternal(ManagedController mc) {
        int code = mc.code();
        if (code == ManagedController.ACTIVE) {
            return Result.failed("Controller '" + mc.name + "' can not be unloaded because it is still active");
        }
        if (code == ManagedController.BUSY) {
            return Result.failed("Controller '" + mc.name + "' is changing state; try again");
        }
        if (code == ManagedController.INACTIVE) {
            Result r = cleanupInternal(mc);
            if (!r.ok() && mc.code() == ManagedController.INACTIVE) {
                return r;
            }
        }
        if (mc.code() != ManagedController.FINALIZED) {
            call(() -> mc.controller.onShutdown(mc.lifecycleState()), mc);
            mc.set(ManagedController.FINALIZED);
        }
        controllers.remove(mc.name);
        controllerList = List.copyOf(controllers.values());
        rebuildPlan();
        return Result.ok("Unloaded controller '" + mc.name + "'");
    }

    @Override
    public Result setParameters(String name, Map<String, ?> values) {
        lockSettled();
        try {
            ManagedController mc = controllers.get(name);
            if (mc == null) {
                return unknown(name);
            }
            Parameters p = mc.context.parameters();
            for (Map.Entry<String, ?> e : values.entrySet()) {
                p = p.with(e.getKey(), e.getValue());
            }
            if (mc.isActive()) {
                Set<String> live = mc.controller.liveParameters();
                for (String k : values.keySet()) {
                    if (live == null || !live.contains(k)) {
                        return Result.failed("Controller '" + name + "' is active and parameter '" + k
                                + "' cannot change while it is; live parameters: " + (live == null ? Set.of() : new TreeSet<>(live)));
                    }
                }
                boolean accepted;
                try {
                    accepted = mc.controller.onParametersChanged(p);
                } catch (RuntimeException e) {
                    return Result.failed("Controller '" + name + "' refused the parameters: " + e.getMessage());
                }
                if (!accepted) {
                    return Result.failed("Controller '" + name + "' refused the parameters" + reason(mc));
                }
                mc.context.setParameters(p);
                return Result.ok("Controller '" + name + "' took the parameters while active");
            }
            mc.context.setParameters(p);
            return Result.ok("Controller '" + name + "' takes the parameters at its next configure");
        } finally {
            opLock.unlock();
        }
    }

    /**
     * A controller type went away (its bundle stopped): its ACTIVE instances are deactivated at a cycle boundary as
     * if their update had failed (chain group deactivated, command interfaces holding, fallbacks activated), then
     * every instance is cleaned up, shut down and unloaded.
     */
    public CompletionStage<Result> typeRemoved(String type) {
        lockSettled();
        List<ManagedController> gone = new ArrayList<>();
        Commit commit = null;
        try {
            for (ManagedController mc : controllers.values()) {
                if (mc.type.equals(type)) {
                    gone.add(mc);
                }
            }
            List<ManagedController> active = gone.stream().filter(ManagedController::isActive).toList();
            if (!active.isEmpty()) {
                commit = forcedCommit(active, true);
            }
        } finally {
            opLock.unlock();
        }
        CompletableFuture<SwitchResult> first = commit == null
                ? CompletableFuture.completedFuture(new SwitchResult(true, "", List.of(), List.of(), -1))
                : commit.future;
        return first.thenApply(r -> {
            lockSettled();
            try {
                List<String> names = new ArrayList<>();
                for (ManagedController mc : gone) {
                    if (controllers.get(mc.name) == mc) {
                        unloadInternal(mc);
                        names.add(mc.name);
                    }
                }
                return new Result(r.ok(), "controller type '" + type + "' went away; unloaded " + names
                        + (r.ok() ? "" : ": " + r.message()));
            } finally {
                opLock.unlock();
            }
        });
    }

    private Result unknown(String name) {
        return Result.failed("Controller '" + name + "' is not loaded" + Names.suggest(name, controllers.keySet()));
    }

    private static String reason(ManagedController mc) {
        String r;
        try {
            r = mc.controller.lastError();
        } catch (RuntimeException e) {
            r = null;
        }
        if (r == null) {
            r = mc.lastError;
        }
        return r == null ? "" : ": " + r;
    }

    private static CallbackReturn call(Supplier<CallbackReturn> callback, ManagedController mc) {
        try {
            CallbackReturn r = callback.get();
            return r == null ? CallbackReturn.ERROR : r;
        } catch (RuntimeException | LinkageError e) {
            mc.lastError = "threw " + e;
            return CallbackReturn.ERROR;
        }
    }

    // ======================================================================================== switching

    @Override
    public CompletionStage<SwitchResult> switchControllers(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles) {
        lockSettled();
        try {
            Object v = validate(activate == null ? List.of() : activate, deactivate == null ? List.of() : deactivate,
                    strictness == null ? Strictness.STRICT : strictness, timeoutCycles);
            if (v instanceof SwitchResult r) {
                return CompletableFuture.completedFuture(r);
            }
            Commit c = (Commit) v;
            submit(c);
            return c.future.copy();
        } finally {
            opLock.unlock();
        }
    }

    /**
     * Waits for the loop's answer, running the service work meanwhile: when no loop or service thread is cycling,
     * the timeouts still fire and the caller gets "Switch controller timed out" instead of waiting forever.
     */
    @Override
    public SwitchResult switchControllersAndWait(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles) {
        return await(switchControllers(activate, deactivate, strictness, timeoutCycles));
    }

    @Override
    public HardwareStateResult setHardwareState(String name, LifecycleState target) {
        return await(requestHardwareState(name, target));
    }

    private <T> T await(CompletionStage<T> stage) {
        CompletableFuture<T> f = stage.toCompletableFuture();
        while (!f.isDone()) {
            drain();
            try {
                return f.get(10, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // keep draining
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for robot '" + config.robot() + "'", e);
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        return f.join();
    }

    private void submit(Commit c) {
        inFlight = c;
        loop.handOver(lastPlan.withCommit(c));
    }

    private Object validate(List<String> activateNames, List<String> deactivateNames, Strictness strictness,
            int timeoutCycles) {
        boolean strict = strictness == Strictness.STRICT;
        List<String> notes = new ArrayList<>();
        if (activateNames.isEmpty() && deactivateNames.isEmpty()) {
            return new SwitchResult(true, NOTHING_TO_SWITCH, List.of(), List.of(), -1);
        }
        List<ManagedController> a = new ArrayList<>();
        List<ManagedController> d = new ArrayList<>();
        String failure = resolve(activateNames, a, strict, notes);
        if (failure == null) {
            failure = resolve(deactivateNames, d, strict, notes);
        }
        if (failure != null) {
            return SwitchResult.failed(failure);
        }
        // deactivations must be active
        for (ManagedController mc : List.copyOf(d)) {
            if (!mc.isActive()) {
                String m = "Controller '" + mc.name + "' is not active";
                if (strict) {
                    return SwitchResult.failed(m + "; nothing was switched");
                }
                d.remove(mc);
                notes.add(m);
            }
        }
        // activations: state, fallbacks, following controllers; BEST_EFFORT drops until stable
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ManagedController mc : List.copyOf(a)) {
                String problem = activationProblem(mc, a, d);
                if (problem != null) {
                    if (strict) {
                        return SwitchResult.failed(problem);
                    }
                    a.remove(mc);
                    notes.add(problem);
                    changed = true;
                }
            }
            for (ManagedController mc : List.copyOf(d)) {
                String problem = deactivationProblem(mc, a, d);
                if (problem != null) {
                    if (strict) {
                        return SwitchResult.failed(problem);
                    }
                    d.remove(mc);
                    notes.add(problem);
                    changed = true;
                }
            }
        }
        if (a.isEmpty() && d.isEmpty()) {
            return new SwitchResult(true, NOTHING_TO_SWITCH + suffix(notes), List.of(), List.of(), -1);
        }
        // chained modes: a follower's mode follows whether an active controller will write its references
        Set<ManagedController> post = new LinkedHashSet<>();
        for (ManagedController mc : controllers.values()) {
            if (mc.isActive() && !d.contains(mc)) {
                post.add(mc);
            }
        }
        post.addAll(a);
        Map<ManagedController, Boolean> chainedAfter = new LinkedHashMap<>();
        for (ManagedController f : post) {
            if (f.chainable == null) {
                continue;
            }
            boolean want = false;
            for (ManagedController x : post) {
                Prepared p = a.contains(x) ? x.prepared : x.active;
                if (x != f && p != null && usesReferenceOf(p, f)) {
                    want = true;
                    break;
                }
            }
            if (!a.contains(f) && f.chained != want) {
                // set_chained_mode only while inactive: restart it within the same switch
                d.add(f);
                a.add(f);
            }
            chainedAfter.put(f, want);
        }
        // interfaces: one request fails as a whole, whatever the strictness
        Set<String> leaving = new HashSet<>();
        for (ManagedController mc : d) {
            leaving.add(mc.name);
        }
        Map<InterfaceEntry, ManagedController> willClaim = new LinkedHashMap<>();
        List<String> start = new ArrayList<>();
        List<String> stop = new ArrayList<>();
        for (ManagedController mc : a) {
            Prepared p = mc.prepared;
            if (p == null) {
                return SwitchResult.failed("Controller '" + mc.name + "' is not configured");
            }
            if (p.missingCommand != null) {
                return SwitchResult.failed("Unable to activate controller '" + mc.name + "' since the command interface '"
                        + p.missingCommand + "' is not available.");
            }
            for (InterfaceEntry e : p.commands) {
                if (e.kind() == Kind.COMMAND) {
                    if (!e.isAvailable() || hardwareInTransition.contains(e.owner())) {
                        return SwitchResult.failed("Unable to activate controller '" + mc.name
                                + "' since the command interface '" + e.name() + "' is not available.");
                    }
                    start.add(e.name());
                }
                String holder = e.claimedBy();
                if (holder != null && !leaving.contains(holder)) {
                    return SwitchResult.failed("Unable to activate controller '" + mc.name + "' since the command interface '"
                            + e.name() + "' is currently claimed by another controller.");
                }
                ManagedController other = willClaim.putIfAbsent(e, mc);
                if (other != null) {
                    return SwitchResult.failed("Unable to activate controller '" + mc.name + "' since the command interface '"
                            + e.name() + "' will be used by another controller that is being activated.");
                }
            }
        }
        for (ManagedController mc : d) {
            Prepared p = mc.active;
            if (p != null) {
                for (InterfaceEntry e : p.commands) {
                    if (e.kind() == Kind.COMMAND) {
                        stop.add(e.name());
                    }
                }
            }
        }
        ModeSwitch modeSwitch;
        try {
            modeSwitch = rm.prepareCommandModeSwitch(start, stop);
        } catch (ResourceException e) {
            return SwitchResult.failed("Could not switch controllers since prepare command mode switch was rejected. "
                    + e.getMessage());
        }
        // order: deactivate preceding first, activate following first
        List<ManagedController> planOrder = List.of(lastPlan.order);
        d.sort((x, y) -> Integer.compare(planOrder.indexOf(x), planOrder.indexOf(y)));
        a.sort((x, y) -> Integer.compare(planOrder.indexOf(y), planOrder.indexOf(x)));
        Prepared[] with = new Prepared[a.size()];
        boolean[] chainedModes = new boolean[a.size()];
        for (int i = 0; i < with.length; i++) {
            with[i] = a.get(i).prepared;
            chainedModes[i] = chainedAfter.getOrDefault(a.get(i), false);
        }
        int cycles = timeoutCycles > 0 ? timeoutCycles : config.defaultSwitchTimeoutCycles();
        Commit c = new Commit(false, strict, false, d.toArray(new ManagedController[0]),
                a.toArray(new ManagedController[0]), with, chainedModes, modeSwitch, loop.cycles(),
                ticker.getAsLong(), cycles, wallBound(cycles));
        c.notes = suffix(notes);
        return c;
    }

    private long wallBound(int cycles) {
        return Math.max(1_000_000_000L, 2L * cycles * loop.periodNanos());
    }

    private static boolean usesReferenceOf(Prepared p, ManagedController f) {
        for (InterfaceEntry e : p.commands) {
            if (e.kind() == Kind.REFERENCE && e.owner() == f.name) {
                return true;
            }
        }
        return false;
    }

    private static String suffix(List<String> notes) {
        return notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
    }

    private String resolve(List<String> names, List<ManagedController> into, boolean strict, List<String> notes) {
        if (names.isEmpty()) {
            return null;
        }
        for (String n : new LinkedHashSet<>(names)) {
            ManagedController mc = controllers.get(n);
            if (mc == null) {
                String m = "Controller '" + n + "' is not loaded" + Names.suggest(n, controllers.keySet());
                if (strict) {
                    return m + "; nothing was switched";
                }
                notes.add(m);
            } else {
                into.add(mc);
            }
        }
        if (into.isEmpty()) {
            return "None of the controllers " + names + " is loaded" + suffix(notes);
        }
        return null;
    }

    private String activationProblem(ManagedController mc, List<ManagedController> a, List<ManagedController> d) {
        int code = mc.code();
        if (code == ManagedController.ACTIVE && !d.contains(mc)) {
            return "Controller '" + mc.name + "' is already active";
        }
        if (code == ManagedController.UNCONFIGURED) {
            return "Controller '" + mc.name + "' is in 'unconfigured' state. The controller needs to be configured to be in"
                    + " 'inactive' state before it can be activated.";
        }
        if (code != ManagedController.INACTIVE && code != ManagedController.ACTIVE) {
            return "Controller '" + mc.name + "' is in '" + mc.lifecycleState() + "' state and cannot be activated";
        }
        for (String f : mc.fallbacks) {
            ManagedController fb = controllers.get(f);
            if (fb == null) {
                return "Controller '" + mc.name + "' cannot be activated: its fallback controller '" + f + "' is not loaded";
            }
            if (!fb.isConfigured()) {
                return "Controller '" + mc.name + "' cannot be activated: its fallback controller '" + f + "' is "
                        + fb.lifecycleState();
            }
        }
        Prepared p = mc.prepared;
        if (p == null) {
            return "Controller '" + mc.name + "' is not configured";
        }
        for (InterfaceEntry e : p.commands) {
            if (e.kind() == Kind.REFERENCE) {
                ManagedController f = controllers.get(e.owner());
                if (f == null || !((f.isActive() && !d.contains(f)) || a.contains(f))) {
                    return "Unable to activate controller '" + mc.name + "' since its following controller '" + e.owner()
                            + "' is not active and will not be activated";
                }
            }
        }
        for (InterfaceEntry e : p.states) {
            if (e.kind() == Kind.EXPORTED_STATE) {
                ManagedController f = controllers.get(e.owner());
                if (f == null || !((f.isActive() && !d.contains(f)) || a.contains(f))) {
                    return "Unable to activate controller '" + mc.name + "' since the controller '" + e.owner()
                            + "' whose state interface '" + e.name() + "' it reads is not active and will not be activated";
                }
            }
        }
        return null;
    }

    private String deactivationProblem(ManagedController mc, List<ManagedController> a, List<ManagedController> d) {
        for (ManagedController x : controllers.values()) {
            if (x == mc) {
                continue;
            }
            boolean staysActive = x.isActive() && !d.contains(x);
            boolean becomesActive = a.contains(x) && !a.contains(mc);
            Prepared p = becomesActive ? x.prepared : x.active;
            if ((staysActive || becomesActive) && p != null && p.uses(mc.name, false) && !a.contains(mc)) {
                return "Unable to deactivate controller '" + mc.name + "' since its preceding controller '" + x.name
                        + "' is currently active";
            }
        }
        return null;
    }

    /** A deactivation the loop does at a boundary with the command interfaces holding (no rollback). */
    private Commit forcedCommit(List<ManagedController> out, boolean withFallbacks) {
        List<ManagedController> planOrder = List.of(lastPlan.order);
        List<ManagedController> sorted = new ArrayList<>(out);
        sorted.sort((x, y) -> Integer.compare(planOrder.indexOf(x), planOrder.indexOf(y)));
        int cycles = config.defaultSwitchTimeoutCycles();
        Commit c = new Commit(true, false, withFallbacks, sorted.toArray(new ManagedController[0]),
                new ManagedController[0], new Prepared[0], new boolean[0], ModeSwitch.NONE, loop.cycles(),
                ticker.getAsLong(), cycles, wallBound(cycles));
        submit(c);
        return c;
    }

    private SwitchResult result(Commit c) {
        List<String> activated = new ArrayList<>();
        List<String> deactivated = new ArrayList<>();
        for (ManagedController mc : c.activate) {
            boolean restarted = false;
            for (ManagedController x : c.deactivate) {
                restarted |= x == mc;
            }
            if (mc.isActive() && !restarted) {
                activated.add(mc.name);
            }
        }
        for (ManagedController mc : c.deactivate) {
            if (!mc.isActive()) {
                deactivated.add(mc.name);
            }
        }
        if (c.forced) {
            return new SwitchResult(true, "Deactivated " + deactivated + " at cycle " + c.cycle, activated, deactivated, c.cycle);
        }
        switch (c.outcome) {
            case Commit.OK:
                return new SwitchResult(true, "Successfully switched controllers!" + c.notes, activated, deactivated, c.cycle);
            case Commit.STALE:
                return new SwitchResult(false, "Failed switching controllers: the controllers changed state before the loop"
                        + " committed the switch; nothing was switched", List.of(), List.of(), -1);
            case Commit.MODE_SWITCH_FAILED:
                return new SwitchResult(false, "Could not switch controllers since perform command mode switch of '"
                        + c.modeSwitch.componentName(c.modeFailedIndex) + "' failed; nothing was switched", List.of(),
                        List.of(), -1);
            case Commit.ROLLED_BACK:
                return new SwitchResult(false, "Failed switching controllers.... Unable to activate controllers: "
                        + failures(c) + "; the switch was rolled back, every controller is as it was before the request",
                        List.of(), List.of(), c.cycle);
            default:
                return new SwitchResult(false, "Failed switching controllers.... Unable to activate controllers: "
                        + failures(c) + "; activated " + activated + ", deactivated " + deactivated + c.notes, activated,
                        deactivated, c.cycle);
        }
    }

    private static String failures(Commit c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.activate.length; i++) {
            ManagedController mc = c.activate[i];
            String why = switch (c.activationCode[i]) {
                case Commit.ACT_OK, Commit.ACT_NOT_TRIED -> null;
                case Commit.ACT_CONFLICT -> "Resource conflict for controller '" + mc.name + "'. Command interface '"
                        + c.conflictInterface[i] + "' is already claimed.";
                case Commit.ACT_FAILURE -> "onActivate answered FAILURE" + reason(mc);
                case Commit.ACT_ERROR -> "onActivate answered ERROR" + reason(mc);
                case Commit.ACT_THREW -> "onActivate " + mc.lastError();
                case Commit.ACT_CHAINED_MODE_REFUSED -> "it refused chained mode " + c.chainedAfter[i];
                default -> "it was not inactive";
            };
            if (why != null) {
                out.add(mc.name + " (" + why + ")");
            }
        }
        return out.toString();
    }

    // ======================================================================================== reload (hot swap)

    @Override
    public CompletionStage<Result> reload(String name) {
        lockSettled();
        try {
            ManagedController old = controllers.get(name);
            if (old == null) {
                return CompletableFuture.completedFuture(unknown(name));
            }
            int code = old.code();
            if (code == ManagedController.BUSY || code == ManagedController.FINALIZED) {
                return CompletableFuture.completedFuture(Result.failed("Controller '" + name + "' is "
                        + old.lifecycleState() + " and cannot be reloaded"));
            }
            if (code == ManagedController.ACTIVE && old.chainable != null) {
                return CompletableFuture.completedFuture(Result.failed("Controller '" + name + "' is chainable and"
                        + " active; deactivate it (and the controllers chained to it) before reloading it"));
            }
            ControllerSource src = source;
            Controller c;
            try {
                c = src == null ? null : src.create(old.type);
            } catch (RuntimeException e) {
                return CompletableFuture.completedFuture(Result.failed("Controller type '" + old.type
                        + "' failed to create an instance: " + e));
            }
            if (c == null) {
                return CompletableFuture.completedFuture(Result.failed("Controller type '" + old.type
                        + "' is not installed; '" + name + "' keeps its code"));
            }
            if (c == old.controller) {
                return CompletableFuture.completedFuture(Result.failed("The factory of '" + old.type
                        + "' handed out the running instance again; nothing to reload"));
            }
            if (c.getClass() == old.controller.getClass()) {
                // the same class from the same class loader: the type is still served by the code that runs
                return CompletableFuture.completedFuture(Result.failed("Controller '" + name + "' already runs the newest"
                        + " code of type '" + old.type + "'; install a newer version of its bundle to reload it"));
            }
            ManagedController neu = new ManagedController(old.name, old.type, c, old.fallbacks, old.loadOrder,
                    old.context.parameters(), config.rate());
            CallbackReturn init = call(() -> c.onInit(neu.context), neu);
            if (init != CallbackReturn.SUCCESS) {
                return CompletableFuture.completedFuture(Result.failed("The new instance of '" + name
                        + "' failed to initialize (onInit answered " + init + ")" + reason(neu) + "; the old one stays"));
            }
            if (code == ManagedController.UNCONFIGURED) {
                replace(old, neu);
                return CompletableFuture.completedFuture(Result.ok("Reloaded controller '" + name + "'; it is unconfigured"));
            }
            if (code == ManagedController.INACTIVE) {
                Result cleaned = cleanupInternal(old);
                if (!cleaned.ok()) {
                    call(() -> c.onShutdown(LifecycleState.UNCONFIGURED), neu);
                    return CompletableFuture.completedFuture(cleaned);
                }
                replace(old, neu);
                Result configured = configureFresh(neu);
                rebuildPlan();
                return CompletableFuture.completedFuture(configured.ok()
                        ? Result.ok("Reloaded controller '" + name + "'; it is inactive")
                        : Result.failed("Reloaded controller '" + name + "' but " + configured.message()));
            }
            // ACTIVE: configure the new instance beside the old one, swap them at one cycle boundary
            Result configured = configureFresh(neu);
            if (!configured.ok()) {
                call(() -> c.onShutdown(neu.lifecycleState()), neu);
                return CompletableFuture.completedFuture(Result.failed(configured.message() + "; the old code keeps running"));
            }
            reloading.add(neu);
            rebuildPlan();
            Commit commit = swapCommit(old, neu);
            if (commit == null) {
                discard(neu);
                return CompletableFuture.completedFuture(Result.failed("The new instance of '" + name
                        + "' cannot take over the interfaces of the old one; the old code keeps running"));
            }
            submit(commit);
            return commit.future.thenApply(r -> finishReload(old, neu, r));
        } finally {
            opLock.unlock();
        }
    }

    private Commit swapCommit(ManagedController old, ManagedController neu) {
        Prepared p = neu.prepared;
        Prepared current = old.active;
        if (p == null || p.missingCommand != null || current == null) {
            return null;
        }
        List<String> start = new ArrayList<>();
        List<String> stop = new ArrayList<>();
        for (InterfaceEntry e : p.commands) {
            String holder = e.claimedBy();
            if (holder != null && holder != old.name) {
                return null;
            }
            if (e.kind() == Kind.COMMAND) {
                start.add(e.name());
            }
        }
        for (InterfaceEntry e : current.commands) {
            if (e.kind() == Kind.COMMAND) {
                stop.add(e.name());
            }
        }
        ModeSwitch modeSwitch;
        try {
            modeSwitch = rm.prepareCommandModeSwitch(start, stop);
        } catch (ResourceException e) {
            return null;
        }
        int cycles = config.defaultSwitchTimeoutCycles();
        return new Commit(false, true, false, new ManagedController[] {old}, new ManagedController[] {neu},
                new Prepared[] {p}, new boolean[] {false}, modeSwitch, loop.cycles(), ticker.getAsLong(), cycles,
                wallBound(cycles));
    }

    private Result finishReload(ManagedController old, ManagedController neu, SwitchResult r) {
        lockSettled();
        try {
            reloading.remove(neu);
            if (!r.ok() || !neu.isActive()) {
                discard(neu);
                rebuildPlan();
                return Result.failed("Reloading '" + old.name + "' failed, the old code keeps running: " + r.message());
            }
            replace(old, neu);
            if (old.code() == ManagedController.INACTIVE) {
                cleanupInternal(old);
            }
            call(() -> old.controller.onShutdown(old.lifecycleState()), old);
            old.set(ManagedController.FINALIZED);
            rebuildPlan();
            return Result.ok("Reloaded controller '" + old.name + "': the new code runs from cycle " + r.cycle());
        } finally {
            opLock.unlock();
        }
    }

    private void discard(ManagedController neu) {
        reloading.remove(neu);
        if (neu.code() == ManagedController.INACTIVE) {
            cleanupInternal(neu);
        }
        call(() -> neu.controller.onShutdown(neu.lifecycleState()), neu);
        neu.set(ManagedController.FINALIZED);
    }

    private void replace(ManagedController old, ManagedController neu) {
        controllers.put(old.name, neu);
        controllerList = List.copyOf(controllers.values());
        if (old.code() == ManagedController.UNCONFIGURED) {
            call(() -> old.controller.onShutdown(LifecycleState.UNCONFIGURED), old);
            old.set(ManagedController.FINALIZED);
        }
    }

    // ======================================================================================== hardware state

    @Override
    public CompletionStage<HardwareStateResult> requestHardwareState(String name, LifecycleState target) {
        lockSettled();
        try {
            ManagedHardware hw = rm.hardware(name);
            if (hw == null) {
                List<String> names = rm.hardware().stream().map(ManagedHardware::name).toList();
                return CompletableFuture.completedFuture(new HardwareStateResult(false, LifecycleState.UNKNOWN,
                        "Hardware component '" + name + "' does not exist" + Names.suggest(name, names)));
            }
            if (target == null || target == LifecycleState.UNKNOWN) {
                return CompletableFuture.completedFuture(new HardwareStateResult(false, hw.state(),
                        "'" + target + "' is not a state a hardware component can be set to"));
            }
            if (hardwareInTransition.contains(name)) {
                return CompletableFuture.completedFuture(new HardwareStateResult(false, hw.state(),
                        "Hardware component '" + name + "' is changing state already"));
            }
            LifecycleState from = hw.state();
            List<ManagedController> out = new ArrayList<>();
            if (from != target && from != LifecycleState.FINALIZED && target != LifecycleState.ACTIVE) {
                boolean commandsOnly = target == LifecycleState.INACTIVE;
                for (ManagedController mc : controllers.values()) {
                    Prepared p = mc.active;
                    if (mc.isActive() && p != null && p.uses(hw.name(), commandsOnly)) {
                        out.add(mc);
                    }
                }
                addDependents(out);
            }
            hardwareInTransition.add(name);
            if (out.isEmpty()) {
                return CompletableFuture.completedFuture(transition(hw, target, List.of()));
            }
            Commit c = forcedCommit(out, false);
            return c.future.thenApply(r -> {
                if (!r.ok()) {
                    lockSettled();
                    try {
                        hardwareInTransition.remove(name);
                    } finally {
                        opLock.unlock();
                    }
                    return new HardwareStateResult(false, hw.state(), "Could not deactivate the controllers using '"
                            + name + "': " + r.message());
                }
                return transition(hw, target, r.deactivated());
            });
        } finally {
            opLock.unlock();
        }
    }

    private void addDependents(List<ManagedController> out) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ManagedController x : controllers.values()) {
                Prepared p = x.active;
                if (out.contains(x) || !x.isActive() || p == null) {
                    continue;
                }
                for (ManagedController y : List.copyOf(out)) {
                    if (p.uses(y.name, false)) {
                        out.add(x);
                        changed = true;
                        break;
                    }
                }
            }
        }
    }

    private HardwareStateResult transition(ManagedHardware hw, LifecycleState target, List<String> deactivated) {
        opLock.lock();
        try {
            hw.detachFromLoop();
            if (!loop.awaitBoundary(5_000_000_000L)) {
                hw.attachToLoop();
                return new HardwareStateResult(false, hw.state(), "the loop did not reach a cycle boundary within 5 s");
            }
            HardwareStateResult r = rm.setComponentState(hw, target);
            hw.attachToLoop();
            rebuildPlan();
            if (!deactivated.isEmpty()) {
                r = new HardwareStateResult(r.ok(), r.state(), r.message() + "; deactivated controllers " + deactivated);
            }
            if (!r.ok()) {
                LOG.log(Level.WARNING, "robot {0}: {1}", config.robot(), r.message());
            }
            return r;
        } finally {
            hardwareInTransition.remove(hw.name());
            opLock.unlock();
        }
    }

    // ======================================================================================== plan

    /** Off the loop, under the lock: a new plan from the current model, handed over to the loop. */
    private void rebuildPlan() {
        List<ManagedController> configured = new ArrayList<>();
        for (ManagedController mc : controllers.values()) {
            if (mc.isConfigured()) {
                configured.add(mc);
            }
        }
        for (ManagedController mc : reloading) {
            if (mc.isConfigured()) {
                configured.add(mc);
            }
        }
        for (ManagedController mc : configured) {
            mc.prepared = Prepared.of(mc, rm);
        }
        ChainResolver r = ChainResolver.resolve(configured, rm);
        chain = r;
        List<ManagedController> order = new ArrayList<>(r.order);
        for (ManagedController mc : configured) {
            if (!order.contains(mc)) {
                order.add(mc);
            }
        }
        int n = order.size();
        int[] group = new int[n];
        ManagedController[][] fallbacks = new ManagedController[n][];
        boolean[][] chained = new boolean[n][];
        for (int i = 0; i < n; i++) {
            ManagedController mc = order.get(i);
            group[i] = r.group.getOrDefault(mc, -1 - i);
            List<ManagedController> fbs = new ArrayList<>();
            for (String f : mc.fallbacks) {
                ManagedController fb = controllers.get(f);
                if (fb != null && fb.isConfigured()) {
                    fbs.add(fb);
                }
            }
            fbs.sort((x, y) -> Integer.compare(order.indexOf(y), order.indexOf(x)));
            fallbacks[i] = fbs.toArray(new ManagedController[0]);
            chained[i] = new boolean[fbs.size()];
            for (int k = 0; k < fbs.size(); k++) {
                ManagedController f = fbs.get(k);
                for (ManagedController x : fbs) {
                    if (x != f && f.chainable != null && x.prepared != null && usesReferenceOf(x.prepared, f)) {
                        chained[i][k] = true;
                    }
                }
            }
        }
        List<ManagedHardware> hw = rm.hardware();
        lastPlan = new CyclePlan(hw.toArray(new ManagedHardware[0]), order.toArray(new ManagedController[0]), group,
                fallbacks, chained, null);
        loop.handOver(lastPlan);
    }

    /** Takes the operation lock once no commit is in flight (waiting for it, bounded). */
    private void lockSettled() {
        long deadline = ticker.getAsLong() + 30_000_000_000L;
        long realDeadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            opLock.lock();
            Commit c = inFlight;
            if (c != null && c.future.isDone() && opLock.getHoldCount() == 1) {
                // answered: let go of it, so the controllers it switched (and their bundles' code) can be collected
                inFlight = null;
                c = null;
            }
            if (c == null || c.future.isDone() || opLock.getHoldCount() > 1) {
                return;
            }
            opLock.unlock();
            drain();
            if (ticker.getAsLong() - deadline > 0 || System.nanoTime() - realDeadline > 0) {
                // give up waiting for the loop: fail the commit if it is still waiting
                if (loop.withdraw(c)) {
                    c.future.complete(SwitchResult.failed("Switch controller timed out: the loop is not running"));
                }
            }
            if (!c.future.isDone()) {
                LockSupport.parkNanos(100_000);
            }
        }
    }

    // ======================================================================================== service side

    /**
     * Off the loop: completes a committed switch, times out one the loop did not take, handles hardware failures
     * the loop flagged. Allocates nothing when there is nothing to do.
     */
    public void drain() {
        synchronized (drainLock) {
            Commit c = inFlight;
            if (c != null && !c.future.isDone()) {
                if (c.done) {
                    SwitchResult r = result(c);
                    if (!r.ok()) {
                        LOG.log(Level.DEBUG, "robot {0}: {1}", config.robot(), r.message());
                    }
                    c.future.complete(r);
                } else if (!c.taken && timedOut(c) && loop.withdraw(c)) {
                    String how = running && loop.cycles() > c.requestCycle
                            ? "Switch controller timed out after " + (loop.cycles() - c.requestCycle) + " cycles"
                            : "Switch controller timed out: the loop is not running";
                    c.future.complete(SwitchResult.failed(how));
                }
            }
            if (loop.takeServiceEvents()) {
                handleHardwareEvents();
            }
        }
    }

    private boolean timedOut(Commit c) {
        return loop.cycles() - c.requestCycle >= c.timeoutCycles || ticker.getAsLong() - c.requestNanos >= c.wallBoundNanos;
    }

    private void handleHardwareEvents() {
        for (ManagedHardware hw : rm.hardware()) {
            if (hw.pendingEvent() != ManagedHardware.PendingEvent.NONE) {
                opLock.lock();
                try {
                    ManagedHardware.PendingEvent e = hw.pendingEvent();
                    LifecycleState s = hw.handlePendingEvent();
                    hw.attachToLoop();
                    LOG.log(shuttingDown.getAsBoolean() ? Level.DEBUG : Level.WARNING,
                            "robot {0}: hardware component ''{1}'' failed ({2}) and is now {3}{4}",
                            config.robot(), hw.name(), e, s, hw.lastError() == null ? "" : ": " + hw.lastError());
                } finally {
                    opLock.unlock();
                }
            }
        }
        for (ManagedController mc : controllerList) {
            long errors = mc.errors;
            if (errors != mc.reportedErrors) {
                mc.reportedErrors = errors;
                String why = mc.lastError();
                LOG.log(Level.WARNING, "robot {0}: controller ''{1}'' failed in its update ({2}); it was deactivated with"
                        + " its chain group{3}", config.robot(), mc.name, why == null ? "answered ERROR" : why,
                        mc.fallbacks.isEmpty() ? " and its command interfaces hold" : ", fallbacks " + mc.fallbacks);
            }
        }
    }

    // ======================================================================================== snapshots

    @Override
    public List<ControllerSnapshot> controllers() {
        List<ControllerSnapshot> out = new ArrayList<>();
        for (ManagedController mc : controllerList) {
            out.add(snapshot(mc));
        }
        return List.copyOf(out);
    }

    @Override
    public Optional<ControllerSnapshot> controller(String name) {
        for (ManagedController mc : controllerList) {
            if (mc.name.equals(name)) {
                return Optional.of(snapshot(mc));
            }
        }
        return Optional.empty();
    }

    private ControllerSnapshot snapshot(ManagedController mc) {
        Prepared active = mc.active;
        Prepared prepared = mc.prepared;
        boolean isActive = mc.isActive();
        List<String> claimed = new ArrayList<>();
        if (isActive && active != null) {
            for (InterfaceEntry e : active.commands) {
                claimed.add(e.name());
            }
        }
        Prepared shown = isActive && active != null ? active : prepared;
        List<String> requiredCommands = shown == null ? mc.commandConfig.names() : shown.commandNames;
        List<String> requiredStates = shown == null ? mc.stateConfig.names() : shown.stateNames;
        return new ControllerSnapshot(mc.name, mc.type, mc.lifecycleState(), mc.isConfigured() ? mc.rate : 0, claimed,
                requiredCommands, requiredStates, mc.chainable != null, mc.chained, mc.references, mc.exportedStates,
                mc.fallbacks, mc.updates, mc.errors, mc.lastError() != null ? mc.lastError() : reasonOrNull(mc),
                mc.context.parameters());
    }

    private static String reasonOrNull(ManagedController mc) {
        String r = reason(mc);
        return r.isEmpty() ? null : r.substring(2);
    }

    @Override
    public ChainGraph chains() {
        ChainResolver r = chain;
        List<String> order = new ArrayList<>();
        for (ManagedController mc : r.order) {
            order.add(mc.name);
        }
        return new ChainGraph(r.edges, order);
    }

    @Override
    public List<HardwareSnapshot> hardware() {
        List<HardwareSnapshot> out = new ArrayList<>();
        for (ManagedHardware hw : rm.hardware()) {
            out.add(hw.snapshot(rm.slots(), pluginAvailable.test(hw.info().plugin())));
        }
        return List.copyOf(out);
    }

    @Override
    public Optional<HardwareSnapshot> hardware(String name) {
        ManagedHardware hw = rm.hardware(name);
        return hw == null ? Optional.empty()
                : Optional.of(hw.snapshot(rm.slots(), pluginAvailable.test(hw.info().plugin())));
    }

    @Override
    public List<InterfaceSnapshot> interfaces() {
        return rm.snapshot();
    }

    @Override
    public LoopStats stats() {
        long clamped = 0;
        long nonFinite = 0;
        for (ManagedHardware hw : rm.hardware()) {
            clamped += hw.clampedCommands();
            nonFinite += hw.nonFiniteCommands();
        }
        return stats.snapshot(config.robot(), config.clock(), config.rate(), running, clamped, nonFinite);
    }

    @Override
    public void resetStats() {
        stats.resetHistograms();
    }

    /** For tests: the loop's cycle count. */
    public long cycles() {
        return loop.cycles();
    }
}
