package org.robocell.declared.internal;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.controller.ControllerFactory;

/**
 * A controller declared by a ConfigAdmin factory configuration of PID {@value #PID} (e.g. a file
 * {@code deploy/org.robocell.controller-<x>.cfg}): loaded into its robot, given its {@code param.*} parameters and
 * taken to the state the configuration asks, using only the robot's {@link ControllerManager}. The declaration is
 * applied when the configuration is created or changed, when its robot's manager arrives, and when a factory of its
 * type arrives (a controller bundle installed or updated; it is checked again for five seconds after that, while the
 * cell moves the instances of code that went away). Until the state is reached (hardware not up, type not served)
 * it is tried again every 500 ms; once reached it is not enforced. Deleting the configuration deactivates the
 * controller (at one cycle boundary) and unloads it. The work runs on a thread of the component; DS callbacks only
 * queue it.
 */
@Component(configurationPid = DeclaredController.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
@Designate(ocd = DeclaredController.Config.class, factory = true)
public final class DeclaredController {

    static final String PID = "org.robocell.controller";
    private static final System.Logger LOG = System.getLogger("org.robocell.cell");
    /** How often, and how far apart, the declaration is tried again while a new factory reaches the robot. */
    private static final int TYPE_RETRIES = 50;
    private static final long RETRY_MILLIS = 100;
    /** How far apart a declaration not reached yet is tried again (hardware not up, type not served). */
    private static final long PATIENCE_MILLIS = 500;

    @ObjectClassDefinition(name = "RoboCell controller", description = "A controller loaded into a robot of the cell"
            + " and kept in a lifecycle state. Parameters are the properties param.<name> (values as in controller:set:"
            + " numbers, true/false, [a,b] lists, strings) and the entries of 'parameters'.")
    @interface Config {

        @AttributeDefinition(description = "The robot (robocell.robot) to load the controller into; empty: the cell's"
                + " only robot")
        String robot() default "";

        @AttributeDefinition(description = "The controller's name")
        String name();

        @AttributeDefinition(description = "Controller type string, e.g. forward_command_controller/ForwardCommandController;"
                + " empty: the type the robot's controllers file declares for the name")
        String type() default "";

        @AttributeDefinition(description = "The lifecycle state to reach", options = {
                @Option(label = "loaded (unconfigured)", value = "loaded"),
                @Option(label = "configured (inactive)", value = "configured"),
                @Option(label = "active", value = "active") })
        String state() default "active";

        @AttributeDefinition(description = "Parameters as key=value entries (the same as param.<key>=value properties),"
                + " e.g. joints=[joint1,joint2]")
        String[] parameters() default {};
    }

    private final List<ControllerManager> managers = new CopyOnWriteArrayList<>();
    private final ParameterProbe probe;
    private final ScheduledExecutorService worker;
    private volatile Spec spec;
    /** The current attempt; a scheduled retry of an older one ends (worker thread only). */
    private int chain;
    /** The last problem logged (worker thread only). */
    private String lastProblem;

    /**
     * A configuration that cannot be read (no name, an unknown key, a value the value reader refuses) is logged in
     * one line naming its file and does nothing until it is changed.
     */
    @Activate
    public DeclaredController(BundleContext context, Map<String, Object> properties) {
        probe = new ParameterProbe(context);
        Spec s = read(properties);
        String thread = "robocell-controller-" + (s == null ? "?" : s.name());
        ScheduledThreadPoolExecutor w = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, thread);
            t.setDaemon(true);
            return t;
        });
        w.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        worker = w;
        spec = s;
        if (s != null) {
            worker.execute(() -> apply(s, null, 0));
        }
    }

    /** A changed configuration that cannot be read is refused in one line; the declaration stays as it was. */
    @Modified
    void modified(Map<String, Object> properties) {
        Spec next = read(properties);
        if (next == null) {
            return;
        }
        Spec previous = spec;
        spec = next;
        worker.execute(() -> {
            if (!next.sameController(previous)) {
                remove(previous);
                apply(next, null, 0);
            } else {
                apply(next, previous.parameters().equals(next.parameters()) ? null : next.parameters(), 0);
            }
        });
    }

    /** The declaration, or null after logging in one line why it cannot be read. */
    private static Spec read(Map<String, Object> properties) {
        try {
            return Spec.of(properties);
        } catch (IllegalArgumentException e) {
            Object file = properties.get("felix.fileinstall.filename");
            Object where = file != null ? file : properties.getOrDefault("service.pid", PID);
            LOG.log(Level.WARNING, "{0}: {1}; the declaration is not applied", where, e.getMessage());
            return null;
        }
    }

    @Deactivate
    void deactivate() {
        Spec last = spec;
        worker.execute(() -> remove(last));
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Reference(service = ControllerManager.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addManager(ControllerManager manager) {
        managers.add(manager);
        Spec s = spec;
        if (s != null && (s.robot().isEmpty() || s.robot().equals(manager.robot()))) {
            submit(() -> apply(s, null, 0));
        }
    }

    void removeManager(ControllerManager manager) {
        managers.remove(manager);
    }

    /** A factory arrived (a controller bundle installed or updated): the declaration may be loadable now. */
    @Reference(service = ControllerFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void addFactory(ServiceReference<ControllerFactory> ref) {
        probe.add(ref);
        Spec s = spec;
        Object types = ref.getProperty(ControllerFactory.TYPE);
        if (s != null && (s.type().isEmpty() || Spec.list(types).contains(s.type()))) {
            submit(() -> apply(s, null, TYPE_RETRIES));
        }
    }

    void removeFactory(ServiceReference<ControllerFactory> ref) {
        probe.remove(ref);
        // the cell deactivates and unloads the instances of a type that goes; the declaration waits for its return
    }

    private void submit(Runnable task) {
        if (!worker.isShutdown()) {
            try {
                worker.execute(task);
            } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
                // the configuration is going away
            }
        }
    }

    private ControllerManager manager(Spec s) {
        List<ControllerManager> all = List.copyOf(managers);
        if (s.robot().isEmpty()) {
            return all.size() == 1 ? all.get(0) : null;
        }
        for (ControllerManager m : all) {
            if (m.robot().equals(s.robot())) {
                return m;
            }
        }
        return null;
    }

    /** Starts applying a declaration (worker thread); an earlier attempt still waiting to try again stops. */
    private void apply(Spec s, Map<String, Object> changed, int retries) {
        converge(s, changed, retries, ++chain);
    }

    /**
     * Takes the controller towards the declared state and, until it is there, tries again ({@code retries} times
     * every 100 ms after a factory arrived, then every 500 ms: hardware that comes up late, a type the robot does
     * not serve yet). {@code changed} are parameters changed by a configuration update (null: none).
     */
    private void converge(Spec s, Map<String, Object> changed, int retries, int id) {
        if (s != spec || id != chain || worker.isShutdown()) {
            return;
        }
        ControllerManager m = manager(s);
        if (m == null) {
            if (s.robot().isEmpty() && managers.size() > 1) {
                problem(s, "the cell runs several robots; name one with 'robot'");
            }
            return; // a robot's manager arriving applies it again
        }
        boolean reached;
        try {
            reached = new Attempt(m, s, probe, message -> problem(s, message)).run(changed);
        } catch (RuntimeException e) {
            problem(s, "declaration not applied: " + e);
            reached = false;
        }
        if (reached) {
            lastProblem = null;
        }
        if (!reached || retries > 0) {
            long delay = retries > 0 ? RETRY_MILLIS : PATIENCE_MILLIS;
            try {
                worker.schedule(() -> converge(s, null, Math.max(retries - 1, 0), id), delay, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
                // the configuration is going away
            }
        }
    }

    /** Deactivates (at one cycle boundary) and unloads the controller a configuration declared (worker thread). */
    private void remove(Spec s) {
        ControllerManager m = s == null ? null : manager(s);
        if (m == null) {
            return;
        }
        try {
            new Attempt(m, s, probe, message -> problem(s, message)).remove();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "controller " + s.name() + ": not unloaded: " + e.getMessage(), e);
        }
    }

    /** Logs what keeps a declaration from being applied, once until it changes. */
    private void problem(Spec s, String message) {
        if (!message.equals(lastProblem)) {
            lastProblem = message;
            LOG.log(Level.WARNING, "controller {0}: {1}", s.name(), message);
        }
    }
}
