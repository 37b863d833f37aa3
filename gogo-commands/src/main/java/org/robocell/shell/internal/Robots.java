package org.robocell.shell.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.condition.Condition;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.text.Suggestions;

/**
 * The robot loops of the cell, as the shell finds them: one ControllerManager service per robot. A robot that is
 * configured but still starting (a script run right at the start of the runtime, a configuration just changed) is
 * waited for, a bounded time, until the cell says it is up ({@link ControllerManager#STARTED}), rather than
 * reported missing or found without its controllers.
 */
@Component(service = Robots.class)
public final class Robots {

    /** What -r means on every command that takes it, for help. */
    static final String OPTION = "the robot (needed when the cell runs several and the names do not tell);"
            + " a controller name without a namespace is taken in the robot's namespace";

    /** The cell's robot configurations (bundles/cell: RobotComponent.PID). */
    private static final String ROBOT_FACTORY_PID = "org.robocell.cell.robot";
    private static final long STARTING_WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final List<ControllerManager> managers = new CopyOnWriteArrayList<>();
    /** Managers the cell has brought up as configured ({@link ControllerManager#STARTED}). */
    private final Set<ControllerManager> started = ConcurrentHashMap.newKeySet();
    private final Object arrivals = new Object();
    private final Map<ControllerManager, String> waiting = new ConcurrentHashMap<>();
    /** Each robot's namespace ({@link ControllerManager#NAMESPACE}), for robots that have one. */
    private final Map<ControllerManager, String> namespaces = new ConcurrentHashMap<>();

    /** FileInstall's folder, or null. */
    private volatile Path deployFolder;

    /** The last wait ran out; no command waits again until a robot arrives or comes up. */
    private volatile boolean waitedInVain;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ConfigurationAdmin configurationAdmin;

    /** Whether the runtime has a default cell (bundles/cell: DefaultCell), whose robots come with its files. */
    private volatile boolean defaultCellExpected;
    /** Whether the default cell has applied its files ({@link ControllerManager#CONFIGURATION_APPLIED} is there). */
    private volatile boolean defaultCellApplied;

    @Reference(service = Condition.class, cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, target = "(" + Condition.CONDITION_ID + "="
                    + ControllerManager.CONFIGURATION_APPLIED + ")",
            unbind = "defaultCellGone")
    void defaultCellApplied(Condition applied) {
        defaultCellApplied = true;
        waitedInVain = false;
        synchronized (arrivals) {
            arrivals.notifyAll();
        }
    }

    void defaultCellGone(Condition applied) {
        defaultCellApplied = false;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            updated = "updatedManager", unbind = "removeManager")
    void addManager(ControllerManager manager, Map<String, Object> properties) {
        managers.add(manager);
        updatedManager(manager, properties);
    }

    void updatedManager(ControllerManager manager, Map<String, Object> properties) {
        if (Boolean.TRUE.equals(properties.get(ControllerManager.STARTED))) {
            started.add(manager);
        }
        Object ns = properties.get(ControllerManager.NAMESPACE);
        if (ns == null || ns.toString().isBlank()) {
            namespaces.remove(manager);
        } else {
            namespaces.put(manager, ns.toString().replaceAll("^/+|/+$", ""));
        }
        Object w = properties.get(ControllerManager.WAITING);
        if (w == null) {
            waiting.remove(manager);
        } else {
            waiting.put(manager, w.toString());
        }
        waitedInVain = false;
        synchronized (arrivals) {
            arrivals.notifyAll();
        }
    }

    void removeManager(ControllerManager manager) {
        managers.remove(manager);
        started.remove(manager);
        waiting.remove(manager);
        namespaces.remove(manager);
    }

    /**
     * A controller name as the robot's loop knows it: a name without a namespace that the robot does not know as it
     * is gets the robot's namespace ({@code -r kr6 joint_trajectory_controller} is
     * {@code kr6/joint_trajectory_controller}), as ROS 2 resolves a relative name in the node's namespace.
     */
    String qualified(ControllerManager m, String name) {
        String ns = namespaces.get(m);
        if (ns == null || name == null || name.isEmpty() || name.contains("/") || m.controller(name).isPresent()
                || m.declaredControllers().containsKey(name)) {
            return name;
        }
        return ns + "/" + name;
    }

    /** The robot's namespace without slashes ({@code kr6}), empty when it has none. */
    String namespace(ControllerManager m) {
        return namespaces.getOrDefault(m, "");
    }

    /** {@link #qualified(ControllerManager, String)} of each name. */
    List<String> qualified(ControllerManager m, List<String> names) {
        return names.stream().map(n -> qualified(m, n)).toList();
    }

    /** What keeps the robot from coming up (see {@link ControllerManager#WAITING}), or null. */
    String waiting(ControllerManager manager) {
        // a robot that came up is not waiting, whatever its last report said while it started
        return started.contains(manager) ? null : waiting.get(manager);
    }

    /** All robots, sorted by name. */
    List<ControllerManager> all() {
        List<ControllerManager> sorted = new ArrayList<>(managers);
        sorted.sort(Comparator.comparing(ControllerManager::robot));
        return sorted;
    }

    /**
     * The robot a command is about: the named one, or the only one when no name is given.
     *
     * @throws CommandFailed naming the robots there are when the choice is unclear
     */
    ControllerManager pick(String robot) {
        List<ControllerManager> all = awaitStarting(robot);
        if (all.isEmpty()) {
            throw new CommandFailed(noneRunning());
        }
        if (robot == null || robot.isEmpty()) {
            if (all.size() == 1) {
                return all.get(0);
            }
            throw new CommandFailed("the cell runs " + all.size() + " robots " + names(all) + ": choose one with -r NAME");
        }
        for (ControllerManager m : all) {
            if (m.robot().equals(robot)) {
                return m;
            }
        }
        throw new CommandFailed("no robot '" + robot + "'" + Suggestions.didYouMean(robot, names(all))
                + "; the cell runs " + names(all));
    }

    /** The robot that has a controller of that name (namespaced names are unique across robots). */
    ControllerManager withController(String robot, String controller) {
        if (robot != null && !robot.isEmpty()) {
            return pick(robot);
        }
        List<ControllerManager> all = awaitStarting(null);
        if (all.size() > 1) {
            for (ControllerManager m : all) {
                if (knows(m, controller)) {
                    return m;
                }
            }
            // a short name that exactly one robot has in its namespace
            List<ControllerManager> inNamespace = all.stream()
                    .filter(m -> !qualified(m, controller).equals(controller) && knows(m, qualified(m, controller)))
                    .toList();
            if (inNamespace.size() == 1) {
                return inNamespace.get(0);
            }
        }
        return pick(null);
    }

    private static boolean knows(ControllerManager m, String controller) {
        return m.controller(controller).isPresent() || m.declaredControllers().containsKey(controller);
    }

    /**
     * The robots, once the one asked for runs (every configured one, without a name: with two robots configured and
     * one up, a command without -r must not pick the one that happens to be up), or after a bounded wait: a robot
     * whose configuration fails to start is reported missing then, and its own log line says why.
     */
    List<ControllerManager> awaitStarting(String robot) {
        long deadline = System.nanoTime() + STARTING_WAIT_NANOS;
        while (true) {
            List<ControllerManager> all = all();
            if (waitedInVain || !configuredButNotRunning(robot, all) && startedAll(robot, all)) {
                return all;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                waitedInVain = true; // a robot that does not come up (its driver missing) delays one command, not each
                return all;
            }
            synchronized (arrivals) {
                try {
                    arrivals.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 100)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return all;
                }
            }
        }
    }

    /** Whether the robot named (every robot, without a name) has been brought up as configured. */
    private boolean startedAll(String robot, List<ControllerManager> running) {
        for (ControllerManager m : running) {
            if ((robot == null || robot.isEmpty() || m.robot().equals(robot)) && !started.contains(m)) {
                return false;
            }
        }
        return true;
    }

    @Activate
    void activate(BundleContext context) {
        String dir = context.getProperty("felix.fileinstall.dir");
        deployFolder = dir == null ? null : Path.of(dir);
        defaultCellExpected = set(context.getProperty("robocell.cell.default"))
                || set(context.getProperty("robocell.cell.folder"));
    }

    /**
     * Whether what is configured can be known yet. In the runtime ConfigAdmin hands the stored configurations over on
     * a thread of its own (org.robocell.state), after the shell is ready, and the default cell applies its files
     * after that: until both are done, a robot still to come cannot be told from none.
     */
    boolean configurationKnown() {
        return !defaultCellExpected || configurationAdmin != null && defaultCellApplied;
    }

    private static boolean set(String property) {
        return property != null && !property.isBlank();
    }

    /**
     * Whether a robot (the one named, or any) is configured and has no running loop: in ConfigAdmin, or in a
     * {@code deploy/} file that FileInstall has not delivered yet (a script starts before FileInstall's first scan).
     */
    private boolean configuredButNotRunning(String robot, List<ControllerManager> running) {
        for (String n : DeployedRobots.names(deployFolder)) {
            boolean wanted = robot == null || robot.isEmpty() || robot.equals(n);
            if (wanted && running.stream().noneMatch(m -> m.robot().equals(n))) {
                return true;
            }
        }
        if (!configurationKnown()) {
            return true;
        }
        ConfigurationAdmin admin = configurationAdmin;
        if (admin == null) {
            return false;
        }
        Configuration[] robots;
        try {
            robots = admin.listConfigurations("(service.factoryPid=" + ROBOT_FACTORY_PID + ")");
        } catch (IOException | InvalidSyntaxException e) {
            return false;
        }
        for (Configuration c : robots == null ? new Configuration[0] : robots) {
            Dictionary<String, Object> p = propertiesOf(c);
            if (p == null) {
                continue;
            }
            Object name = p.get("name");
            String n = name == null ? null : name.toString();
            boolean wanted = robot == null || robot.isEmpty() || robot.equals(n);
            if (wanted && running.stream().noneMatch(m -> m.robot().equals(n))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why no robot runs: none is configured, or the configured ones did not start (their own log line says why: a
     * file that does not parse, a bad setting).
     */
    String noneRunning() {
        List<String> configured = new ArrayList<>();
        ConfigurationAdmin admin = configurationAdmin;
        try {
            Configuration[] robots = admin == null ? null
                    : admin.listConfigurations("(service.factoryPid=" + ROBOT_FACTORY_PID + ")");
            for (Configuration c : robots == null ? new Configuration[0] : robots) {
                Dictionary<String, Object> p = propertiesOf(c);
                if (p == null) {
                    continue;
                }
                Object name = p.get("name");
                Object file = p.get("felix.fileinstall.filename");
                configured.add("'" + name + "'" + (file == null ? "" : " (" + file + ")"));
            }
        } catch (IOException | InvalidSyntaxException e) {
            // fall through to the plain answer
        }
        if (configured.isEmpty()) {
            return "no robot is running: the cell has no robot configured (see cell:status)";
        }
        return "no robot is running: " + String.join(", ", configured) + (configured.size() == 1 ? " is" : " are")
                + " configured but did not start; the log line 'robot ... could not start: ...' says why";
    }

    /**
     * A configuration's properties, or null when it has none or was deleted since it was listed (the default cell's
     * robots are deleted while a deployed robot takes their place: a command typed then answered "Configuration
     * org.robocell.cell.robot~kr6 deleted").
     */
    private static Dictionary<String, Object> propertiesOf(Configuration c) {
        try {
            return c.getProperties();
        } catch (IllegalStateException deleted) {
            return null;
        }
    }

    private static List<String> names(List<ControllerManager> all) {
        return all.stream().map(ControllerManager::robot).toList();
    }
}
