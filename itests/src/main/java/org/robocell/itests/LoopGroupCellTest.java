package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Two FR3 (the default cell's, on mock hardware, each in a namespace of its own) whose configurations name one
 * {@code loop.group}, in the real framework: their cycles run on the group's one thread, not on loop threads of their
 * own; both execute trajectories sent from the shell; deleting one robot's configuration leaves the other cycling on
 * the group's thread, and deleting the last ends that thread.
 */
class LoopGroupCellTest {

    private static final String GROUP_THREAD = "robocell-group-arms-loop";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private final List<Configuration> robots = new ArrayList<>();
    private CellFixture cell;
    private Shell shell;

    @BeforeEach
    void startTwoRobotsInOneLoopGroup() throws Exception {
        shell = new Shell(processor);
        cell = new CellFixture(context, configAdmin);
        for (String name : List.of("left", "right")) {
            robots.add(cell.robot("grouped_" + name, Map.of("namespace", name, "loop.group", "arms",
                    "controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().toString(),
                    "activate", "joint_state_broadcaster,joint_trajectory_controller")));
        }
        for (String name : List.of("left", "right")) {
            ControllerManager m = cell.manager("grouped_" + name);
            String jtc = name + "/joint_trajectory_controller";
            CellFixture.await(() -> m.controller(jtc).map(c -> c.state() == LifecycleState.ACTIVE).orElse(false),
                    jtc + " active");
        }
    }

    @AfterEach
    void deleteTheRobots() throws Exception {
        for (Configuration c : robots) {
            try {
                c.delete();
            } catch (IllegalStateException alreadyDeleted) {
                // the test deleted it
            }
        }
        cell.awaitGone("grouped_left");
        cell.awaitGone("grouped_right");
    }

    @Test
    void bothRobotsRunOnTheGroupsOneThreadMoveAndTheLastOneOutEndsIt() throws Exception {
        assertTrue(threadAlive(GROUP_THREAD), "the group's thread runs");
        assertFalse(threadAlive("robocell-grouped_left-loop") || threadAlive("robocell-grouped_right-loop"),
                "no loop thread of their own");

        String stats = shell.run("cell:stats -r grouped_left");
        assertTrue(stats.startsWith("grouped_left: 1000 Hz, internal clock, running in loop group arms, cycle "), stats);
        for (String name : List.of("left", "right")) {
            String moved = shell.run("trajectory:move -d 0.5 " + name
                    + "/joint_trajectory_controller 0.2 -0.6 0.1 -2.2 0.0 1.6 0.8");
            assertTrue(moved.contains("SUCCEEDED"), moved);
        }

        robots.get(0).delete();
        cell.awaitGone("grouped_left");
        ControllerManager right = cell.manager("grouped_right");
        long cycles = right.stats().cycles();
        CellFixture.await(() -> right.stats().cycles() > cycles + 200, "the other robot cycling on");
        assertTrue(threadAlive(GROUP_THREAD), "the group's thread runs the robot that stayed");
        String moved = shell.run("trajectory:move -d 0.5 right/joint_trajectory_controller 0 -0.785 0 -2.356 0 1.571"
                + " 0.785");
        assertTrue(moved.contains("SUCCEEDED"), moved);

        robots.get(1).delete();
        cell.awaitGone("grouped_right");
        CellFixture.await(() -> !threadAlive(GROUP_THREAD), "the group's thread ended with its last robot");
    }

    private static boolean threadAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }
}
