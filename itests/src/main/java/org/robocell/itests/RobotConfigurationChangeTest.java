package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

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
 * A running robot's configuration changed in place, as a careless edit of its {@code .cfg} file in deploy/ does: a
 * malformed value is refused with one line and the robot keeps running as it was, its loop never torn down; a valid
 * change restarts the robot with it.
 */
class RobotConfigurationChangeTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration robot;
    private final List<String> errors = new ArrayList<>();
    private final Logger cellLog = Logger.getLogger("org.robocell.cell");
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue()) {
                synchronized (errors) {
                    errors.add(r.getMessage());
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void removeTheRobot() throws Exception {
        cellLog.removeHandler(capture);
        if (robot != null) {
            robot.delete();
        }
    }

    @Test
    void aMalformedValueIsRefusedWithOneLineAndTheRobotKeepsRunningAValidChangeRestartsIt() throws Exception {
        cellLog.addHandler(capture);
        CellFixture cell = new CellFixture(context, configAdmin);
        robot = cell.robot("cfgchange", Map.of("activate", "joint_state_broadcaster,joint_trajectory_controller",
                "controllers", java.nio.file.Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().toString()));
        ControllerManager before = cell.manager("cfgchange");
        CellFixture.await(() -> before.controller("joint_trajectory_controller")
                .map(c -> c.state() == LifecycleState.ACTIVE).orElse(false), "the trajectory controller active");
        long cycles = before.stats().cycles();

        Dictionary<String, Object> bad = robot.getProperties();
        bad.put("rate", "abc");
        robot.update(bad);
        CellFixture.await(() -> {
            synchronized (errors) {
                return errors.stream().anyMatch(m -> m.contains("rate=abc"));
            }
        }, "the refusal in the log");
        String line;
        synchronized (errors) {
            line = errors.stream().filter(m -> m.contains("rate=abc")).findFirst().orElseThrow();
        }
        assertEquals("robot cfgchange: configuration change refused, the robot keeps running as it was: robot"
                + " 'cfgchange': rate=abc must be a whole number", line);
        assertTrue(!line.contains("\n"), "one line");
        CellFixture.await(() -> before.stats().cycles() > cycles + 100, "the loop still cycling");
        assertSame(before, cell.manager("cfgchange"), "the same robot: its loop was never torn down");
        assertEquals(LifecycleState.ACTIVE, before.controller("joint_trajectory_controller").orElseThrow().state());

        Dictionary<String, Object> good = robot.getProperties();
        good.put("rate", 500);
        robot.update(good);
        CellFixture.await(() -> {
            try {
                return cell.manager("cfgchange").updateRate() == 500;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "the robot at its new rate");
        ControllerManager after = cell.manager("cfgchange");
        CellFixture.await(() -> after.controller("joint_trajectory_controller")
                .map(c -> c.state() == LifecycleState.ACTIVE).orElse(false), "its controllers active again");
    }
}
