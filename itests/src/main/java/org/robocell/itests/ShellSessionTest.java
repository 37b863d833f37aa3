package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * A shell session on a robot running at 1 kHz: load, configure, activate, switch, reload, deactivate and unload with
 * the controller verbs; every wrong use answers one line and leaves the controllers as they were.
 */
class ShellSessionTest {

    private static final String R = " -r session ";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> configurations = new ArrayList<>();
    private Shell shell;

    @AfterEach
    void cleanUp() throws Exception {
        for (Configuration c : configurations) {
            c.delete();
        }
    }

    private String run(String line) throws Exception {
        return shell.run(line);
    }

    /** A wrong use: one line that says what is wrong, and the controller list as it was. */
    private String refused(String line, String expected) throws Exception {
        String before = run("controller:list" + R);
        Exception e = assertThrows(Exception.class, () -> run(line), line);
        String message = e.getMessage();
        assertFalse(message.contains("\n"), line + " answered more than one line: " + message);
        assertTrue(message.contains(expected), line + " answered: " + message);
        assertEquals(before, run("controller:list" + R), line + " changed the controllers");
        return message;
    }

    @Test
    void aSessionLoadsConfiguresActivatesSwitchesDeactivatesAndUnloadsAndEveryWrongUseChangesNothing() throws Exception {
        String yaml = Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().normalize().toString();
        CellFixture cell = new CellFixture(context, configAdmin);
        configurations.add(cell.robot("session", Map.of("controllers", yaml)));
        ControllerManager m = cell.manager("session");
        CellFixture.await(() -> m.hardware("FR3System").map(h -> h.state() == LifecycleState.ACTIVE).orElse(false),
                "FR3System active");
        shell = new Shell(processor);

        assertTrue(run("controller:list" + R).startsWith("no controllers loaded"));
        for (String c : List.of("joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller")) {
            assertTrue(run("controller:load" + R + c).contains("Loaded controller '" + c + "'"));
        }
        refused("controller:load" + R + "joint_state_broadcaster", "already loaded");
        refused("controller:load" + R + "pid bogus_controllers/Nope", "Controller type 'bogus_controllers/Nope' is not installed");
        refused("controller:load" + R + "joint_state_broadcastr", "is not declared in the controllers file");
        refused("controller:activate" + R + "joint_state_broadcaster", "joint_state_broadcaster");
        for (String c : List.of("joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller")) {
            run("controller:configure" + R + c);
        }
        refused("controller:configure" + R + "forward_position_controlr", "is not loaded");
        assertTrue(run("controller:activate" + R + "joint_state_broadcaster joint_trajectory_controller").contains("activated"));

        // both command the seven positions: one at a time
        refused("controller:activate" + R + "forward_position_controller", "joint1/position");
        refused("controller:unload" + R + "joint_trajectory_controller", "active");
        refused("controller:configure" + R + "joint_trajectory_controller", "active");
        refused("controller:switch" + R + "-a forward_position_controller -d joint_trajectory_controller -s sometimes",
                "strictness 'sometimes' is not one of");
        refused("controller:reload" + R + "joint_trajectory_controler", "is not loaded");
        refused("controller:reload" + R + "joint_trajectory_controller", "already runs the newest code");
        refused("controller:list -r nosuchrobot", "no robot 'nosuchrobot'");

        String switched = run("controller:switch" + R + "-a forward_position_controller -d joint_trajectory_controller");
        assertTrue(switched.matches("(?s).*\\(cycle \\d+; deactivated joint_trajectory_controller; activated forward_position_controller\\).*"),
                switched);
        assertEquals(LifecycleState.ACTIVE, m.controller("forward_position_controller").orElseThrow().state());
        assertEquals(LifecycleState.INACTIVE, m.controller("joint_trajectory_controller").orElseThrow().state());

        // statistics: the switches counted, each update, read and write timed with the code it runs; --reset
        // restarts every figure but the cycle number
        String stats = run("cell:stats" + R + "--reset");
        assertTrue(stats.matches("(?s)session: 1000 Hz, internal clock, running, cycle \\d+; \\d+ cycles measured, \\d+ overruns,"
                + " [1-9]\\d* switches\n.*"), stats);
        assertTrue(stats.matches("(?s).*\nupdate +forward_position_controller +\\d+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +"
                + "org\\.robocell\\.controller\\.forward \\d.*"), stats);
        assertTrue(stats.matches("(?s).*\nwrite +FR3System +\\d+ .* org\\.robocell\\.driver\\.mock \\d.*"), stats);
        String afresh = run("cell:stats" + R);
        assertTrue(afresh.matches("(?s)session: .*, 0 switches\n.*"), "the switches before the reset are not counted: " + afresh);
        String info = run("controller:info" + R + "forward_position_controller");
        assertTrue(info.matches("(?s).*\nupdate time: +p50 [0-9.]+ µs, p99 [0-9.]+ µs, max [0-9.]+ µs \\(\\d+ calls\\)\n.*"), info);
        assertTrue(info.matches("(?s).*\ncode: +org\\.robocell\\.controller\\.forward \\d.*"), info);

        assertTrue(run("controller:deactivate" + R + "forward_position_controller joint_state_broadcaster").contains("deactivated"));
        refused("controller:deactivate" + R + "forward_position_controller", "forward_position_controller");
        for (String c : List.of("joint_state_broadcaster", "joint_trajectory_controller", "forward_position_controller")) {
            assertTrue(run("controller:unload" + R + c).contains("Unloaded controller '" + c + "'"));
        }
        refused("controller:unload" + R + "forward_position_controller", "is not loaded");
        assertTrue(run("controller:list" + R).startsWith("no controllers loaded"));
    }
}
