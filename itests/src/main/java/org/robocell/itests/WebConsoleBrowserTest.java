package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.Strictness;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The web console in a browser (Debian's chromium driven by the npm {@code playwright-core}; the web module's
 * {@code npm ci} installs it) against the real framework with two robots: a wrong token is refused, the right one
 * logs in, the cell page lists both robots, the buttons switch a controller and the page shows each new state (and
 * the manager's refusal as its line), a chain loaded and configured with the buttons is drawn, a plot of a joint moves while trajectories run, the 3D view follows the joints.
 * Screenshots are kept under {@code target/web-console/}. (An itest rather than a process test of robocell.jar: the
 * default cell's fixed RSI and FCI ports would collide with other runtimes on a shared machine, and here the test
 * drives trajectories and checks the manager's own answers.)
 */
class WebConsoleBrowserTest {

    private static final Path MODULE = Path.of("../bundles/web").toAbsolutePath().normalize();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    @InjectService(timeout = 10_000)
    ChannelRegistry channels;

    @Test
    void aBrowserLogsInSeesBothRobotsSwitchesAControllerAndPlotsAMovingJoint() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(MODULE.resolve("node_modules/playwright-core")),
                "the web module's npm ci did not run (-Dweb.npm.skip)");
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no chromium at " + CHROMIUM + " (apt-get install chromium)");
        Path shots = Path.of("target/web-console").toAbsolutePath();
        try (WebCell cell = new WebCell(context, configAdmin)) {
            FollowJointTrajectory action = channels.find(WebCell.A + "/joint_trajectory_controller/follow_joint_trajectory",
                    FollowJointTrajectory.class).orElseThrow();
            AtomicBoolean running = new AtomicBoolean(true);
            Thread mover = new Thread(() -> moveBackAndForth(action, running), "web-console-test-trajectories");
            mover.setDaemon(true);
            mover.start();
            String out;
            Process node;
            try {
                node = new ProcessBuilder("node", MODULE.resolve("src/test/node/browser-check.mjs").toString(),
                        cell.base(), WebCell.TOKEN, shots.toString(), WebCell.A, WebCell.B)
                        .redirectErrorStream(true).start();
                boolean ended = node.waitFor(240, TimeUnit.SECONDS);
                if (!ended) {
                    node.destroyForcibly();
                }
                out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                assertTrue(ended, "the browser check ended: " + out);
            } finally {
                running.set(false);
                mover.join(10_000);
            }
            assertEquals(0, node.exitValue(), out);
            String last = out.substring(out.lastIndexOf('\n') + 1);
            JsonObject seen = JsonParser.parseString(last).getAsJsonObject().getAsJsonObject("seen");
            assertEquals("[\"left\",\"right\"]", seen.get("robots").toString());
            assertEquals(403, seen.get("wrongTokenStatus").getAsInt());
            assertTrue(seen.get("deactivated").getAsString().contains("deactivated left/joint_trajectory_controller"), last);
            // the refusal the page showed is the manager's answer to the same request, as the shell prints it
            String refused = cell.a.switchControllersAndWait(List.of("left/forward_position_controller"), List.of(),
                    Strictness.STRICT, 0).message();
            assertEquals("error: " + refused, seen.get("refused").getAsString());
            // B's chained trajectory controller writes the admittance controller's references: one arrow, 14 interfaces
            JsonObject chain = seen.getAsJsonObject("chain");
            assertEquals("reference ×14", chain.get("edge").getAsString(), last);
            assertEquals(2, chain.get("nodes").getAsInt(), last);
            JsonObject plot = seen.getAsJsonObject("plot");
            assertTrue(plot.get("max").getAsDouble() - plot.get("min").getAsDouble() > 0.05, plot.toString());
            for (String shot : List.of("login-refused", "cell", "controllers", "chain", "plots", "robot3d", "hardware")) {
                assertTrue(Files.size(shots.resolve(shot + ".png")) > 1000, shot);
            }
        }
    }

    /** Trajectories of joint1 between -0.5 and 0.5 rad, one after the other, until told to stop. */
    private static void moveBackAndForth(FollowJointTrajectory action, AtomicBoolean running) {
        double target = 0.5;
        while (running.get()) {
            try {
                GoalHandle goal = action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(JOINTS, List.of(
                        TrajectoryPoint.positions(1.5, target, -0.785, 0, -2.356, 0, 1.571, 0.785)))));
                for (int i = 0; i < 300 && running.get() && unfinished(goal); i++) {
                    Thread.sleep(10);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException refusedWhileSwitched) {
                // the browser deactivates the trajectory controller for a moment: try again
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
            target = -target;
        }
    }

    private static boolean unfinished(GoalHandle goal) {
        GoalStatus s = goal.status();
        return s == GoalStatus.ACCEPTED || s == GoalStatus.EXECUTING;
    }
}
