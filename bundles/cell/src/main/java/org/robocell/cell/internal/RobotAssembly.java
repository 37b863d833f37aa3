package org.robocell.cell.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.RobotDescription;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * One robot of the cell, assembled from its settings and the driver and controller factories present: the loop,
 * its hardware components (created when a factory for their plugin is there, removed when it goes), and the
 * controllers to load and activate at start, retried whenever a factory arrives, like a spawner.
 * <p>
 * Every method runs on one thread at a time (the robot's cell worker thread; a test's thread). Waits for the loop
 * are bounded; on a stepped clock the assembly steps the loop itself while it waits.
 */
final class RobotAssembly {

    private static final System.Logger LOG = System.getLogger("org.robocell.cell");
    private static final long WAIT_SECONDS = 30;

    private final RobotSettings settings;
    private final BooleanSupplier shuttingDown;
    private final Map<Object, HardwareEntry> hardwareFactories = new LinkedHashMap<>();
    /**
     * The controller factories by registration order (service id), read by any thread that creates an instance:
     * entries are added and withdrawn as the service events happen, ahead of the queued reactions.
     */
    private final ConcurrentSkipListMap<Long, ControllerEntry> controllerFactories = new ConcurrentSkipListMap<>();
    private final Map<String, Object> componentCreator = new LinkedHashMap<>();
    private final Set<String> pendingLoad = new LinkedHashSet<>();
    private final Set<String> pendingActivation = new LinkedHashSet<>();
    private volatile Set<String> plugins = Set.of();
    private RobotDescription description;
    private Set<String> startUnconfigured = Set.of();
    private Set<String> startInactive = Set.of();
    private RobotLoop loop;
    private volatile LifecycleState lifecycleState = LifecycleState.UNCONFIGURED;
    private volatile String controlMode = "";
    /** Where the robot lifecycle should be; null when the robot runs without one. */
    private LifecycleState lifecycleTarget;
    private String targetMode = "";

    private record HardwareEntry(Set<String> plugins, HardwareFactory factory) {
    }

    /**
     * A tracked controller factory; {@code serving} answers false once its bundle is stopping (its services are about
     * to go), {@code withdrawn} is set when its service is unregistered, before the cell reacts to it;
     * {@code announced} once the worker has reacted to its arrival.
     */
    private static final class ControllerEntry {
        final Set<String> types;
        final ControllerFactory factory;
        final BooleanSupplier serving;
        volatile boolean withdrawn;
        volatile boolean announced;

        ControllerEntry(Set<String> types, ControllerFactory factory, BooleanSupplier serving) {
            this.types = types;
            this.factory = factory;
            this.serving = serving;
        }

        boolean serves(String type) {
            return !withdrawn && types.contains(type) && serving.getAsBoolean();
        }
    }

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

    /** Parses the files, builds and starts the loop; nothing is added or activated yet. */
    void build() {
        RobotDescription parsed = RobotDescription.parse(settings.urdf());
        Set<String> unprefixedJoints = Set.copyOf(parsed.robot().joints().keySet());
        description = JointPrefix.apply(parsed, settings.prefix());
        ControllersConfig controllers = settings.controllers() == null ? null : ControllersConfig.parse(settings.controllers());
        if (controllers != null && !settings.namespace().isEmpty() && !controllers.namespace().isEmpty()
                && !controllers.namespace().equals(settings.namespace())) {
            throw new IllegalArgumentException("robot '" + settings.name() + "': " + controllers.source()
                    + " is written for namespace '" + controllers.namespace() + "', the robot is in '"
                    + settings.namespace() + "'");
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
        loop = RobotLoop.create(new LoopConfig(settings.name(), rate, settings.clock(), settings.idle(),
                settings.slotCapacity(), settings.allowActivationOnInactiveHardware(), settings.switchTimeoutCycles())
                .withRealTime(settings.loopPriority(), settings.loopCpus(), settings.loopLockMemory()),
                new Source());
        if (controllers != null) {
            List<Declaration> declarations = new ArrayList<>();
            for (ControllerDeclaration d : controllers.controllers().values()) {
                // in a namespace, controller names carry it ("kr6/joint_trajectory_controller"), and so do the names
                // of their channels: two robots may run controllers of the same name
                declarations.add(new Declaration(settings.qualify(d.name()), d.type(),
                        d.fallbackControllers().stream().map(settings::qualify).toList(),
                        JointPrefix.apply(d.parameters(), unprefixedJoints, settings.prefix())));
            }
            loop.setDeclarations(declarations);
        }
        loop.setPluginAvailability(p -> plugins.contains(p));
        loop.setShuttingDown(shuttingDown);
        loop.start();
        pendingLoad.addAll(settings.load());
        if (settings.lifecycle() == null) {
            pendingLoad.addAll(settings.activate());
            pendingActivation.addAll(settings.activate());
        } else {
            lifecycleTarget = settings.lifecycle();
            targetMode = settings.controlMode();
        }
    }

    /** {@link #build()}, then brings up what it can (hardware, start controllers). */
    void start() {
        build();
        reconcile();
    }

    // ------------------------------------------------------------------------------------------------ factories

    void hardwareFactoryAdded(Object key, Collection<String> plugins, HardwareFactory factory) {
        hardwareFactories.put(key, new HardwareEntry(Set.copyOf(plugins), factory));
        refreshPlugins();
        if (loop != null) {
            reconcile();
        }
    }

    void hardwareFactoryRemoved(Object key) {
        HardwareEntry gone = hardwareFactories.remove(key);
        refreshPlugins();
        if (gone == null || loop == null) {
            return;
        }
        Set<String> activeBefore = activeControllers();
        for (Map.Entry<String, Object> e : List.copyOf(componentCreator.entrySet())) {
            if (e.getValue().equals(key)) {
                Result r = await(loop.removeHardware(e.getKey()));
                componentCreator.remove(e.getKey());
                LOG.log(departure(Level.INFO), "robot {0}: driver for {1} went away: {2}", settings.name(),
                        gone.plugins(), r.message());
            }
        }
        if (lifecycleTarget != null) {
            // the robot lifecycle starts over: configure and activate again, in order, when a driver returns
            lifecycleState = LifecycleState.UNCONFIGURED;
            controlMode = "";
        } else {
            Set<String> lost = new LinkedHashSet<>(activeBefore);
            lost.removeAll(activeControllers());
            pendingActivation.addAll(lost);
        }
        reconcile();
    }

    /**
     * A controller factory service is there (any thread, at its service event): instances of its types may be
     * created from it from now on, while its bundle is not stopping ({@code serving}). The cell's reaction,
     * {@link #controllerFactoryAdded}, follows on the worker.
     */
    void trackControllerFactory(long key, Collection<String> types, ControllerFactory factory, BooleanSupplier serving) {
        controllerFactories.putIfAbsent(key, new ControllerEntry(Set.copyOf(types), factory, serving));
    }

    /**
     * A controller factory service is going (any thread, at its service event): no instance is created from it from
     * now on. The cell's reaction, {@link #controllerFactoryRemoved}, follows on the worker.
     */
    void withdrawControllerFactory(long key) {
        ControllerEntry e = controllerFactories.get(key);
        if (e != null) {
            e.withdrawn = true;
        }
    }

    void controllerFactoryAdded(long key, Collection<String> types, ControllerFactory factory) {
        trackControllerFactory(key, types, factory, () -> true);
        ControllerEntry e = controllerFactories.get(key);
        if (e != null) {
            e.announced = true;
        }
        if (loop != null) {
            reconcile();
        }
    }

    void controllerFactoryRemoved(long key) {
        withdrawControllerFactory(key);
        ControllerEntry gone = controllerFactories.remove(key);
        if (gone == null || loop == null) {
            return;
        }
        for (String type : gone.types) {
            List<ControllerSnapshot> instances = manager().controllers().stream().filter(c -> c.type().equals(type)).toList();
            // only a factory whose arrival the worker has seen takes the instances over: the reactions follow the
            // order of the service events (a bundle update unloads, then the new revision loads)
            boolean servedStill = controllerFactories.values().stream().anyMatch(e -> e.announced && e.serves(type));
            if (servedStill) {
                // another factory still serves the type: move the instances to its code, each at one cycle boundary
                for (ControllerSnapshot c : instances) {
                    Result r = await(manager().reload(c.name()));
                    LOG.log(r.ok() ? Level.INFO : sameCode(r) ? Level.DEBUG : Level.WARNING, "robot {0}: {1}",
                            settings.name(), r.message());
                }
                continue;
            }
            // also without instances, as it runs under the manager's lock: one that a load on another thread was
            // making from the gone factory while its bundle stopped is unloaded too
            Result r = await(loop.controllerTypeRemoved(type));
            LOG.log(instances.isEmpty() ? Level.DEBUG : departure(Level.INFO), "robot {0}: {1}", settings.name(),
                    r.message());
            for (ControllerSnapshot c : instances) {
                // loaded again (with the new code) as soon as a factory serves the type
                pendingLoad.add(c.name());
                if (c.state() == LifecycleState.ACTIVE) {
                    pendingActivation.add(c.name());
                }
            }
        }
        reconcile();
    }

    private void refreshPlugins() {
        Set<String> p = new TreeSet<>();
        hardwareFactories.values().forEach(e -> p.addAll(e.plugins()));
        plugins = Set.copyOf(p);
    }

    /**
     * The factory that serves a type now: of the registrations not withdrawn whose bundle is not stopping, the one
     * registered last (a newer version installed beside the old one, or the new revision of an updated bundle).
     */
    private ControllerFactory factoryFor(String type) {
        for (ControllerEntry e : controllerFactories.descendingMap().values()) {
            if (e.serves(type)) {
                return e.factory;
            }
        }
        return null;
    }

    /** The types some factory serves now. */
    private Set<String> servedTypes() {
        Set<String> out = new TreeSet<>();
        for (ControllerEntry e : controllerFactories.values()) {
            for (String t : e.types) {
                if (e.serves(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /** A reload refused because the instance runs the code that serves its type already (nothing to move). */
    private static boolean sameCode(Result r) {
        return r.message().contains("already runs the newest code") || r.message().contains("handed out the running instance");
    }

    private HardwareFactory hardwareFactory(String plugin) {
        for (Map.Entry<Object, HardwareEntry> e : hardwareFactories.entrySet()) {
            if (e.getValue().plugins().contains(plugin)) {
                return e.getValue().factory();
            }
        }
        return null;
    }

    private Object hardwareFactoryKey(String plugin) {
        for (Map.Entry<Object, HardwareEntry> e : hardwareFactories.entrySet()) {
            if (e.getValue().plugins().contains(plugin)) {
                return e.getKey();
            }
        }
        return null;
    }

    // ------------------------------------------------------------------------------------------------ reconcile

    /** Adds missing hardware whose driver is there, then loads and activates what is pending. */
    void reconcile() {
        List<String> added = new ArrayList<>();
        for (HardwareInfo info : description.hardware()) {
            if (manager().hardware(info.name()).isPresent()) {
                continue;
            }
            HardwareFactory f = hardwareFactory(info.plugin());
            if (f == null) {
                continue;
            }
            try {
                HardwareComponent component = f.create(info);
                loop.addHardware(info, component);
                componentCreator.put(info.name(), hardwareFactoryKey(info.plugin()));
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
        for (String name : List.copyOf(pendingLoad)) {
            if (manager().controller(name).isEmpty()) {
                Result r = manager().load(name);
                if (!r.ok()) {
                    if (!r.message().contains("is not installed")) {
                        pendingLoad.remove(name);
                        pendingActivation.remove(name);
                        LOG.log(Level.WARNING, "robot {0}: {1}", settings.name(), r.message());
                    }
                    continue;
                }
            }
            if (manager().controller(name).map(c -> c.state() == LifecycleState.UNCONFIGURED).orElse(false)) {
                Result c = manager().configure(name);
                if (!c.ok()) {
                    LOG.log(Level.WARNING, "robot {0}: {1}", settings.name(), c.message());
                }
            }
            pendingLoad.remove(name);
        }
        // one request per controller, so one whose hardware is not there yet does not hold the others back; passes
        // repeat while they make progress (a preceding controller listed before its follower goes in the next pass)
        boolean progress = true;
        while (progress) {
            progress = false;
            for (String name : List.copyOf(pendingActivation)) {
                if (!manager().controller(name).map(c -> c.state() == LifecycleState.INACTIVE).orElse(false)) {
                    continue;
                }
                SwitchResult r = await(manager().switchControllers(List.of(name), List.of(), Strictness.STRICT, 0));
                if (r.ok()) {
                    pendingActivation.remove(name);
                    progress = true;
                    LOG.log(Level.INFO, "robot {0}: activated {1}", settings.name(), name);
                } else {
                    LOG.log(Level.DEBUG, "robot {0}: {1} not active yet: {2}", settings.name(), name, r.message());
                }
            }
        }
        pendingActivation.removeIf(n -> manager().controller(n).map(c -> c.state() == LifecycleState.ACTIVE).orElse(false));
        if (lifecycleTarget != null) {
            advanceLifecycle();
        }
        if (settings.controllersBeforeHardware()) {
            for (String hw : componentCreator.keySet()) {
                boolean inactive = manager().hardware(hw).map(h -> h.state() == LifecycleState.INACTIVE).orElse(false);
                if (inactive && startState(hw) == LifecycleState.ACTIVE) {
                    setHardware(hw, LifecycleState.ACTIVE);
                }
            }
        }
    }

    private LifecycleState startState(String hardware) {
        if (settings.lifecycle() != null) {
            return lifecycleState;
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

    // ------------------------------------------------------------------------------------------------ robot lifecycle

    LifecycleState lifecycleState() {
        return lifecycleState;
    }

    String controlMode() {
        return controlMode;
    }

    RobotSettings settings() {
        return settings;
    }

    /** Moves towards the lifecycle target once (used at start and whenever a driver or type arrives). */
    private void advanceLifecycle() {
        if (lifecycleState == LifecycleState.UNCONFIGURED && lifecycleTarget != LifecycleState.UNCONFIGURED) {
            Result r = doConfigure();
            if (!r.ok()) {
                LOG.log(Level.DEBUG, "robot {0}: not configured yet: {1}", settings.name(), r.message());
                return;
            }
        }
        if (lifecycleState == LifecycleState.INACTIVE && lifecycleTarget == LifecycleState.ACTIVE) {
            Result r = doActivate(targetMode);
            if (!r.ok()) {
                LOG.log(Level.DEBUG, "robot {0}: not active yet: {1}", settings.name(), r.message());
            }
        }
    }

    /** Whether the robot runs the robot lifecycle: control modes or a lifecycle state to reach are configured. */
    boolean lifecycleManaged() {
        return settings.lifecycle() != null || !settings.controlModes().isEmpty();
    }

    private Result unmanaged(String transition) {
        return Result.failed("robot '" + settings.name() + "' does not run the robot lifecycle (its configuration has no"
                + " control.modes and no lifecycle), so there is nothing to " + transition
                + "; use controller:* and hardware:* for it");
    }

    Result configure() {
        if (!lifecycleManaged()) {
            return unmanaged("configure");
        }
        if (lifecycleState != LifecycleState.UNCONFIGURED) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; configure needs it unconfigured");
        }
        lifecycleTarget = LifecycleState.INACTIVE;
        return doConfigure();
    }

    Result activate(String mode) {
        if (!lifecycleManaged()) {
            return unmanaged("activate");
        }
        if (lifecycleState != LifecycleState.INACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; activate needs it inactive"
                    + " (configure it first)");
        }
        String m = mode == null ? "" : mode.trim();
        Result refused = refuse(m.isEmpty() ? defaultMode() : m);
        if (refused != null) {
            return refused;
        }
        lifecycleTarget = LifecycleState.ACTIVE;
        targetMode = m;
        Result r = doActivate(m);
        if (!r.ok()) {
            // a refused activation is not retried behind the user's back (a robot that does not answer would be
            // waited for again at every driver or controller change)
            lifecycleTarget = LifecycleState.INACTIVE;
        }
        return r;
    }

    Result switchControlMode(String mode) {
        if (!lifecycleManaged()) {
            return unmanaged("switch");
        }
        if (lifecycleState != LifecycleState.ACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; a control mode is switched"
                    + " while it is active");
        }
        String m = mode == null ? "" : mode.trim();
        Result refused = refuse(m);
        if (refused != null) {
            return refused;
        }
        if (m.equals(controlMode)) {
            return Result.ok("robot '" + settings.name() + "' is in control mode '" + m + "' already");
        }
        List<String> next = settings.controlModes().get(m);
        Result loaded = ensureConfigured(next);
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> current = settings.controlModes().getOrDefault(controlMode, List.of());
        List<String> off = new ArrayList<>();
        for (String c : current) {
            if (!next.contains(c) && isActive(c)) {
                off.add(c);
            }
        }
        List<String> on = new ArrayList<>();
        for (String c : next) {
            if (!isActive(c)) {
                on.add(c);
            }
        }
        SwitchResult r = await(manager().switchControllers(on, off, Strictness.STRICT, 0));
        if (!r.ok()) {
            return Result.failed("robot '" + settings.name() + "' stays in control mode '" + controlMode + "': " + r.message());
        }
        controlMode = m;
        targetMode = m;
        return Result.ok("robot '" + settings.name() + "' is in control mode '" + m + "' from cycle " + r.cycle());
    }

    Result deactivate() {
        if (!lifecycleManaged()) {
            return unmanaged("deactivate");
        }
        if (lifecycleState != LifecycleState.ACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; deactivate needs it active");
        }
        lifecycleTarget = LifecycleState.INACTIVE;
        // the hardware first: the controllers commanding it are deactivated at a cycle boundary before it stops
        List<String> problems = new ArrayList<>();
        for (String hw : componentCreator.keySet()) {
            HardwareStateResult r = await(manager().requestHardwareState(hw, LifecycleState.INACTIVE));
            if (!r.ok()) {
                problems.add(r.message());
            }
        }
        List<String> still = new ArrayList<>();
        for (String c : settings.controlModes().getOrDefault(controlMode, List.of())) {
            if (isActive(c)) {
                still.add(c);
            }
        }
        if (!still.isEmpty()) {
            await(manager().switchControllers(List.of(), still, Strictness.BEST_EFFORT, 0));
        }
        controlMode = "";
        lifecycleState = LifecycleState.INACTIVE;
        return problems.isEmpty() ? Result.ok("robot '" + settings.name() + "' is inactive")
                : Result.failed("robot '" + settings.name() + "' is inactive, but: " + String.join("; ", problems));
    }

    Result cleanup() {
        if (!lifecycleManaged()) {
            return unmanaged("clean up");
        }
        if (lifecycleState != LifecycleState.INACTIVE) {
            return Result.failed("robot '" + settings.name() + "' is " + lifecycleState + "; cleanup needs it inactive");
        }
        lifecycleTarget = LifecycleState.UNCONFIGURED;
        List<String> active = new ArrayList<>();
        for (String c : settings.configurationControllers()) {
            if (isActive(c)) {
                active.add(c);
            }
        }
        if (!active.isEmpty()) {
            await(manager().switchControllers(List.of(), active, Strictness.BEST_EFFORT, 0));
        }
        List<String> problems = new ArrayList<>();
        for (String hw : componentCreator.keySet()) {
            HardwareStateResult r = await(manager().requestHardwareState(hw, LifecycleState.UNCONFIGURED));
            if (!r.ok()) {
                problems.add(r.message());
            }
        }
        lifecycleState = LifecycleState.UNCONFIGURED;
        return problems.isEmpty() ? Result.ok("robot '" + settings.name() + "' is unconfigured")
                : Result.failed("robot '" + settings.name() + "' is unconfigured, but: " + String.join("; ", problems));
    }

    private Result doConfigure() {
        if (componentCreator.isEmpty()) {
            return Result.failed("robot '" + settings.name() + "' has no hardware yet (no driver for "
                    + description.hardware().stream().map(HardwareInfo::plugin).distinct().toList() + ")");
        }
        for (String hw : componentCreator.keySet()) {
            HardwareStateResult r = await(manager().requestHardwareState(hw, LifecycleState.INACTIVE));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' could not be configured: " + r.message());
            }
        }
        Result loaded = ensureConfigured(settings.configurationControllers());
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> on = settings.configurationControllers().stream().filter(c -> !isActive(c)).toList();
        if (!on.isEmpty()) {
            SwitchResult r = await(manager().switchControllers(on, List.of(), Strictness.STRICT, 0));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' configured its hardware, but its configuration"
                        + " controllers did not start: " + r.message());
            }
        }
        lifecycleState = LifecycleState.INACTIVE;
        return Result.ok("robot '" + settings.name() + "' is configured (inactive)");
    }

    private Result doActivate(String mode) {
        String m = mode.isEmpty() ? defaultMode() : mode;
        List<String> controllers = m.isEmpty() ? List.of() : settings.controlModes().get(m);
        Result loaded = ensureConfigured(controllers);
        if (!loaded.ok()) {
            return loaded;
        }
        List<String> on = controllers.stream().filter(c -> !isActive(c)).toList();
        if (!on.isEmpty()) {
            // the controllers first, on the inactive hardware
            SwitchResult r = await(manager().switchControllers(on, List.of(), Strictness.STRICT, 0));
            if (!r.ok()) {
                return Result.failed("robot '" + settings.name() + "' stays inactive: " + r.message());
            }
        }
        for (String hw : componentCreator.keySet()) {
            HardwareStateResult r = await(manager().requestHardwareState(hw, LifecycleState.ACTIVE));
            if (!r.ok()) {
                List<String> back = on.stream().filter(this::isActive).toList();
                if (!back.isEmpty()) {
                    await(manager().switchControllers(List.of(), back, Strictness.BEST_EFFORT, 0));
                }
                for (String other : componentCreator.keySet()) {
                    await(manager().requestHardwareState(other, LifecycleState.INACTIVE));
                }
                return Result.failed("robot '" + settings.name() + "' stays inactive: " + r.message());
            }
        }
        controlMode = m;
        lifecycleState = LifecycleState.ACTIVE;
        return Result.ok("robot '" + settings.name() + "' is active" + (m.isEmpty() ? "" : " in control mode '" + m + "'"));
    }

    /**
     * Why the robot cannot go into a control mode (its hardware lacks the command interfaces the KUKA mode needs, or
     * no controllers are configured for it), or null when it can.
     */
    private Result refuse(String m) {
        if (m.isEmpty()) {
            return settings.controlModes().isEmpty() ? null : unknownMode(m);
        }
        ControlMode kind = ControlMode.of(m);
        if (kind != null) {
            List<String> missing = new ArrayList<>();
            kind.needs(joints(), commandInterfaces(), missing);
            if (!missing.isEmpty()) {
                List<String> can = supportedModes();
                return Result.failed("robot '" + settings.name() + "' cannot run control mode '" + m + "': its hardware "
                        + plugins() + " has no command interface " + missing.get(0)
                        + (missing.size() > 1 ? " (" + (missing.size() - 1) + " more missing)" : "")
                        + (can.isEmpty() ? "" : "; it can run " + String.join(", ", can)));
            }
        }
        return settings.controlModes().containsKey(m) ? null : unknownMode(m);
    }

    /** The KUKA control modes the robot's hardware has the command interfaces for. */
    List<String> supportedModes() {
        List<String> joints = joints();
        Set<String> available = commandInterfaces();
        List<String> out = new ArrayList<>();
        for (ControlMode k : ControlMode.values()) {
            List<String> missing = new ArrayList<>();
            k.needs(joints, available, missing);
            if (missing.isEmpty()) {
                out.add(k.label());
            }
        }
        return out;
    }

    /** Per configured control mode, the hardware command interfaces it needs (empty for a mode of another name). */
    Map<String, List<String>> controlModeInterfaces() {
        List<String> joints = joints();
        Set<String> available = commandInterfaces();
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String m : settings.controlModes().keySet()) {
            ControlMode kind = ControlMode.of(m);
            out.put(m, kind == null ? List.of() : List.copyOf(kind.needs(joints, available, new ArrayList<>())));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** The joints of the robot's {@code <ros2_control>} blocks, in URDF order. */
    private List<String> joints() {
        List<String> out = new ArrayList<>();
        if (description != null) {
            for (HardwareInfo h : description.hardware()) {
                h.joints().forEach(j -> out.add(j.name()));
            }
        }
        return out;
    }

    private Set<String> commandInterfaces() {
        Set<String> out = new TreeSet<>();
        if (loop != null) {
            for (org.robocell.api.cell.InterfaceSnapshot i : manager().interfaces()) {
                if (i.kind() == org.robocell.api.cell.InterfaceSnapshot.Kind.COMMAND) {
                    out.add(i.name());
                }
            }
        }
        return out;
    }

    private List<String> plugins() {
        return description == null ? List.of()
                : description.hardware().stream().map(HardwareInfo::plugin).distinct().toList();
    }

    private String defaultMode() {
        if (!settings.controlMode().isEmpty()) {
            return settings.controlMode();
        }
        return settings.controlModes().isEmpty() ? "" : settings.controlModes().keySet().iterator().next();
    }

    private Result unknownMode(String m) {
        String close = null;
        for (String k : settings.controlModes().keySet()) {
            if (k.startsWith(m) || m.startsWith(k) || k.equalsIgnoreCase(m)) {
                close = k;
            }
        }
        return Result.failed("robot '" + settings.name() + "' has no control mode '" + m + "'"
                + (close == null ? "; modes: " + settings.controlModes().keySet() : " (did you mean '" + close + "'?)"));
    }

    private Result ensureConfigured(List<String> names) {
        for (String n : names) {
            if (manager().controller(n).isEmpty()) {
                Result r = manager().load(n);
                if (!r.ok()) {
                    return r;
                }
            }
            if (manager().controller(n).map(c -> c.state() == LifecycleState.UNCONFIGURED).orElse(false)) {
                Result r = manager().configure(n);
                if (!r.ok()) {
                    return r;
                }
            }
        }
        return Result.ok("");
    }

    private boolean isActive(String controller) {
        return manager().controller(controller).map(c -> c.state() == LifecycleState.ACTIVE).orElse(false);
    }

    // ------------------------------------------------------------------------------------------------ stop

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

    /** Controllers come from the factories registered at the moment an instance is created. */
    private final class Source implements ControllerSource {
        @Override
        public Controller create(String type) {
            ControllerFactory f = factoryFor(type);
            return f == null ? null : f.create(type);
        }

        @Override
        public Collection<String> types() {
            return servedTypes();
        }
    }
}
