package org.robocell.declared.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.lifecycle.LifecycleState;

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
    /** Configuration properties with this prefix are the controller's parameters. */
    static final String PARAM = "param.";
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

    /** What one configuration asks for. */
    record Spec(String robot, String name, String type, int target, Map<String, Object> parameters) {

        static Spec of(Map<String, ?> properties) {
            String name = text(properties.get("name"));
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a controller configuration (" + PID + ") needs a 'name'");
            }
            String state = text(properties.get("state"));
            int target = switch (state.isEmpty() ? "active" : state.toLowerCase(Locale.ROOT)) {
                case "loaded", "unconfigured" -> 0;
                case "configured", "inactive" -> 1;
                case "active" -> 2;
                default -> throw new IllegalArgumentException("controller '" + name + "': state '" + state
                        + "' is not one of loaded, configured, active");
            };
            Map<String, Object> params = new LinkedHashMap<>();
            for (Object entry : list(properties.get("parameters"))) {
                String e = String.valueOf(entry);
                int eq = e.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("controller '" + name + "': parameter '" + e + "' is not key=value");
                }
                params.put(e.substring(0, eq).trim(), ParameterValues.parse(e.substring(eq + 1)));
            }
            properties.keySet().stream().filter(k -> k.startsWith(PARAM) && k.length() > PARAM.length()).sorted()
                    .forEach(k -> params.put(k.substring(PARAM.length()), ParameterValues.value(properties.get(k))));
            return new Spec(text(properties.get("robot")), name, text(properties.get("type")), target, Map.copyOf(params));
        }

        boolean sameController(Spec other) {
            return other != null && robot.equals(other.robot) && name.equals(other.name) && type.equals(other.type);
        }

        private static String text(Object o) {
            return o == null ? "" : String.valueOf(o).trim();
        }

        private static List<Object> list(Object o) {
            List<Object> out = new ArrayList<>();
            if (o instanceof Object[] a) {
                out.addAll(List.of(a));
            } else if (o instanceof Collection<?> c) {
                out.addAll(c);
            } else if (o != null && !String.valueOf(o).isBlank()) {
                out.add(o);
            }
            return out;
        }
    }

    private final List<ControllerManager> managers = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService worker;
    private volatile Spec spec;
    /** The current attempt; a scheduled retry of an older one ends (worker thread only). */
    private int chain;
    /** The last problem logged (worker thread only). */
    private String lastProblem;

    @Activate
    public DeclaredController(Map<String, Object> properties) {
        Spec s = Spec.of(properties);
        ScheduledThreadPoolExecutor w = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "robocell-controller-" + s.name());
            t.setDaemon(true);
            return t;
        });
        w.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        worker = w;
        spec = s;
        worker.execute(() -> apply(s, null, 0));
    }

    @Modified
    void modified(Map<String, Object> properties) {
        Spec next = Spec.of(properties);
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
        Spec s = spec;
        Object types = ref.getProperty(ControllerFactory.TYPE);
        if (s != null && (s.type().isEmpty() || Spec.list(types).contains(s.type()))) {
            submit(() -> apply(s, null, TYPE_RETRIES));
        }
    }

    void removeFactory(ServiceReference<ControllerFactory> ref) {
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
            reached = attempt(m, s, changed);
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

    /** One attempt; whether the controller is in the declared state afterwards. */
    private boolean attempt(ControllerManager m, Spec s, Map<String, Object> changed) {
        ControllerSnapshot c = m.controller(s.name()).orElse(null);
        if (c == null) {
            if (!s.type().isEmpty() && !m.types().contains(s.type())) {
                problem(s, "waiting for type " + s.type() + " on robot " + m.robot());
                return false;
            }
            Result r = s.type().isEmpty() ? m.load(s.name()) : m.load(s.name(), s.type());
            if (!r.ok() && m.controller(s.name()).isEmpty()) {
                problem(s, r.message());
                return false;
            }
            changed = s.parameters();
            c = m.controller(s.name()).orElseThrow();
        } else if (!s.type().isEmpty() && !s.type().equals(c.type())) {
            problem(s, "robot " + m.robot() + " runs it as type " + c.type() + ", the configuration declares " + s.type());
            return false;
        } else if (c.state() == LifecycleState.UNCONFIGURED && !s.parameters().isEmpty()) {
            changed = s.parameters();
        }
        boolean reconfigure = false;
        if (changed != null && !changed.isEmpty()) {
            if (c.state() == LifecycleState.ACTIVE && !m.setParameters(s.name(), changed).ok()) {
                // not live parameters: take it down, give it the parameters and bring it up again below
                step(m, s, List.of(), List.of(s.name()));
                check(m.setParameters(s.name(), changed), s);
                reconfigure = true;
            } else if (c.state() != LifecycleState.ACTIVE) {
                check(m.setParameters(s.name(), changed), s);
                reconfigure = c.state() == LifecycleState.INACTIVE;
            }
        }
        if (reconfigure && s.target() >= 1) {
            check(m.configure(s.name()), s);
        }
        for (int guard = 0; guard < 4; guard++) {
            int rank = rank(m.controller(s.name()).map(ControllerSnapshot::state).orElse(null));
            if (rank == s.target()) {
                return true;
            }
            if (rank < 0) {
                return false;
            }
            boolean moved;
            if (rank < s.target()) {
                moved = rank == 0 ? check(m.configure(s.name()), s) : step(m, s, List.of(s.name()), List.of());
            } else {
                moved = rank == 2 ? step(m, s, List.of(), List.of(s.name())) : check(m.cleanup(s.name()), s);
            }
            if (!moved) {
                return false;
            }
        }
        return false;
    }

    /** Deactivates (at one cycle boundary) and unloads the controller the configuration declared. */
    private void remove(Spec s) {
        ControllerManager m = s == null ? null : manager(s);
        if (m == null) {
            return;
        }
        try {
            ControllerSnapshot c = m.controller(s.name()).orElse(null);
            if (c == null) {
                return;
            }
            if (c.state() == LifecycleState.ACTIVE) {
                step(m, s, List.of(), List.of(s.name()));
            }
            check(m.unload(s.name()), s);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "controller " + s.name() + ": not unloaded: " + e.getMessage(), e);
        }
    }

    private boolean step(ControllerManager m, Spec s, List<String> activate, List<String> deactivate) {
        SwitchResult r = m.switchControllers(activate, deactivate, Strictness.STRICT, 0).toCompletableFuture()
                .orTimeout(30, TimeUnit.SECONDS).join();
        if (!r.ok()) {
            problem(s, r.message());
        }
        return r.ok();
    }

    private boolean check(Result r, Spec s) {
        if (!r.ok()) {
            problem(s, r.message());
        }
        return r.ok();
    }

    /** Logs what keeps a declaration from being applied, once until it changes. */
    private void problem(Spec s, String message) {
        if (!message.equals(lastProblem)) {
            lastProblem = message;
            LOG.log(Level.WARNING, "controller {0}: {1}", s.name(), message);
        }
    }

    private static int rank(LifecycleState state) {
        if (state == null) {
            return -1;
        }
        return switch (state) {
            case UNCONFIGURED -> 0;
            case INACTIVE -> 1;
            case ACTIVE -> 2;
            default -> -1;
        };
    }

    /** Parameter values: typed ConfigAdmin values as they are, text read like YAML (as controller:set does). */
    static final class ParameterValues {

        private ParameterValues() {
        }

        static Object value(Object o) {
            if (o instanceof String s) {
                return parse(s);
            }
            if (o instanceof Object[] || o instanceof Collection<?> || o != null && o.getClass().isArray()) {
                List<Object> out = new ArrayList<>();
                if (o instanceof Collection<?> c) {
                    c.forEach(e -> out.add(value(e)));
                } else {
                    int n = java.lang.reflect.Array.getLength(o);
                    for (int i = 0; i < n; i++) {
                        out.add(value(java.lang.reflect.Array.get(o, i)));
                    }
                }
                return out;
            }
            return Objects.requireNonNull(o);
        }

        static Object parse(String text) {
            String t = text.trim();
            if (t.startsWith("[") && t.endsWith("]")) {
                List<Object> list = new ArrayList<>();
                String inner = t.substring(1, t.length() - 1).trim();
                if (!inner.isEmpty()) {
                    for (String item : inner.split(",")) {
                        list.add(parse(item));
                    }
                }
                return list;
            }
            if (t.equals("true") || t.equals("false")) {
                return Boolean.valueOf(t);
            }
            if (t.matches("[+-]?\\d{1,18}")) {
                return Long.valueOf(t);
            }
            if (t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
                return Double.valueOf(t);
            }
            if (t.length() >= 2 && (t.startsWith("'") && t.endsWith("'") || t.startsWith("\"") && t.endsWith("\""))) {
                return t.substring(1, t.length() - 1);
            }
            return t;
        }
    }
}
