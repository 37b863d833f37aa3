package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

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
import org.robocell.driver.kuka.fri.emulator.FriEmulatorConfig;
import org.robocell.driver.kuka.fri.emulator.FriRobotEmulator;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;

/**
 * An LBR iiwa 14 on the KUKA FRI driver (fixtures/iiwa14fri, plugin kuka_sunrise_fri_driver::KukaFRIHardwareInterface)
 * in the real framework, against the FRI emulator over UDP on loopback (ephemeral port), driven from the shell
 * through the KUKA lifecycle: configure, activate (the FRI session walks up to COMMANDING_ACTIVE), a trajectory, a
 * streaming mode, a torque mode FRI cannot switch to while commanding, and deactivate (the robot stops the overlay
 * and holds).
 */
class FriCellTest {

    private static final Path FIXTURE = Path.of("fixtures/iiwa14fri").toAbsolutePath();

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Shell shell;
    private Configuration iiwa;
    private FriRobotEmulator robot;

    @BeforeEach
    void configureTheRobot() throws Exception {
        shell = new Shell(processor);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(FIXTURE.resolve("org.robocell.cell.robot-iiwa14.cfg"),
                StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Path urdf = Files.createTempFile("iiwa14", ".urdf");
        String text = Files.readString(FIXTURE.resolve("iiwa14.urdf"));
        String ephemeral = text.replace("<param name=\"client_port\">30200</param>",
                "<param name=\"client_port\">0</param>");
        assertTrue(!ephemeral.equals(text), "the fixture's client port is 30200");
        Files.writeString(urdf, ephemeral);
        Dictionary<String, Object> props = new Hashtable<>();
        p.stringPropertyNames().forEach(k -> props.put(k, p.getProperty(k)));
        props.put("urdf", urdf.toString());
        props.put("controllers", FIXTURE.resolve("iiwa14_controllers.yaml").toString());
        iiwa = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "itest-iiwa14", "?");
        iiwa.update(props);
        shell.awaitOutput("cell:status -r iiwa14", "iiwa14: unconfigured");
    }

    @AfterEach
    void removeTheRobot() throws Exception {
        iiwa.delete();
        if (robot != null) {
            robot.close();
        }
    }

    @Test
    void theIiwaIsConfiguredActivatedMovedSwitchedAndDeactivatedFromTheShell() throws Exception {
        assertEquals("robot 'iiwa14' is configured (inactive)", shell.run("cell:configure -r iiwa14").trim());
        int port = (int) state("iiwa14", "fri/listen_port");
        robot = FriRobotEmulator.start(FriEmulatorConfig.defaults(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), port)));
        assertEquals("robot 'iiwa14' is active in control mode 'joint_position'",
                shell.run("cell:activate -r iiwa14").trim());
        assertEquals(FriSessionState.COMMANDING_ACTIVE, robot.state());
        assertEquals(FriSessionState.COMMANDING_ACTIVE.ordinal(), (int) state("iiwa14", "fri/session_state"));

        String moved = shell.run("trajectory:move -p 0 -d 0.5 iiwa14/joint_trajectory_controller"
                + " 0.2 0.3 0 -1.2 0 1.0 0");
        assertTrue(moved.contains("SUCCEEDED"), moved);
        await("A1 where the trajectory ended", () -> Math.abs(robot.joints()[0] - 0.2) < 1e-3);

        String streaming = shell.run("cell:mode -r iiwa14 joint_position.streaming");
        assertTrue(streaming.startsWith("robot 'iiwa14' is in control mode 'joint_position.streaming' from cycle"),
                streaming);
        shell.run("channel:send iiwa14/forward_position_controller 0.25 0.3 0 -1.1 0 1.0 0");
        await("A4 at -1.1 rad", () -> Math.abs(robot.joints()[3] + 1.1) < 1e-6);

        Exception torque = assertThrows(Exception.class, () -> shell.run("cell:mode -r iiwa14 joint_torque"));
        assertTrue(torque.getMessage() != null && !torque.getMessage().contains("\n"),
                "one line: " + torque.getMessage());
        assertTrue(torque.getMessage().startsWith("robot 'iiwa14' stays in control mode 'joint_position.streaming':"
                + " Could not switch controllers since prepare command mode switch was rejected. hardware component"
                + " 'iiwa14' answered ERROR for start [joint_a1/effort"), torque.getMessage());
        assertTrue(shell.run("cell:status -r iiwa14").contains("control mode joint_position.streaming"),
                "nothing changed");
        assertTrue(shell.run("cell:mode -r iiwa14 joint_position").contains("control mode 'joint_position'"));

        double[] before = robot.joints();
        assertEquals("robot 'iiwa14' is inactive", shell.run("cell:deactivate -r iiwa14").trim());
        await("the robot stopped the overlay", () -> robot.state() == FriSessionState.MONITORING_WAIT);
        assertTrue(robot.stopMessage().startsWith("commanding stopped in cycle"), robot.stopMessage());
        double[] held = robot.joints();
        Thread.sleep(200);
        for (int i = 0; i < 7; i++) {
            assertEquals(held[i], robot.joints()[i], 0.0, "the robot holds");
            assertEquals(before[i], held[i], 1e-2);
        }
        assertTrue(shell.run("cell:status -r iiwa14").contains("iiwa14: inactive (configured)"));
        assertEquals("robot 'iiwa14' is unconfigured", shell.run("cell:cleanup -r iiwa14").trim());
    }

    private double state(String robotName, String name) throws Exception {
        ServiceReference<ControllerManager> ref = context
                .getServiceReferences(ControllerManager.class, "(robocell.robot=" + robotName + ")").iterator().next();
        ControllerManager m = context.getService(ref);
        try {
            return m.interfaces().stream()
                    .filter(i -> i.name().equals(name) && i.kind() == InterfaceSnapshot.Kind.STATE)
                    .findFirst().orElseThrow().value();
        } finally {
            context.ungetService(ref);
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
