package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * A driver bundle that goes away while its robot runs: the controllers using its component are deactivated and the
 * component goes; when the driver returns the component is back, {@code hardware:state} moves it, and the controller
 * declared through ConfigAdmin runs again.
 */
class DriverDepartureTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();
    private Bundle driver;

    @AfterEach
    void cleanUp() throws Exception {
        if (driver != null && driver.getState() != Bundle.ACTIVE) {
            driver.start();
        }
        for (Configuration c : configurations) {
            c.delete();
        }
    }

    @Test
    void theMockDriverStopsAndStartsWhileItsRobotRuns() throws Exception {
        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot("departure", Map.of()));
        ControllerManager m = cell.manager("departure");
        configurations.add(cell.controller("fwd", Map.of("robot", "departure", "name", "fwd",
                "type", "forward_command_controller/ForwardCommandController", "param.joints", "[joint1, joint2]",
                "param.interface_name", "position")));
        CellFixture.await(() -> m.controller("fwd").map(c -> c.state() == LifecycleState.ACTIVE).orElse(false),
                "fwd active (declared through ConfigAdmin)");
        assertEquals(List.of("joint1/position", "joint2/position"), m.controller("fwd").orElseThrow().claimedInterfaces());
        Shell shell = new Shell(processor);

        driver = Arrays.stream(context.getBundles()).filter(b -> "org.robocell.driver.mock".equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        long cycles = m.stats().cycles();
        driver.stop();
        CellFixture.await(() -> m.hardware("FR3System").isEmpty(), "FR3System removed with its driver");
        assertEquals(LifecycleState.INACTIVE, m.controller("fwd").orElseThrow().state(), "fwd deactivated");
        assertEquals(List.of(), m.controller("fwd").orElseThrow().claimedInterfaces());
        CellFixture.await(() -> m.stats().cycles() > cycles + 100, "the loop cycling without the driver");
        assertTrue(shell.run("hardware:list -r departure").startsWith("no hardware components"));

        driver.start();
        CellFixture.await(() -> m.hardware("FR3System").isPresent(), "FR3System back with its driver");
        CellFixture.await(() -> m.hardware("FR3System").orElseThrow().state() == LifecycleState.ACTIVE, "FR3System at its start state");
        CellFixture.await(() -> m.controller("fwd").map(c -> c.state() == LifecycleState.ACTIVE).orElse(false),
                "fwd active again on the returned driver");
        // the operator takes it down and up again by hand
        assertEquals("FR3System is inactive: 'FR3System' went from active to inactive; deactivated controllers [fwd]",
                shell.run("hardware:state -r departure FR3System inactive").trim());
        assertEquals(LifecycleState.INACTIVE, m.controller("fwd").orElseThrow().state());
        assertTrue(shell.run("hardware:state -r departure FR3System active").trim().startsWith("FR3System is active"));
        shell.run("controller:activate -r departure fwd");
        assertEquals(LifecycleState.ACTIVE, m.controller("fwd").orElseThrow().state());
        assertEquals(List.of("joint1/position", "joint2/position"), m.controller("fwd").orElseThrow().claimedInterfaces());
    }
}
