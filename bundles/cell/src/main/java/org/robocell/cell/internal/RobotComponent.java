package org.robocell.cell.internal;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.RobotLifecycle;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.model.RobotModel;

/**
 * One robot of the cell per factory configuration {@value #PID}: builds its loop on a worker thread of its own,
 * registers the robot's {@link ControllerManager} service ({@code robocell.robot=<name>}), and follows the driver
 * and controller factories as they come and go. DS callbacks only queue work for the worker; the worker runs it in
 * order. Deactivation stops the robot cleanly (controllers deactivated, hardware finalized, loop stopped).
 */
@Component(configurationPid = RobotComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = RobotConfig.class, factory = true)
public final class RobotComponent {

    static final String PID = "org.robocell.cell.robot";
    /** Service property of the robot's {@link RobotModel}: its root link. */
    static final String MODEL_ROOT = "robocell.robot.root";
    /** Service property of the robot's {@link RobotModel}: its tip links, sorted. */
    static final String MODEL_TIPS = "robocell.robot.tips";
    private static final System.Logger LOG = System.getLogger("org.robocell.cell");

    private final BundleContext context;
    /** How long a hardware plugin may be missing before it is reported (drivers arrive in any order). */
    private static final long MISSING_PLUGIN_GRACE_SECONDS = 3;
    private final ExecutorService worker;
    /** The running robot; replaced (on the worker) when its configuration changes to another valid one. */
    private volatile RobotAssembly assembly;
    private volatile RobotSettings settings;
    private volatile ServiceRegistration<ControllerManager> registration;
    private volatile ServiceRegistration<RobotLifecycle> lifecycleRegistration;
    private volatile ServiceRegistration<RobotModel> modelRegistration;
    /** The factories present now, by service id: a robot started again (changed configuration) needs them all. */
    private final Map<Object, HardwareFactoryRecord> hardwareFactories = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<Long, ControllerFactoryRecord> controllerFactories = new java.util.concurrent.ConcurrentHashMap<>();

    @Activate
    public RobotComponent(BundleContext context, RobotConfig config, Map<String, Object> props) {
        this.context = context;
        RobotSettings first = null;
        try {
            ConfigValues.check(props);
            first = RobotSettings.of(config, base());
        } catch (IllegalArgumentException e) {
            LOG.log(Level.ERROR, "robot could not start: " + e.getMessage());
        }
        this.settings = first;
        String name = first == null ? String.valueOf(props.get("name")) : first.name();
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "robocell-" + name + "-cell");
            t.setDaemon(true);
            return t;
        });
        if (first != null) {
            RobotSettings s = first;
            worker.execute(() -> start(s));
        }
    }

    private static Path base() {
        return Path.of(System.getProperty("user.dir", "."));
    }

    /**
     * The configuration changed. A change that is not valid (a malformed value, a URDF or controllers file that does
     * not parse) is refused with one line and the robot keeps running as it was; a valid one restarts the robot with
     * it (controllers deactivated with their commands holding, the loop built again).
     */
    @Modified
    void modified(RobotConfig config, Map<String, Object> props) {
        RobotSettings next;
        try {
            ConfigValues.check(props);
            next = RobotSettings.of(config, base());
            RobotAssembly.validate(next);
        } catch (org.robocell.description.DescriptionException | IllegalArgumentException e) {
            LOG.log(Level.ERROR, "robot " + (settings == null ? "?" : settings.name()) + ": configuration change"
                    + ConfigValues.where(props) + " refused, the robot keeps running as it was: " + e.getMessage());
            return;
        }
        if (next.equals(settings) && assembly != null) {
            return;
        }
        settings = next;
        queue(() -> {
            stopRobot();
            LOG.log(Level.INFO, "robot {0}: starting again with its changed configuration", next.name());
            start(next);
        });
    }

    private void start(RobotSettings s) {
        RobotAssembly a = new RobotAssembly(s, this::shuttingDown);
        assembly = a;
        try {
            replayFactories(a);
            a.build();
            modelRegistration = context.registerService(RobotModel.class, a.description().robot(),
                    modelProperties(a.name(), a.description().robot()));
            // registered before the hardware comes up, so users can watch a slow start (a robot that must answer)
            Dictionary<String, Object> props = new Hashtable<>();
            props.put(ControllerManager.ROBOT, a.name());
            if (s.namespace() != null && !s.namespace().isBlank()) {
                props.put(ControllerManager.NAMESPACE, s.namespace());
            }
            props.put(Constants.SERVICE_DESCRIPTION, "RoboCell controller manager of robot " + a.name());
            registration = context.registerService(ControllerManager.class, a.manager(), props);
            Dictionary<String, Object> lifecycleProps = new Hashtable<>();
            lifecycleProps.put(ControllerManager.ROBOT, a.name());
            lifecycleRegistration = context.registerService(RobotLifecycle.class,
                    new RobotLifecycleService(a, worker), lifecycleProps);
            LOG.log(Level.INFO, "robot {0}: running at {1} Hz", a.name(), String.valueOf(a.manager().updateRate()));
            ServiceRegistration<ControllerManager> managerRegistration = registration;
            a.whenUp(() -> {
                props.put(ControllerManager.STARTED, Boolean.TRUE);
                try {
                    managerRegistration.setProperties(props);
                } catch (IllegalStateException gone) {
                    // the robot stopped meanwhile
                }
            });
            a.reportLater(report -> java.util.concurrent.CompletableFuture.delayedExecutor(
                    MISSING_PLUGIN_GRACE_SECONDS, java.util.concurrent.TimeUnit.SECONDS).execute(() -> {
                        try {
                            worker.execute(report);
                        } catch (java.util.concurrent.RejectedExecutionException stopped) {
                            // the robot is gone
                        }
                    }));
            a.onWorker(work -> {
                try {
                    worker.execute(work);
                } catch (java.util.concurrent.RejectedExecutionException stopped) {
                    // the robot is gone
                }
            });
            a.whenWaitingChanges(w -> {
                if (w.isEmpty()) {
                    props.remove(ControllerManager.WAITING);
                } else {
                    props.put(ControllerManager.WAITING, w);
                }
                String[] missing = a.missingPluginNames();
                if (missing.length == 0) {
                    props.remove(ControllerManager.MISSING_PLUGINS);
                } else {
                    props.put(ControllerManager.MISSING_PLUGINS, missing);
                }
                String[] types = a.missingControllerTypes();
                if (types.length == 0) {
                    props.remove(ControllerManager.MISSING_CONTROLLER_TYPES);
                } else {
                    props.put(ControllerManager.MISSING_CONTROLLER_TYPES, types);
                }
                try {
                    managerRegistration.setProperties(props);
                } catch (IllegalStateException gone) {
                    // the robot stopped meanwhile
                }
            });
            a.reconcile();
        } catch (org.robocell.description.DescriptionException | IllegalArgumentException e) {
            // a user's file or setting is wrong: the message names it, a stack trace would only bury it
            LOG.log(Level.ERROR, "robot " + a.name() + " could not start: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "robot " + a.name() + " could not start: " + e.getMessage(), e);
        }
    }

    /** The framework or the cell bundle is stopping: drivers and controller types going away are expected. */
    private boolean shuttingDown() {
        try {
            return context.getBundle(Constants.SYSTEM_BUNDLE_ID).getState() == Bundle.STOPPING
                    || context.getBundle().getState() == Bundle.STOPPING;
        } catch (IllegalStateException e) {
            return true; // the cell's context is no longer valid: it has stopped
        }
    }

    /** {@code robocell.robot}, the root link and the tip links (links no joint leaves from). */
    static Dictionary<String, Object> modelProperties(String robot, RobotModel model) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(ControllerManager.ROBOT, robot);
        props.put(MODEL_ROOT, model.rootLink());
        java.util.Set<String> parents = new java.util.HashSet<>();
        model.joints().values().forEach(j -> parents.add(j.parent()));
        props.put(MODEL_TIPS, model.links().keySet().stream().filter(l -> !parents.contains(l)).sorted()
                .toArray(String[]::new));
        props.put(Constants.SERVICE_DESCRIPTION, "URDF model of robot " + robot + " (" + model.name() + ")");
        return props;
    }

    private void queue(Runnable change) {
        try {
            worker.execute(() -> {
                try {
                    change.run();
                } catch (RuntimeException e) {
                    RobotAssembly a = assembly;
                    LOG.log(Level.ERROR, "robot " + (a == null ? "?" : a.name()) + ": " + e.getMessage(), e);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // stopping: the change no longer matters
        }
    }

    /** On the worker, with the robot as it is then (none when its configuration was refused). */
    private void withRobot(java.util.function.Consumer<RobotAssembly> change) {
        queue(() -> {
            RobotAssembly a = assembly;
            if (a != null) {
                change.accept(a);
            }
        });
    }

    private record HardwareFactoryRecord(Collection<String> plugins, HardwareFactory factory) {
    }

    private record ControllerFactoryRecord(Collection<String> types, ControllerFactory factory,
            java.util.function.BooleanSupplier serving) {
    }

    /** Worker: a robot started again learns of the factories that are there, before it builds its loop. */
    private void replayFactories(RobotAssembly a) {
        hardwareFactories.forEach((key, f) -> a.hardwareFactoryAdded(key, f.plugins(), f.factory()));
        controllerFactories.forEach((key, f) -> {
            a.trackControllerFactory(key, f.types(), f.factory(), f.serving());
            a.controllerFactoryAdded(key, f.types(), f.factory());
        });
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, target = "(" + HardwareFactory.PLUGIN + "=*)")
    void addHardwareFactory(HardwareFactory factory, Map<String, Object> props) {
        Object key = props.get(Constants.SERVICE_ID);
        // one factory may serve several plugin strings (the property may be a String[])
        Collection<String> plugins = typesOf(props.get(HardwareFactory.PLUGIN));
        hardwareFactories.put(key, new HardwareFactoryRecord(plugins, factory));
        withRobot(a -> a.hardwareFactoryAdded(key, plugins, factory));
    }

    void removeHardwareFactory(HardwareFactory factory, Map<String, Object> props) {
        Object key = props.get(Constants.SERVICE_ID);
        hardwareFactories.remove(key);
        withRobot(a -> a.hardwareFactoryRemoved(key));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, target = "(" + ControllerFactory.TYPE + "=*)")
    void addControllerFactory(ControllerFactory factory, ServiceReference<ControllerFactory> ref) {
        long key = (Long) ref.getProperty(Constants.SERVICE_ID);
        Collection<String> types = typesOf(ref.getProperty(ControllerFactory.TYPE));
        // served at once (a load on another thread must not wait for the worker), never while its bundle stops
        java.util.function.BooleanSupplier serving = () -> {
            Bundle b = ref.getBundle();
            return b != null && b.getState() != Bundle.STOPPING;
        };
        controllerFactories.put(key, new ControllerFactoryRecord(types, factory, serving));
        RobotAssembly a = assembly;
        if (a != null) {
            a.trackControllerFactory(key, types, factory, serving);
        }
        withRobot(r -> r.controllerFactoryAdded(key, types, factory));
    }

    void removeControllerFactory(ControllerFactory factory, ServiceReference<ControllerFactory> ref) {
        long key = (Long) ref.getProperty(Constants.SERVICE_ID);
        controllerFactories.remove(key);
        RobotAssembly a = assembly;
        if (a != null) {
            a.withdrawControllerFactory(key);
        }
        withRobot(r -> r.controllerFactoryRemoved(key));
    }

    static Collection<String> typesOf(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof String s) {
            out.add(s);
        } else if (value instanceof String[] a) {
            out.addAll(List.of(a));
        } else if (value instanceof Collection<?> c) {
            c.forEach(o -> out.add(String.valueOf(o)));
        }
        return out;
    }

    @Deactivate
    void deactivate() {
        queue(this::stopRobot);
        worker.shutdown();
        try {
            if (!worker.awaitTermination(20, TimeUnit.SECONDS)) {
                worker.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Worker: the services go first, then the robot stops (controllers out, hardware finalized, loop stopped). */
    private void stopRobot() {
        for (ServiceRegistration<?> r : java.util.Arrays.asList(lifecycleRegistration, registration,
                modelRegistration)) {
            if (r != null) {
                try {
                    r.unregister();
                } catch (IllegalStateException e) {
                    // already gone with the bundle
                }
            }
        }
        lifecycleRegistration = null;
        registration = null;
        modelRegistration = null;
        RobotAssembly a = assembly;
        assembly = null;
        if (a == null) {
            return;
        }
        try {
            a.stop();
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "robot " + a.name() + " did not stop cleanly: " + e.getMessage(), e);
        }
    }
}
