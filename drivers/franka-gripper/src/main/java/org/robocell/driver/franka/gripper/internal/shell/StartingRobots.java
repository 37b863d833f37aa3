package org.robocell.driver.franka.gripper.internal.shell;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.robocell.api.cell.ControllerManager;

/**
 * Which of the cell's configured robots have come up ({@link ControllerManager#STARTED}): a script run right at the
 * start must not find the Hand missing because its robot is still connecting. The wait is bounded, and after one wait
 * in vain no command waits again until a robot arrives or comes up.
 */
final class StartingRobots {

    private static final String ROBOT_FACTORY_PID = "org.robocell.cell.robot";
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final Map<ControllerManager, String> managers = new ConcurrentHashMap<>();
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private volatile ConfigurationAdmin configurationAdmin;
    private volatile boolean waitedInVain;

    void configurationAdmin(ConfigurationAdmin admin) {
        this.configurationAdmin = admin;
    }

    void removeConfigurationAdmin(ConfigurationAdmin admin) {
        if (configurationAdmin == admin) {
            configurationAdmin = null;
        }
    }

    void updated(ControllerManager manager, Map<String, Object> properties) {
        managers.put(manager, manager.robot());
        if (Boolean.TRUE.equals(properties.get(ControllerManager.STARTED))) {
            started.add(manager.robot());
        }
        waitedInVain = false;
    }

    void removed(ControllerManager manager) {
        String robot = managers.remove(manager);
        if (robot != null) {
            started.remove(robot);
        }
    }

    /** Waits (bounded) until every configured robot has come up. */
    void await() {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!waitedInVain && !started.containsAll(configured())) {
            if (System.nanoTime() - deadline >= 0) {
                waitedInVain = true;
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    private List<String> configured() {
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
            // nothing to wait for
        }
        return names;
    }
}
