package org.robocell.cell.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.RobotDescription;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * One robot of the cell, assembled from its settings and the driver and controller factories present: the loop,
 * its hardware components (created when a factory for their plugin is there, removed when it goes), and the
 * controllers to load and activate at start, retried whenever a factory arrives, like a spawner
 * ({@link ControllerSpawner}).
 * <p>
 * Every method runs on one thread at a time (the robot's cell worker thread; a test's thread). Waits for the loop
 * are bounded; on a stepped clock the assembly steps the loop itself while it waits.
 */
final class RobotAssembly {

    private static final System.Logger LOG = System.getLogger("org.robocell.cell");
    private static final long WAIT_SECONDS = 30;

    private final RobotSettings settings;
    private final BooleanSupplier shuttingDown;
    private final FactoryRegistry factories = new FactoryRegistry();
    private final LastMeasured lastMeasured = new LastMeasured();
    /** The hardware components this robot created, with the key of the factory each came from. */
    private final Map<String, Object> componentCreator = new LinkedHashMap<>();
    private final ControllerSpawner spawner;
    private RobotDescription description;
    private Set<String> startUnconfigured = Set.of();
    private Set<String> startInactive = Set.of();
    private RobotLoop loop;
    private final RobotLifecycleMachine lifecycle;
    private Runnable whenUp = () -> { };
    private java.util.function.Consumer<String> whenWaitingChanges = w -> { };
    /** Component name to the line that says which plugin it waits for. */
    private final Map<String, String> missingPlugins = new LinkedHashMap<>();
    /** The plugin each component in {@link #missingPlugins} names, as its URDF writes it. */
    private final Map<String, String> missingPluginNames = new LinkedHashMap<>();
    private String waiting = "";
    /** The controller types the controllers file declares, in its order. */
    private final Set<String> declaredTypes = new LinkedHashSet<>();
    /** Types a load asked for by name (not declared) that no factory served then; any thread adds. */
    private final Set<String> askedTypes = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The declared and asked types no factory the worker has seen serves, as last reported. */
    private List<String> missingTypes = List.of();
    private java.util.function.Consumer<Runnable> onWorker = Runnable::run;
    private final Set<String> reportedWaiting = new LinkedHashSet<>();
    private java.util.function.Consumer<Runnable> reportLater = Runnable::run;
    private boolean up;

    RobotAssembly(RobotSettings settings) {
        this(settings, () -> false);
    }

    /**
     * @param shuttingDown whether the runtime is shutting down (the framework or the cell stopping): drivers and
     *                     controller types going away then, and hardware failing, are expected and logged at DEBUG
     */
    RobotAssembly(RobotSettings settings, BooleanSupplier shuttingDown) {
        this.settings = settings;
        this.shuttingDown = shuttingDown;
        this.spawner = new ControllerSpawner(settings.name());
        this.lifecycle = new RobotLifecycleMachine(settings, () -> loop == null ? null : loop.manager(),
                () -> description, () -> Set.copyOf(componentCreator.keySet()), this::await);
        factories.whenTypeMissing(type -> {
            if (askedTypes.add(type)) {
                onWorker.accept(this::reportIfWaitingChanged);
            }
        });
    }

    /** INFO (WARNING) while the cell runs; DEBUG while the runtime shuts down, when departures are expected. */
    private Level departure(Level running) {
        return shuttingDown.getAsBoolean() ? Level.DEBUG : running;
    }

    RobotLoop loop() {
        return loop;
    }

    ControllerManager manager() {
        return loop.manager();
    }

    String name() {
        return settings.name();
    }

    /** The parsed URDF and its {@code <ros2_control>} blocks; null before {@link #build()}. */
    RobotDescription description() {
        return description;
    }

    /**
     * Checks that a robot of these settings can be built (its URDF and controllers file parse, the namespace fits)
     * without building it.
     *
     * @throws org.robocell.description.DescriptionException or IllegalArgumentException naming what is wrong
     */
    static void validate(RobotSettings settings) {
        settings.description();
        controllersConfig(settings);
    }

    /** The robot's controllers files layered in order, for its namespace; null when it names none. */
    private static ControllersConfig controllersConfig(RobotSettings settings) {
        return settings.controllers().isEmpty() ? null
                : ControllersConfig.parse(settings.controllers(), settings.namespace(), settings.launchArgs());
    }

    /** Parses the files, builds and starts the loop; nothing is added or activated yet. */
    void build() {
        RobotDescription parsed = settings.description();
        Set<String> unprefixedJoints = Set.copyOf(parsed.robot().joints().keySet());
        description = JointPrefix.apply(parsed, settings.prefix());
        ControllersConfig controllers = controllersConfig(settings);
        if (controllers != null) {
            controllers.warnings().forEach(w -> LOG.log(Level.WARNING, "robot {0}: {1}", settings.name(), w));
        }
        int rate = settings.rate() > 0 ? settings.rate()
                : controllers != null ? controllers.updateRate() : ControllersConfig.DEFAULT_UPDATE_RATE;
        Set<String> unconfigured = new LinkedHashSet<>(settings.hardwareUnconfigured());
        Set<String> inactive = new LinkedHashSet<>(settings.hardwareInactive());
        if (controllers != null) {
            Parameters mp = controllers.managerParameters();
            unconfigured.addAll(mp.getStringList("hardware_components_initial_state.unconfigured", List.of()));
            inactive.addAll(mp.getStringList("hardware_components_initial_state.inactive", List.of()));
        }
        startUnconfigured = unconfigured;
        startInactive = inactive;
        // ros2_control's defaults.allow_controller_activation_with_inactive_hardware, or the robot's own setting
        boolean activationOnInactive = settings.allowActivationOnInactiveHardware() || controllers != null
                && controllers.managerParameters().getBoolean("defaults.allow_controller_activation_with_inactive_hardware",
                        false);
        loop = RobotLoop.create(new LoopConfig(settings.name(), rate, settings.clock(), settings.idle(),
                settings.slotCapacity(), activationOnInactive, settings.switchTimeoutCycles())
                .withRealTime(settings.loopPriority(), settings.loopCpus(), settings.loopLockMemory())
                .withBudget(settings.budgetMicros() * 1000L, settings.budgetOverruns())
                .inGroup(settings.loopGroup()),
                factories);
        if (controllers != null) {
            List<Declaration> declarations = new ArrayList<>();
            for (ControllerDeclaration d : controllers.controllers().values()) {
                // in a namespace, controller names carry it ("kr6/joint_trajectory_controller"), and so do the names
                // of their channels: two robots may run controllers of the same name
                if (d.type() != null && !d.type().isBlank()) {
                    declaredTypes.add(d.type());
                }
                declarations.add(new Declaration(settings.qualify(d.name()), d.type(),
                        d.fallbackControllers().stream().map(settings::qualify).toList(),
                        JointPrefix.apply(d.parameters(), unprefixedJoints, settings.prefix()), d.origins()));
            }
            loop.setDeclarations(declarations);
        }
        loop.setPluginAvailability(factories::pluginAvailable);
        loop.setShuttingDown(shuttingDown);
        loop.start();
        settings.load().forEach(spawner::load);
        if (settings.lifecycle() == null) {
            settings.activate().forEach(spawner::load);
            settings.activate().forEach(spawner::activate);
        } else {
            lifecycle.target(settings.lifecycle(), settings.controlMode());
        }
    }

    /** {@link #build()}, then brings up what it can (hardware, start controllers). */
    void start() {
        build();
        reconcile();
    }

    /** A driver arrived (worker): the components whose plugin it serves are added and brought to their start state. */
    void hardwareFactoryAdded(Object key, Collection<String> plugins, HardwareFactory factory) {
        factories.addHardwareFactory(key, plugins, factory);
        if (loop != null) {
            reconcile();
        }
    }

    /**
     * A driver went (worker): its components are removed, their last measured states kept for the driver that comes
     * back; the controllers that went down with them are activated again once it does.
     */
    void hardwareFactoryRemoved(Object key) {
        Set<String> gone = factories.removeHardwareFactory(key);
        if (gone == null || loop == null) {
            return;
        }
        Set<String> activeBefore = activeControllers();
        for (Map.Entry<String, Object> e : List.copyOf(componentCreator.entrySet())) {
            if (e.getValue().equals(key)) {
                manager().hardware(e.getKey()).ifPresent(lastMeasured::remember);
                Result r = await(loop.removeHardware(e.getKey()));
                componentCreator.remove(e.getKey());
                LOG.log(departure(Level.INFO), "robot {0}: driver for {1} went away: {2}", settings.name(), gone,
                        r.message());
            }
        }
        if (lifecycle.hasTarget()) {
            lifecycle.driverLeft();
        } else {
            Set<String> lost = new LinkedHashSet<>(activeBefore);
            lost.removeAll(activeControllers());
            lost.forEach(spawner::activate);
        }
        reconcile();
    }

    /**
     * A controller factory service is there (any thread, at its service event): instances of its types may be
     * created from it from now on, while its bundle is not stopping ({@code serving}). The cell's reaction,
     * {@link #controllerFactoryAdded}, follows on the worker.
     */
    void trackControllerFactory(long key, Collection<String> types, ControllerFactory factory, BooleanSupplier serving) {
        factories.trackControllerFactory(key, types, factory, serving);
    }

    /**
     * A controller factory service is going (any thread, at its service event): no instance is created from it from
     * now on. The cell's reaction, {@link #controllerFactoryRemoved}, follows on the worker.
     */
    void withdrawControllerFactory(long key) {
        factories.withdrawControllerFactory(key);
    }

    /** The worker's reaction to a controller factory's arrival: pending controllers of its types come up. */
    void controllerFactoryAdded(long key, Collection<String> types, ControllerFactory factory) {
        factories.trackControllerFactory(key, types, factory, () -> true);
        factories.announce(key);
        if (loop != null) {
            reconcile();
        }
    }

    /**
     * The worker's reaction to a controller factory's departure: the instances of each of its types move to another
     * factory that serves the type, or are unloaded, to be loaded (and activated, when they were) again once one does.
     */
    void controllerFactoryRemoved(long key) {
        FactoryRegistry.ControllerEntry gone = factories.removeControllerFactory(key);
        if (gone == null || loop == null) {
            return;
        }
        // instances still on the departed code after their move failed, taken out once every type has been moved (one
        // bundle's types share its code: taking out by code before then would catch instances still to be moved)
        Map<String, String> stuck = new LinkedHashMap<>();
        List<ControllerSnapshot> moved = new ArrayList<>();
        for (String type : gone.types) {
            List<ControllerSnapshot> instances = manager().controllers().stream().filter(c -> c.type().equals(type)).toList();
            // only a factory whose arrival the worker has seen takes the instances over: the reactions follow the
            // order of the service events (a bundle update unloads, then the new revision loads)
            if (factories.announcedServes(type)) {
                // another factory still serves the type: move the instances to its code, each at one cycle boundary
                for (ControllerSnapshot c : instances) {
                    Result r = await(manager().reload(c.name()));
                    LOG.log(r.ok() ? Level.INFO : r.reason() == Reason.SAME_CODE ? Level.DEBUG : Level.WARNING,
                            "robot {0}: {1}", settings.name(), r.message());
                    // SAME_CODE: the instance already runs the class the serving factory makes, not the departed code
                    if (!r.ok() && r.reason() != Reason.SAME_CODE) {
                        stuck.put(c.name(), MoveFailures.why(r.message()));
                    }
                }
                moved.addAll(instances);
                continue;
            }
            // also without instances, as it runs under the manager's lock: one that a load on another thread was
            // making from the gone factory while its bundle stopped is unloaded too
            Result r = await(loop.controllerTypeRemoved(type));
            LOG.log(instances.isEmpty() ? Level.DEBUG : departure(Level.INFO), "robot {0}: {1}", settings.name(),
                    r.message());
            for (ControllerSnapshot c : instances) {
                // loaded again (with the new code) as soon as a factory serves the type
                spawner.load(c.name());
                if (c.state() == LifecycleState.ACTIVE) {
                    spawner.activate(c.name());
                }
            }
        }
        takeOutGoneCode(gone.factory, stuck, moved);
        reconcile();
    }

    /**
     * After the instances of a departed factory's type were moved to the code that serves it now: those that still run
     * the departed bundle's code (their move failed) must not run it any longer. They go out as if failed (commands
     * holding, fallbacks in) and are unloaded, each with one line that says why; declared ones are loaded again with
     * the code that serves their type, inactive (the operator activates them when the robot may move again).
     */
    private void takeOutGoneCode(ControllerFactory departed, Map<String, String> stuck, List<ControllerSnapshot> instances) {
        if (stuck.isEmpty()) {
            return;
        }
        String code = CodeNames.of(departed.getClass());
        Set<String> before = new LinkedHashSet<>();
        manager().controllers().forEach(c -> before.add(c.name()));
        Result r = await(loop.controllerCodeRemoved(departed.getClass().getClassLoader(), stuck.keySet(), code));
        for (ControllerSnapshot c : instances) {
            if (!before.contains(c.name()) || manager().controller(c.name()).isPresent() || !stuck.containsKey(c.name())) {
                continue;
            }
            LOG.log(departure(Level.WARNING), "robot {0}: controller ''{1}'' ran code of {2}, which went away, and could"
                    + " not move to the code that serves ''{3}'' now ({4}); it is {5}; where the controllers file declares"
                    + " it, it is loaded again, inactive", settings.name(), c.name(), code, c.type(), stuck.get(c.name()),
                    c.state() == LifecycleState.ACTIVE ? "deactivated (its commands hold) and unloaded" : "unloaded");
            spawner.load(c.name());
        }
        if (!r.ok()) {
            LOG.log(Level.WARNING, "robot {0}: {1}", settings.name(), r.message());
        }
    }

    /**
     * Brings the robot as far up as the drivers and controller types present allow: adds missing hardware whose
     * driver is there (to its start state), loads and activates what is pending, advances the robot lifecycle.
     */
    void reconcile() {
        if (shuttingDown.getAsBoolean()) {
            return; // the runtime is stopping: its bundles go one by one, and nothing is brought up again
        }
        List<String> added = new ArrayList<>();
        for (HardwareInfo info : description.hardware()) {
            if (manager().hardware(info.name()).isPresent()) {
                continue;
            }
            HardwareFactory f = factories.hardwareFactory(info.plugin());
            if (f == null) {
                String line = "hardware component '" + info.name() + "': "
                        + PluginNames.notInstalled(info.plugin(), factories.plugins());
                missingPluginNames.put(info.name(), info.plugin().trim());
                if (!line.equals(missingPlugins.put(info.name(), line))) {
                    // drivers arrive in any order while the runtime starts or a driver bundle is updated: say it
                    // only if the plugin is still missing a moment later
                    reportLater.accept(this::reportWhatIsWaiting);
                }
                continue;
            }
            missingPlugins.remove(info.name());
            missingPluginNames.remove(info.name());
            try {
                HardwareInfo resumed = lastMeasured.resume(info);
                HardwareComponent component = f.create(resumed);
                loop.addHardware(resumed, component);
                componentCreator.put(info.name(), factories.hardwareFactoryKey(info.plugin()));
                added.add(info.name());
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "robot " + settings.name() + ": hardware component '" + info.name()
                        + "' could not be added: " + e.getMessage(), e);
            }
        }
        for (String hw : added) {
            LifecycleState target = startState(hw);
            if (settings.controllersBeforeHardware() && target == LifecycleState.ACTIVE) {
                target = LifecycleState.INACTIVE;
            }
            setHardware(hw, target);
        }
        spawner.loadPending(manager());
        spawner.activatePending(manager(), this::await);
        if (lifecycle.hasTarget()) {
            lifecycle.advance();
        }
        if (settings.controllersBeforeHardware()) {
            for (String hw : componentCreator.keySet()) {
                boolean inactive = manager().hardware(hw).map(h -> h.state() == LifecycleState.INACTIVE).orElse(false);
                if (inactive && startState(hw) == LifecycleState.ACTIVE) {
                    setHardware(hw, LifecycleState.ACTIVE);
                }
            }
        }
        if (!up && isUp()) {
            up = true;
            whenUp.run();
        }
        if (!reportedWaiting.containsAll(spawner.waitingReasons())) {
            reportLater.accept(this::reportWhatIsWaiting);
        }
        reportIfWaitingChanged();
    }

    /** Worker: tells {@link #whenWaitingChanges} when the line, the missing plugins or the missing types changed. */
    private void reportIfWaitingChanged() {
        String nowWaiting = String.join("; ", missingPlugins.values());
        Set<String> types = new LinkedHashSet<>(declaredTypes);
        types.addAll(askedTypes);
        List<String> nowMissingTypes = types.stream().filter(t -> !factories.announcedServes(t)).toList();
        if (!nowWaiting.equals(waiting) || !nowMissingTypes.equals(missingTypes)) {
            waiting = nowWaiting;
            missingTypes = nowMissingTypes;
            whenWaitingChanges.accept(nowWaiting);
        }
    }

    /**
     * How work is handed to the worker from another thread (a load asking for a type no bundle provides); by default
     * at once, on the calling thread.
     */
    void onWorker(java.util.function.Consumer<Runnable> executor) {
        onWorker = executor;
    }

    /**
     * Runs {@code action} (on the worker) whenever what the robot waits for changes: one line, see
     * {@link ControllerManager#WAITING}, empty when nothing; also when {@link #missingPluginNames()} or
     * {@link #missingControllerTypes()} change.
     */
    void whenWaitingChanges(java.util.function.Consumer<String> action) {
        whenWaitingChanges = action;
    }

    /** Worker: logs each plugin still missing, and each start controller still down, not reported yet. */
    void reportWhatIsWaiting() {
        Set<String> current = new LinkedHashSet<>(missingPlugins.values());
        current.addAll(spawner.waitingReasons());
        reportedWaiting.retainAll(current);
        for (String line : missingPlugins.values()) {
            if (reportedWaiting.add(line)) {
                LOG.log(departure(Level.WARNING), "robot {0}: {1}; it is added when a driver that serves it is"
                        + " installed", settings.name(), line);
            }
        }
        for (String line : spawner.waitingReasons()) {
            if (reportedWaiting.add(line)) {
                LOG.log(departure(Level.WARNING), "robot {0}: start controller {1}", settings.name(), line);
            }
        }
    }

    /** How {@link #reportWhatIsWaiting()} is run a moment later on the worker; by default at once. */
    void reportLater(java.util.function.Consumer<Runnable> scheduler) {
        reportLater = scheduler;
    }

    /**
     * The hardware plugins no installed driver serves, each once, as the URDF writes them (see
     * {@link ControllerManager#MISSING_PLUGINS}); empty when none. Read on the worker, as {@link #waiting()} changes.
     */
    String[] missingPluginNames() {
        return new LinkedHashSet<>(missingPluginNames.values()).toArray(String[]::new);
    }

    /**
     * The controller types the controllers file declares, then those a load asked for by name, that no installed
     * bundle provides, each once (see {@link ControllerManager#MISSING_CONTROLLER_TYPES}); empty when none. Read on
     * the worker.
     */
    String[] missingControllerTypes() {
        return missingTypes.toArray(String[]::new);
    }

    /** What keeps the robot from coming up, one line; empty when nothing. */
    String waiting() {
        return waiting;
    }

    /** Runs {@code action} (on the worker) once the robot is first up as configured, see {@link #isUp()}. */
    void whenUp(Runnable action) {
        whenUp = action;
    }

    /**
     * Whether the robot is up as configured: every hardware component of its description added (its driver
     * installed), and no start controller waiting that could run now (one whose type is not installed does not count).
     */
    boolean isUp() {
        for (HardwareInfo info : description.hardware()) {
            if (manager().hardware(info.name()).isEmpty()) {
                return false;
            }
        }
        return spawner.settled(manager());
    }

    private LifecycleState startState(String hardware) {
        if (settings.lifecycle() != null) {
            return lifecycle.lifecycleState();
        }
        if (startUnconfigured.contains(hardware)) {
            return LifecycleState.UNCONFIGURED;
        }
        return startInactive.contains(hardware) ? LifecycleState.INACTIVE : LifecycleState.ACTIVE;
    }

    private void setHardware(String name, LifecycleState target) {
        HardwareStateResult r = await(manager().requestHardwareState(name, target));
        if (!r.ok()) {
            LOG.log(Level.WARNING, "robot {0}: {1}", settings.name(), r.message());
        }
    }

    private Set<String> activeControllers() {
        Set<String> out = new LinkedHashSet<>();
        for (ControllerSnapshot c : manager().controllers()) {
            if (c.state() == LifecycleState.ACTIVE) {
                out.add(c.name());
            }
        }
        return out;
    }

    /** The robot lifecycle, for {@link RobotLifecycleService}; the methods below are its shortcuts. */
    RobotLifecycleMachine lifecycle() {
        return lifecycle;
    }

    LifecycleState lifecycleState() {
        return lifecycle.lifecycleState();
    }

    String controlMode() {
        return lifecycle.controlMode();
    }

    String defaultControlMode() {
        return lifecycle.defaultMode();
    }

    RobotSettings settings() {
        return settings;
    }

    boolean lifecycleManaged() {
        return lifecycle.lifecycleManaged();
    }

    Result configure() {
        return lifecycle.configure();
    }

    Result activate(String mode) {
        return lifecycle.activate(mode);
    }

    Result switchControlMode(String mode) {
        return lifecycle.switchControlMode(mode);
    }

    Result deactivate() {
        return lifecycle.deactivate();
    }

    Result cleanup() {
        return lifecycle.cleanup();
    }

    Map<String, List<String>> controlModeInterfaces() {
        return lifecycle.controlModeInterfaces();
    }

    List<String> supportedModes() {
        return lifecycle.supportedModes();
    }

    /** Deactivates every controller, takes the hardware down, unloads the controllers and stops the loop. */
    void stop() {
        if (loop == null) {
            return;
        }
        try {
            List<String> active = new ArrayList<>(activeControllers());
            if (!active.isEmpty()) {
                await(manager().switchControllers(List.of(), active, Strictness.BEST_EFFORT, 0));
            }
            List<String> hardware = new ArrayList<>(componentCreator.keySet());
            java.util.Collections.reverse(hardware);
            for (String hw : hardware) {
                setHardware(hw, LifecycleState.FINALIZED);
            }
            for (ControllerSnapshot c : manager().controllers()) {
                manager().unload(c.name());
            }
        } finally {
            loop.stop(5000);
        }
    }

    /** Waits for the loop to answer (stepping it on a stepped clock), bounded. */
    private <T> T await(CompletionStage<T> stage) {
        CompletableFuture<T> f = stage.toCompletableFuture();
        try {
            if (settings.clock() == ClockKind.STEPPED) {
                for (int i = 0; i < 10_000 && !f.isDone(); i++) {
                    loop.step();
                }
            }
            return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("robot '" + settings.name() + "': interrupted while waiting for the loop", e);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("robot '" + settings.name() + "': the loop did not answer within "
                    + WAIT_SECONDS + " s", e);
        }
    }
}
