package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;
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
 * What a user does with the default cell, from the shell alone: move the FR3 along a 3-point trajectory and watch
 * it arrive, then swap the trajectory controller for the forward position controller and jog one joint.
 */
class TrajectoryDemoTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration robot;
    private Shell shell;

    @BeforeEach
    void startTheDefaultFr3() throws Exception {
        shell = new Shell(processor);
        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "demo", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", "fr3demo");
        props.put("urdf", Path.of("../runtime/cell/fr3.urdf").toAbsolutePath().toString());
        props.put("hardware.plugins", CellFixture.FR3_ON_MOCK);
        props.put("controllers", Path.of("../runtime/cell/controllers.yaml").toAbsolutePath().toString());
        props.put("activate", "joint_state_broadcaster,joint_trajectory_controller");
        props.put("load", "forward_position_controller");
        robot.update(props);
        // ready means: both controllers active (the trajectory controller accepts goals from its activation on; a
        // pattern on controller:list's text let "inactive" pass) and the first joint state published
        ControllerManager m = new CellFixture(context, configAdmin).manager("fr3demo");
        for (String c : new String[] { "joint_state_broadcaster", "joint_trajectory_controller" }) {
            CellFixture.await(() -> m.controller(c).map(s -> s.state() == LifecycleState.ACTIVE).orElse(false), c + " active");
        }
        awaitOutput("channel:echo -n 1 joint_states", "--- #[1-9]");
    }

    @AfterEach
    void stopTheRobot() throws Exception {
        robot.delete();
        // the next test configures the same robot: it must not find this one's services on their way out
        new CellFixture(context, configAdmin).awaitGone("fr3demo");
    }

    @Test
    void aThreePointTrajectoryArrivesThenTheForwardControllerJogsOneJoint() throws Exception {
        Path wave = Files.createTempFile("wave", ".txt");
        Files.writeString(wave, String.join("\n",
                "# time joint1..joint7",
                "0.4  0.3 -0.6 0.0 -2.2 0.0 1.6 0.8",
                "0.8  0.6 -0.4 0.2 -2.0 0.1 1.8 0.9",
                "1.2  0.1 -0.7 0.1 -2.3 0.0 1.5 0.7"));
        String moved = shell.run("trajectory:points -p 0 joint_trajectory_controller " + wave);
        assertTrue(moved.contains("SUCCEEDED"), moved);

        // the goal ends with the trajectory's time; the joints follow within their velocity limits, so on a busy
        // machine (late cycles, the joint limiter capping each step) they arrive a few cycles later: wait for it
        awaitPosition("joint1/position", 0.1, 1e-3);
        awaitPosition("joint4/position", -2.3, 1e-3);

        String swapped = shell.run("controller:switch -r fr3demo -a forward_position_controller -d joint_trajectory_controller");
        assertTrue(swapped.contains("Successfully switched controllers"), swapped);
        String list = shell.run("controller:list -r fr3demo");
        assertTrue(list.matches("(?s).*forward_position_controller\\s.*active.*"), list);
        assertTrue(list.matches("(?s).*joint_trajectory_controller\\s.*inactive.*"), list);

        shell.run("channel:send forward_position_controller 0.25 -0.7 0.1 -2.3 0.0 1.5 0.7");
        assertEquals(0.25, awaitPosition("joint1/position", 0.25, 1e-9), 1e-9, "joint1 jogged to the commanded position");
    }

    @Test
    void forwardKinematicsOfTheReadyPoseAndInverseKinematicsBackToIt() throws Exception {
        String fk = shell.run("cell:fk -r fr3demo 0 -0.7853981634 0 -2.3561944902 0 1.5707963268 0.7853981634");
        assertTrue(fk.contains("link8 of fr3demo"), fk);
        Matcher m = Pattern.compile("x (\\S+)  y (\\S+)  z (\\S+)").matcher(fk);
        assertTrue(m.find(), fk);
        assertEquals(0.306891, Double.parseDouble(m.group(1)), 1e-6, fk);
        assertEquals(0.0, Double.parseDouble(m.group(2)), 1e-6, fk);
        assertEquals(0.590282, Double.parseDouble(m.group(3)), 1e-6, fk);

        String ik = shell.run("cell:ik -r fr3demo 0.4 0.1 0.5 3.14159 0 0");
        assertTrue(ik.contains("reaches the pose"), ik);
        Exception unreachable = assertThrows(Exception.class, () -> shell.run("cell:ik -r fr3demo 3 0 0 0 0 0"));
        assertTrue(unreachable.getMessage().contains("no joint solution puts link8 at that pose"), unreachable.getMessage());
    }

    @Test
    void wrongUsesFailWithOneLineAndChangeNothing() throws Exception {
        String before = shell.run("controller:list -r fr3demo");
        Exception taken = assertThrows(Exception.class, () -> shell.run("controller:activate -r fr3demo forward_position_controller"));
        assertTrue(taken.getMessage().contains("currently claimed by another controller"), taken.getMessage());
        Exception unknown = assertThrows(Exception.class, () -> shell.run("trajectory:move -d 1 no_such_controller 0 0 0 0 0 0 0"));
        assertTrue(unknown.getMessage().contains("no trajectory controller 'no_such_controller'"), unknown.getMessage());
        Exception size = assertThrows(Exception.class, () -> shell.run("trajectory:move -d 1 joint_trajectory_controller 0 0"));
        assertTrue(size.getMessage().contains("moves 7 joints"), size.getMessage());
        assertEquals(before.replaceAll("\\s+", " "), shell.run("controller:list -r fr3demo").replaceAll("\\s+", " "));
    }

    @Test
    void ctrlCWhileTrajectoryMoveWaitsCancelsTheGoalAndTheRobotHoldsWhereItIs() throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        try (CommandSession session = processor.createSession(InputStream.nullInputStream(), out, out)) {
            CompletableFuture<Object> move = CompletableFuture.supplyAsync(() -> {
                try {
                    return session.execute("trajectory:move -p 0 -d 20 joint_trajectory_controller"
                            + " 0.5 -0.6 0.0 -2.2 0.0 1.6 0.8");
                } catch (Exception e) {
                    return e;
                }
            });
            awaitOutput("trajectory:goals", "joint_trajectory_controller\\s+\\d+\\s+EXECUTING");
            // what the console's Ctrl-C handler does: interrupt the session's foreground job
            Job job = session.foregroundJob();
            assertTrue(job != null, "trajectory:move runs as the session's foreground job");
            job.interrupt();
            Object ended = move.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(ended instanceof Exception, "the interrupted command fails: " + ended);
            // Gogo answers the interrupted job with an InterruptedException (the console prints 'interrupted');
            // the command's own line is in the output before it
            Pattern canceled = Pattern.compile("(?m)^canceled goal \\d+ of joint_trajectory_controller; the robot holds$");
            try {
                CellFixture.await(() -> canceled.matcher(buffer.toString(StandardCharsets.UTF_8)).find(),
                        "the cancel's line");
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + ":\n" + buffer.toString(StandardCharsets.UTF_8) + "\n"
                        + stackOf((Exception) ended), e);
            }
        }
        assertTrue(shell.run("trajectory:goals").contains("no trajectory goal sent from the shell is running"));
        ControllerManager m = new CellFixture(context, configAdmin).manager("fr3demo");
        long cycle = m.stats().cycles();
        CellFixture.await(() -> m.stats().cycles() > cycle + 50, "50 cycles after the cancel");
        double held = field(shell.run("channel:echo -n 1 -f joint1/position joint_states"), "joint1/position");
        long later = m.stats().cycles();
        CellFixture.await(() -> m.stats().cycles() > later + 300, "300 more cycles");
        assertEquals(held, field(shell.run("channel:echo -n 1 -f joint1/position joint_states"), "joint1/position"),
                1e-9, "joint1 holds where the cancel left it");
        assertTrue(held < 0.25, "joint1 stopped on its way to 0.5, at " + held);
    }

    private static String stackOf(Exception e) {
        java.io.StringWriter w = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(w));
        return w.toString();
    }

    /** Waits (bounded) until joint_states shows the position within the tolerance; returns the last value read. */
    private double awaitPosition(String field, double expected, double tolerance) throws Exception {
        double[] last = { Double.NaN };
        String[] echo = { "" };
        try {
            CellFixture.await(() -> {
                try {
                    echo[0] = shell.run("channel:echo -n 1 -f " + field + " joint_states");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                last[0] = field(echo[0], field);
                return Math.abs(last[0] - expected) <= tolerance;
            }, field + " at " + expected);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last:\n" + echo[0], e);
        }
        return last[0];
    }

    /** Waits (bounded, {@link CellFixture#await}) until the command's output shows the pattern. */
    private void awaitOutput(String command, String regex) throws Exception {
        Pattern p = Pattern.compile(regex);
        String[] out = { "" };
        try {
            CellFixture.await(() -> {
                try {
                    out[0] = shell.run(command);
                } catch (Exception notYet) {
                    out[0] = String.valueOf(notYet.getMessage());
                }
                return p.matcher(out[0]).find();
            }, "'" + command + "' showing /" + regex + "/");
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; last output:\n" + out[0], e);
        }
    }

    private static double field(String echo, String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + ": (\\S+)").matcher(echo);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in\n" + echo);
        }
        return Double.parseDouble(m.group(1));
    }
}
