package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.model.RobotModel;
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;

/**
 * The default cell's two robots in the real framework, configured from the runtime's own cell files: the FR3 on the
 * mock driver (it starts by itself) and the KR 6 R900 sixx on the KUKA RSI driver against the RSI emulator over UDP
 * on loopback (ephemeral ports), driven from the shell through the KUKA lifecycle: configure, activate, a
 * trajectory, control modes it can and cannot run, and deactivate while a motion runs.
 */
class KukaCellTest {

    private static final Path CELL = Path.of("../runtime/cell").toAbsolutePath().normalize();

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Shell shell;
    private Configuration fr3;
    private Configuration kr6;
    private RsiRobotEmulator robot;

    /** A robot configuration of the runtime's cell folder, paths made absolute. */
    private Configuration robotFromCell(String name, Path urdf) throws Exception {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(CELL.resolve("org.robocell.cell.robot-" + name + ".cfg"),
                StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Dictionary<String, Object> props = new Hashtable<>();
        p.stringPropertyNames().forEach(k -> props.put(k, p.getProperty(k)));
        props.put("urdf", urdf.toString());
        props.put("controllers", CELL.resolve((String) props.get("controllers")).toString());
        if (name.equals("fr3")) {
            // the FR3's controllers on mock hardware on the internal clock; the Franka driver has its own test
            props.put("hardware.plugins", CellFixture.FR3_ON_MOCK);
            props.put("clock", "internal");
        }
        Configuration c = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "itest-" + name, "?");
        c.update(props);
        return c;
    }

    @BeforeEach
    void startTheCellsRobots() throws Exception {
        shell = new Shell(processor);
        Path urdf = Files.createTempFile("kr6", ".urdf");
        String text = Files.readString(CELL.resolve("kr6r900sixx.urdf"));
        String ephemeral = text.replace("<param name=\"listen_port\">59152</param>", "<param name=\"listen_port\">0</param>");
        assertTrue(!ephemeral.equals(text), "the default cell's KR 6 listens on 59152");
        Files.writeString(urdf, ephemeral);
        fr3 = robotFromCell("fr3", CELL.resolve("fr3.urdf"));
        kr6 = robotFromCell("kr6", urdf);
        shell.awaitOutput("cell:status -r kr6", "kr6: unconfigured");
        shell.awaitOutput("controller:list -r fr3", "joint_trajectory_controller\\s.*active");
    }

    @AfterEach
    void stopTheRobots() throws Exception {
        kr6.delete();
        fr3.delete();
        if (robot != null) {
            robot.close();
        }
    }

    @Test
    void theKr6IsConfiguredActivatedMovedSwitchedAndDeactivatedDuringAMotionFromTheShell() throws Exception {
        String robots = shell.run("cell:robots");
        assertTrue(robots.matches("(?s).*fr3\\s+1000 Hz\\s+internal.*"), robots);
        assertTrue(robots.matches("(?s).*kr6\\s+250 Hz\\s+hardware.*"), robots);
        assertTrue(shell.run("controller:list -r kr6").contains("kr6/joint_trajectory_controller"),
                "the KR 6's controllers carry its namespace");

        assertEquals("robot 'kr6' is configured (inactive)", shell.run("cell:configure -r kr6").trim());
        int port = (int) state("kr6", "rsi/listen_port");
        robot = RsiRobotEmulator.start(RsiEmulatorConfig.defaults(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)));
        assertEquals("robot 'kr6' is active in control mode 'joint_position'", shell.run("cell:activate -r kr6").trim());
        String status = shell.run("cell:status -r kr6");
        assertTrue(status.contains("kr6: active, control mode joint_position"), status);
        assertTrue(status.matches("(?s).*joint_position \\*\\s+kr6/joint_trajectory_controller \\(active\\)\\s+"
                + "joint_a1/position \\.\\. joint_a6/position.*"), status);
        assertTrue(status.matches("(?s).*RSI: received_packets [1-9].*"), status);

        String moved = shell.run("trajectory:move -p 0 -d 0.5 kr6/joint_trajectory_controller 0.2 -1.5 1.6 0 1.5 0");
        assertTrue(moved.contains("SUCCEEDED"), moved);
        java.util.regex.Matcher end = Pattern.compile("  final  \\[([^\\]]*)\\]  max error \\S+\nSUCCEEDED: ")
                .matcher(moved);
        assertTrue(end.find(), "the final state, printed after the result\n" + moved);
        double[] target = { 0.2, -1.5, 1.6, 0, 1.5, 0 };
        String[] reached = end.group(1).split(" ");
        for (int i = 0; i < target.length; i++) {
            assertEquals(target[i], Double.parseDouble(reached[i]), 0.01, "joint " + (i + 1) + " at the end, not mid-motion: " + moved);
        }
        await("the robot where the trajectory ended", () -> Math.abs(robot.axisDegrees()[0] - Math.toDegrees(0.2)) < 0.01);

        CommandFailedException velocity = refused("cell:mode -r kr6 joint_velocity");
        assertEquals("robot 'kr6' cannot run control mode 'joint_velocity': its hardware [kuka_rsi_driver/KukaRSIHardware]"
                + " has no command interface joint_a1/velocity (5 more missing); it can run joint_position",
                velocity.getMessage());
        assertTrue(shell.run("cell:status -r kr6").contains("control mode joint_position"), "nothing changed");

        String streaming = shell.run("cell:mode -r kr6 joint_position.streaming");
        assertTrue(streaming.startsWith("robot 'kr6' is in control mode 'joint_position.streaming' from cycle"), streaming);
        shell.run("channel:send kr6/forward_position_controller 0.25 -1.5 1.6 0 1.5 0");
        await("A1 at 0.25 rad", () -> Math.abs(robot.axisDegrees()[0] - Math.toDegrees(0.25)) < 1e-3);
        assertTrue(shell.run("cell:mode -r kr6 joint_position").contains("control mode 'joint_position'"));

        String accepted = shell.run("trajectory:move --no-wait -d 60 kr6/joint_trajectory_controller -0.5 -1.5 1.6 0 1.5 0");
        assertTrue(accepted.contains("accepted"), accepted);
        double start = robot.axisDegrees()[0];
        await("A1 moving", () -> Math.abs(robot.axisDegrees()[0] - start) > 0.01);
        assertEquals("robot 'kr6' is inactive", shell.run("cell:deactivate -r kr6").trim());
        assertTrue(robot.awaitStopped(20, TimeUnit.SECONDS), "the robot saw external control end");
        assertEquals(RsiRobotEmulator.SessionState.STOPPED_BY_REQUEST, robot.state(), robot.stopMessage());
        String list = shell.run("controller:list -r kr6");
        assertTrue(list.matches("(?s).*kr6/joint_trajectory_controller\\s+\\S+\\s+inactive.*"), list);
        assertTrue(list.matches("(?s).*kr6/joint_state_broadcaster\\s+\\S+\\s+active.*"), list);
        assertTrue(Math.abs(robot.axisDegrees()[0] - Math.toDegrees(-0.5)) > 1, "stopped during the motion");
        assertTrue(shell.run("cell:status -r kr6").contains("kr6: inactive (configured)"));
        assertTrue(shell.run("cell:robots").matches("(?s).*fr3\\s+1000 Hz\\s+internal\\s+yes.*"),
                "the FR3's loop runs on, untouched");
        assertEquals("robot 'kr6' is unconfigured", shell.run("cell:cleanup -r kr6").trim());

        CommandFailedException unmanaged = refused("cell:configure -r fr3");
        assertTrue(unmanaged.getMessage().startsWith("robot 'fr3' does not run the robot lifecycle"), unmanaged.getMessage());
    }

    @Test
    void eachRobotsModelIsAServiceForTheKinematicsCommands() throws Exception {
        await("the KR 6 model registered", () -> {
            try {
                return !context.getServiceReferences(RobotModel.class, "(robocell.robot=kr6)").isEmpty();
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
        });
        Collection<ServiceReference<RobotModel>> refs = context.getServiceReferences(RobotModel.class,
                "(robocell.robot=kr6)");
        ServiceReference<RobotModel> ref = refs.iterator().next();
        assertEquals("base_link", ref.getProperty("robocell.robot.root"));
        assertArrayEquals(new String[] {"tool0"}, (String[]) ref.getProperty("robocell.robot.tips"));
        RobotModel model = context.getService(ref);
        try {
            assertEquals("kr6r900sixx", model.name());
            assertEquals(6, model.chainTo("tool0").stream().filter(j -> j.type() != org.robocell.api.model.JointType.FIXED)
                    .count());
        } finally {
            context.ungetService(ref);
        }
    }

    /** ROS 2 resolves a relative name in the node's namespace: so does every controller verb given -r. */
    @Test
    void withRobotOptionAShortControllerNameTakesThatRobotsNamespace() throws Exception {
        String info = shell.run("controller:info -r kr6 joint_trajectory_controller");
        assertTrue(info.startsWith("name:                 kr6/joint_trajectory_controller\n"), info);
        assertTrue(shell.run("controller:info -r fr3 joint_trajectory_controller")
                .startsWith("name:                 joint_trajectory_controller\n"), "fr3 has no namespace");
        shell.run("controller:unload -r kr6 forward_position_controller");
        assertTrue(!shell.run("controller:list -r kr6").contains("forward_position_controller"));
        shell.run("controller:load -r kr6 forward_position_controller");
        shell.run("controller:configure -r kr6 forward_position_controller");
        shell.run("controller:set -r kr6 forward_position_controller interface_name=position");
        assertTrue(shell.run("controller:list -r kr6").matches("(?s).*\nkr6/forward_position_controller +\\S+ +inactive .*"),
                "loaded again in the namespace, not as a new root-namespace controller");
        shell.run("controller:cleanup -r kr6 forward_position_controller");
        assertTrue(shell.run("controller:list -r kr6").matches("(?s).*\nkr6/forward_position_controller +\\S+ +unconfigured .*"));
        assertTrue(shell.run("controller:info motion_primitives_forward_controller")
                .startsWith("name:                 kr6/motion_primitives_forward_controller\n"),
                "without -r, a short name only one robot has in its namespace finds that robot");
    }

    private double state(String robotName, String name) throws Exception {
        ServiceReference<ControllerManager> ref = context
                .getServiceReferences(ControllerManager.class, "(robocell.robot=" + robotName + ")").iterator().next();
        ControllerManager m = context.getService(ref);
        try {
            return m.interfaces().stream().filter(i -> i.name().equals(name) && i.kind() == InterfaceSnapshot.Kind.STATE)
                    .findFirst().orElseThrow().value();
        } finally {
            context.ungetService(ref);
        }
    }

    /** A command the shell refuses: its one-line message. */
    private CommandFailedException refused(String command) {
        Exception e = assertThrows(Exception.class, () -> shell.run(command));
        String message = e.getMessage();
        assertTrue(message != null && !message.contains("\n"), "one line: " + message);
        return new CommandFailedException(message);
    }

    private static final class CommandFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        CommandFailedException(String message) {
            super(message);
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not reached: " + what);
            }
            Thread.sleep(10);
        }
    }

}
