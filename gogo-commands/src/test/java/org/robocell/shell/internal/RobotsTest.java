package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.Dictionary;
import java.util.Hashtable;

import org.junit.jupiter.api.Test;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;

/** What the shell says when no robot runs: whether one is configured decides what is wrong. */
class RobotsTest {

    private static Robots withConfigurations(Configuration... configurations) throws Exception {
        Robots robots = new Robots();
        ConfigurationAdmin admin = (ConfigurationAdmin) Proxy.newProxyInstance(RobotsTest.class.getClassLoader(),
                new Class<?>[] {ConfigurationAdmin.class}, (proxy, method, args) -> {
                    if (method.getName().equals("listConfigurations")) {
                        return configurations.length == 0 ? null : configurations;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        Field f = Robots.class.getDeclaredField("configurationAdmin");
        f.setAccessible(true);
        f.set(robots, admin);
        return robots;
    }

    private static Configuration robot(String name, String file) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", name);
        props.put("felix.fileinstall.filename", file);
        return (Configuration) Proxy.newProxyInstance(RobotsTest.class.getClassLoader(),
                new Class<?>[] {Configuration.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getProperties")) {
                        return props;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    /**
     * In the runtime (a default cell configured) the configurations arrive after the shell is ready: what is
     * configured is known once ConfigAdmin is there and the default cell has applied its files, not before (a script's
     * first command once said "no robot is running" in between).
     */
    @Test
    void whatIsConfiguredIsKnownOnceConfigAdminIsThereAndTheDefaultCellHasAppliedItsFiles() throws Exception {
        Robots robots = new Robots();
        robots.activate((org.osgi.framework.BundleContext) Proxy.newProxyInstance(RobotsTest.class.getClassLoader(),
                new Class<?>[] {org.osgi.framework.BundleContext.class}, (proxy, method, args) ->
                        "getProperty".equals(method.getName()) && "robocell.cell.default".equals(args[0])
                                ? "runtime/cell" : null));
        assertEquals(false, robots.configurationKnown(), "nothing there yet");
        Robots withAdmin = withConfigurations();
        Field expected = Robots.class.getDeclaredField("defaultCellExpected");
        expected.setAccessible(true);
        expected.set(withAdmin, true);
        assertEquals(false, withAdmin.configurationKnown(), "ConfigAdmin there, the default cell not applied");
        withAdmin.defaultCellApplied(org.osgi.service.condition.Condition.INSTANCE);
        assertEquals(true, withAdmin.configurationKnown());
        withAdmin.defaultCellGone(org.osgi.service.condition.Condition.INSTANCE);
        assertEquals(false, withAdmin.configurationKnown(), "the cell going away");
        assertEquals(true, new Robots().configurationKnown(), "a framework without a default cell: what CM holds");
    }

    @Test
    void withoutAConfiguredRobotTheCellHasNone() throws Exception {
        assertEquals("no robot is running: the cell has no robot configured (see cell:status)",
                withConfigurations().noneRunning());
    }

    @Test
    void aConfiguredRobotThatDidNotStartIsNamedWithItsFile() throws Exception {
        assertEquals("no robot is running: 'solo' (file:/cell/deploy/org.robocell.cell.robot-solo.cfg) is configured "
                + "but did not start; the log line 'robot ... could not start: ...' says why",
                withConfigurations(robot("solo", "file:/cell/deploy/org.robocell.cell.robot-solo.cfg"))
                        .noneRunning());
    }

    /** A configuration deleted between listing and reading, as the default cell's robots are when one is deployed. */
    private static Configuration deleted(String pid) {
        return (Configuration) Proxy.newProxyInstance(RobotsTest.class.getClassLoader(),
                new Class<?>[] {Configuration.class}, (proxy, method, args) -> {
                    throw new IllegalStateException("Configuration " + pid + " deleted");
                });
    }

    @Test
    void aRobotConfigurationDeletedWhileTheShellLooksIsNotConfigured() throws Exception {
        assertEquals("no robot is running: 'solo' (deploy/org.robocell.cell.robot-solo.cfg) is configured "
                + "but did not start; the log line 'robot ... could not start: ...' says why",
                withConfigurations(deleted("org.robocell.cell.robot~kr6"),
                        robot("solo", "deploy/org.robocell.cell.robot-solo.cfg")).noneRunning());
        assertEquals("no robot is running: the cell has no robot configured (see cell:status)",
                withConfigurations(deleted("org.robocell.cell.robot~fr3")).noneRunning());
    }

    /**
     * A robot that reported what it waits for while it started (a driver bundle not yet there) and then came up: the
     * robot table must not say it is not up (the two reports reach the shell in either order).
     */
    @Test
    void aRobotThatCameUpIsNotReportedWaiting() throws Exception {
        Robots robots = withConfigurations();
        org.robocell.api.cell.ControllerManager arm = (org.robocell.api.cell.ControllerManager) Proxy.newProxyInstance(
                RobotsTest.class.getClassLoader(), new Class<?>[] {org.robocell.api.cell.ControllerManager.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "robot" -> "arm3";
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
        java.util.Map<String, Object> props = new java.util.HashMap<>();
        props.put(org.robocell.api.cell.ControllerManager.WAITING, "hardware plugin 'mock_components/GenericSystem' is not installed");
        robots.addManager(arm, props);
        assertEquals("hardware plugin 'mock_components/GenericSystem' is not installed", robots.waiting(arm));

        props.put(org.robocell.api.cell.ControllerManager.STARTED, Boolean.TRUE);
        robots.updatedManager(arm, props); // up, with the stale waiting report still in the properties
        assertEquals(null, robots.waiting(arm));
    }
}
