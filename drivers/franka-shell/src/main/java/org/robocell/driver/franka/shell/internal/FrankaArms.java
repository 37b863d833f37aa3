package org.robocell.driver.franka.shell.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.condition.Condition;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.text.Suggestions;
import org.robocell.driver.franka.api.FrankaRobot;

/**
 * The Franka arms of the cell as the shell finds them: each robot's hardware components served by the Franka driver
 * ({@value #PLUGIN}), and the driver's {@link FrankaRobot} service of each by the component's name.
 */
@Component(service = FrankaArms.class)
public final class FrankaArms {

    /** franka_ros2's plugin name, which the Franka driver serves. */
    static final String PLUGIN = "franka_hardware/FrankaHardwareInterface";

    /** One arm: the robot (its loop) and the component's service. */
    record Arm(String robot, String component, FrankaRobot robotService, LifecycleState state) {

        /** {@code FR3System (fr3)}. */
        String label() {
            return component + " (" + robot + ")";
        }
    }

    /** The cell's robot configurations (bundles/cell). */
    private static final String ROBOT_FACTORY_PID = "org.robocell.cell.robot";
    private static final long STARTING_WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final List<ControllerManager> managers = new CopyOnWriteArrayList<>();
    /** Robots the cell has brought up as configured ({@link ControllerManager#STARTED}). */
    private final Set<ControllerManager> started = ConcurrentHashMap.newKeySet();
    /** The last wait ran out: no command waits again until a robot arrives or comes up. */
    private volatile boolean waitedInVain;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ConfigurationAdmin configurationAdmin;

    /** A default cell's files come with the start (robocell.cell.default or robocell.cell.folder set). */
    private volatile boolean defaultCellExpected;
    @Reference(service = Condition.class, cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, target = "(" + Condition.CONDITION_ID + "="
                    + ControllerManager.CONFIGURATION_APPLIED + ")")
    private volatile Condition configurationApplied;

    @Activate
    void activate(BundleContext context) {
        defaultCellExpected = set(context.getProperty("robocell.cell.default"))
                || set(context.getProperty("robocell.cell.folder"));
    }

    private static boolean set(String property) {
        return property != null && !property.isBlank();
    }
    private final Map<FrankaRobot, String> services = new ConcurrentHashMap<>();

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
        waitedInVain = false;
    }

    void removeManager(ControllerManager manager) {
        managers.remove(manager);
        started.remove(manager);
    }

    /**
     * Waits (bounded) until every robot configured in the cell (the one named, or all) runs and has been brought up:
     * a script run right at the start must not find the robot missing or its arm without its driver yet.
     */
    private void awaitStarted(String robot) {
        long deadline = System.nanoTime() + STARTING_WAIT_NANOS;
        while (!waitedInVain && !allStarted(robot)) {
            if (System.nanoTime() - deadline >= 0) {
                waitedInVain = true; // a robot that never comes up delays one command, not each
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    private boolean allStarted(String robot) {
        if (defaultCellExpected && (configurationAdmin == null || configurationApplied == null)) {
            return false; // the start's configurations are still on their way (ControllerManager.CONFIGURATION_APPLIED)
        }
        for (String name : configuredRobots()) {
            if (!robot.isEmpty() && !robot.equals(name)) {
                continue;
            }
            if (managers.stream().noneMatch(m -> m.robot().equals(name) && started.contains(m))) {
                return false;
            }
        }
        return true;
    }

    private List<String> configuredRobots() {
        ConfigurationAdmin admin = configurationAdmin;
        List<String> names = new ArrayList<>();
        try {
            Configuration[] robots = admin == null ? null
                    : admin.listConfigurations("(service.factoryPid=" + ROBOT_FACTORY_PID + ")");
            for (Configuration c : robots == null ? new Configuration[0] : robots) {
                Object name = c.getProperties() == null ? null : c.getProperties().get("name");
                if (name != null) {
                    names.add(name.toString());
                }
            }
        } catch (IOException | InvalidSyntaxException e) {
            // no configurations to wait for
        }
        return names;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            unbind = "removeRobot")
    void addRobot(FrankaRobot robot, Map<String, Object> properties) {
        services.put(robot, String.valueOf(properties.get(FrankaRobot.COMPONENT)));
    }

    void removeRobot(FrankaRobot robot) {
        services.remove(robot);
    }

    /** The robots of the cell that have a Franka arm, for completion and messages. */
    List<String> robotsWithArms() {
        List<String> names = new ArrayList<>();
        for (ControllerManager m : managers) {
            if (!frankaComponents(m).isEmpty()) {
                names.add(m.robot());
            }
        }
        return names;
    }

    /**
     * The arm a command means: on robot {@code robot} (empty: whichever robot has one), component {@code component}
     * (empty: the robot's only Franka component). Each way of not finding exactly one is one line.
     */
    Arm pick(String robot, String component) {
        awaitStarted(robot);
        List<ControllerManager> candidates = new ArrayList<>();
        if (robot.isEmpty()) {
            candidates.addAll(managers);
        } else {
            ControllerManager m = managers.stream().filter(x -> x.robot().equals(robot)).findFirst().orElseThrow(
                    () -> new FrankaShellException("unknown robot '" + robot + "'" + Suggestions.didYouMeanOrKnown(
                            robot, managers.stream().map(ControllerManager::robot).toList())));
            candidates.add(m);
        }
        List<Object[]> found = new ArrayList<>(); // {robot, snapshot}
        List<String> all = new ArrayList<>();
        for (ControllerManager m : candidates) {
            for (HardwareSnapshot h : frankaComponents(m)) {
                all.add(h.name());
                if (component.isEmpty() || component.equals(h.name())) {
                    found.add(new Object[] { m.robot(), h });
                }
            }
        }
        if (found.isEmpty()) {
            String where = robot.isEmpty() ? "the cell" : "robot '" + robot + "'";
            if (all.isEmpty()) {
                throw new FrankaShellException(where
                        + " has no Franka arm (no hardware component on " + PLUGIN + ")");
            }
            throw new FrankaShellException("no Franka component '" + component + "' on " + where
                    + Suggestions.didYouMeanOrKnown(component, all));
        }
        if (found.size() > 1) {
            List<String> named = found.stream().map(f -> f[0] + "/" + ((HardwareSnapshot) f[1]).name()).toList();
            throw new FrankaShellException("the cell has " + found.size() + " Franka arms " + named + ": say which"
                    + " with -r ROBOT" + (robot.isEmpty() ? "" : " and -c COMPONENT"));
        }
        String r = (String) found.get(0)[0];
        HardwareSnapshot h = (HardwareSnapshot) found.get(0)[1];
        String c = h.name();
        List<FrankaRobot> serving = services.entrySet().stream().filter(e -> e.getValue().equals(c))
                .map(Map.Entry::getKey).toList();
        if (serving.isEmpty()) {
            throw new FrankaShellException("'" + c + "' of robot '" + r + "' has no FrankaRobot service: the Franka"
                    + " driver is not running it (hardware:list -r " + r + " shows why)");
        }
        if (serving.size() > 1) {
            throw new FrankaShellException(serving.size() + " Franka components in the cell are named '" + c
                    + "': give them distinct names in their URDFs (<ros2_control name=...>)");
        }
        return new Arm(r, c, serving.get(0), h.state());
    }

    private static List<HardwareSnapshot> frankaComponents(ControllerManager m) {
        return m.hardware().stream().filter(h -> PLUGIN.equals(h.plugin())).toList();
    }
}
