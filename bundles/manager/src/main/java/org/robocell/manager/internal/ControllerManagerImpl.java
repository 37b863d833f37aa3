package org.robocell.manager.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

import org.robocell.api.text.Suggestions;
import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.ResourceManager;

/**
 * The controller manager of one robot loop (ros2_control's {@code ControllerManager}), off the loop: the
 * {@link ControllerManager} service, made of the parts it delegates to.
 * <ul>
 * <li>{@link ManagerState}: what the parts share, and the one lock that serializes operations (never taken by the
 * loop);</li>
 * <li>{@link ControllerLifecycle}: load, configure, cleanup, unload, parameters;</li>
 * <li>{@link SwitchPlanner}: a switch request checked and turned into a {@link SwitchPlan};</li>
 * <li>{@link CommitTracker}: the one {@link Commit} in flight, handed to the loop and answered off it;</li>
 * <li>{@link HardwareTransitions}: components added, removed and taken through their lifecycle;</li>
 * <li>{@link Reloads}: hot swap of controller code, and types that go away;</li>
 * <li>{@link PlanBuilder}: the {@link CyclePlan} the loop runs;</li>
 * <li>{@link Snapshots}: immutable views for the shell;</li>
 * <li>{@link ServiceWork}: the service side ({@link #drain}), on the loop's service thread or on the test thread after
 * each stepped cycle: answered commits completed, timeouts applied, the failures the loop flagged handled.</li>
 * </ul>
 */
public final class ControllerManagerImpl implements ControllerManager {

    private final ManagerState state;
    private final CommitTracker commits;
    private final PlanBuilder plans;
    private final SwitchPlanner planner;
    private final ControllerLifecycle lifecycle;
    private final HardwareTransitions hardware;
    private final Reloads reloads;
    private final Snapshots snapshots;
    private final ServiceWork service;

    public ControllerManagerImpl(LoopConfig config, ControllerSource source, LongSupplier ticker) {
        this.state = new ManagerState(config, source, ticker);
        this.commits = new CommitTracker(state);
        this.plans = new PlanBuilder(state);
        this.planner = new SwitchPlanner(state, commits);
        this.lifecycle = new ControllerLifecycle(state, plans);
        this.hardware = new HardwareTransitions(state, commits, plans, planner);
        this.reloads = new Reloads(state, commits, plans, planner, lifecycle);
        this.snapshots = new Snapshots(state);
        this.service = new ServiceWork(state, commits, hardware);
    }

    /** The loop this manager drives, for the loop runner and stepped clocks. */
    ControlLoop loop() {
        return state.loop;
    }

    /** The resource manager of the loop (for white-box tests of this bundle). */
    public ResourceManager resources() {
        return state.rm;
    }

    public void setRunning(boolean running) {
        state.running = running;
    }

    /** The loop group whose thread runs this loop's cycles, empty when it has its own (for its statistics). */
    void setLoopGroup(String group) {
        state.stats.loopGroup = group == null ? "" : group;
    }

    public void setControllerSource(ControllerSource source) {
        state.source = source;
    }

    /** While this answers true (the runtime shutting down), a hardware failure is expected and logged at DEBUG. */
    public void setShuttingDown(BooleanSupplier shuttingDown) {
        state.shuttingDown = shuttingDown;
    }

    public void setDeclarations(Collection<Declaration> declared) {
        Map<String, Declaration> m = new LinkedHashMap<>();
        for (Declaration d : declared) {
            m.put(d.name(), d);
        }
        state.declarations = Map.copyOf(m);
    }

    public void setPluginAvailability(Predicate<String> available) {
        state.pluginAvailable = available;
    }

    /** For the cell: a component of this robot, initialized (UNCONFIGURED, or FINALIZED when its init failed). */
    public ManagedHardware addHardware(HardwareInfo info, HardwareComponent component) {
        return hardware.add(info, component);
    }

    /** For the cell: a component whose driver went away; its users go out at a cycle boundary, commands holding. */
    public CompletionStage<Result> removeHardware(String name) {
        return hardware.remove(name);
    }

    /** For the cell: a controller type went away; its instances go out as if failed, then are unloaded. */
    public CompletionStage<Result> typeRemoved(String type) {
        return reloads.typeRemoved(type);
    }

    /** For the cell: code went away; the instances still running it go out as if failed, then are unloaded. */
    public CompletionStage<Result> codeRemoved(ClassLoader loader, java.util.Collection<String> names, String code) {
        return reloads.codeRemoved(loader, names, code);
    }

    @Override
    public String robot() {
        return state.robot();
    }

    @Override
    public int updateRate() {
        return state.config.rate();
    }

    @Override
    public Map<String, String> declaredControllers() {
        return state.declaredTypes();
    }

    @Override
    public List<String> types() {
        ControllerSource s = state.source;
        return s == null ? List.of() : List.copyOf(new TreeSet<>(s.types()));
    }

    @Override
    public Result load(String name) {
        return load(name, null);
    }

    @Override
    public Result load(String name, String type) {
        if (name == null || name.isBlank()) {
            return Result.failed(Reason.INVALID_NAME, "a controller needs a name");
        }
        String badName = ControllerNameRule.problem(name);
        if (badName != null) {
            return Result.failed(Reason.INVALID_NAME, badName);
        }
        commits.lockSettled();
        try {
            return lifecycle.load(name, type);
        } finally {
            commits.unlock();
        }
    }

    @Override
    public Result configure(String name) {
        return withController(name, lifecycle::configure);
    }

    @Override
    public Result cleanup(String name) {
        return withController(name, lifecycle::cleanup);
    }

    @Override
    public Result unload(String name) {
        return withController(name, lifecycle::unload);
    }

    @Override
    public Result setParameters(String name, Map<String, ?> values) {
        return withController(name, mc -> {
            String refused = ParameterGate.refusal(name, mc.controller, mc.context.parameters(), values);
            return refused != null ? Result.failed(Reason.INVALID_ARGUMENT, refused) : lifecycle.setParameters(mc, values);
        });
    }

    private Result withController(String name, java.util.function.Function<ManagedController, Result> step) {
        commits.lockSettled();
        try {
            ManagedController mc = state.controller(name);
            return mc == null ? unknown(name) : step.apply(mc);
        } finally {
            commits.unlock();
        }
    }

    private Result unknown(String name) {
        return Result.failed(Reason.UNKNOWN_NAME, "Controller '" + name + "' is not loaded"
                + Suggestions.didYouMean(name, state.controllers.keySet()));
    }

    @Override
    public CompletionStage<Result> reload(String name) {
        commits.lockSettled();
        try {
            ManagedController old = state.controller(name);
            return old == null ? CompletableFuture.completedFuture(unknown(name)) : reloads.reload(old);
        } finally {
            commits.unlock();
        }
    }

    @Override
    public CompletionStage<SwitchResult> switchControllers(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles) {
        commits.lockSettled();
        try {
            SwitchPlan plan = planner.plan(activate == null ? List.of() : activate,
                    deactivate == null ? List.of() : deactivate, strictness == null ? Strictness.STRICT : strictness,
                    timeoutCycles);
            return plan.start(commits);
        } finally {
            commits.unlock();
        }
    }

    /**
     * Waits for the loop's answer, running the service work meanwhile: when no loop or service thread is cycling,
     * the timeouts still fire and the caller gets "Switch controller timed out" instead of waiting forever.
     */
    @Override
    public SwitchResult switchControllersAndWait(List<String> activate, List<String> deactivate,
            Strictness strictness, int timeoutCycles) {
        return commits.await(switchControllers(activate, deactivate, strictness, timeoutCycles), this::drain);
    }

    @Override
    public CompletionStage<HardwareStateResult> requestHardwareState(String name, LifecycleState target) {
        return hardware.request(name, target);
    }

    @Override
    public HardwareStateResult setHardwareState(String name, LifecycleState target) {
        return commits.await(requestHardwareState(name, target), this::drain);
    }

    @Override
    public List<ControllerSnapshot> controllers() {
        return snapshots.controllers();
    }

    @Override
    public Optional<ControllerSnapshot> controller(String name) {
        return snapshots.controller(name);
    }

    @Override
    public ChainGraph chains() {
        return snapshots.chains();
    }

    @Override
    public List<HardwareSnapshot> hardware() {
        return snapshots.hardware();
    }

    @Override
    public Optional<HardwareSnapshot> hardware(String name) {
        return snapshots.hardware(name);
    }

    @Override
    public List<InterfaceSnapshot> interfaces() {
        return snapshots.interfaces();
    }

    @Override
    public LoopStats stats() {
        return snapshots.stats();
    }

    @Override
    public void resetStats() {
        snapshots.resetStats();
    }

    /**
     * Off the loop: completes a committed switch, times out one the loop did not take, handles the hardware and
     * controller failures the loop flagged. Allocates nothing when there is nothing to do.
     */
    public void drain() {
        service.drain();
    }

    /** For tests: the loop's cycle count. */
    public long cycles() {
        return state.loop.cycles();
    }
}
