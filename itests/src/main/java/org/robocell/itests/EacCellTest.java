package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

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
import org.robocell.driver.kuka.eac.emulator.EacControllerEmulator;
import org.robocell.driver.kuka.eac.emulator.EacEmulatorConfig;
import org.robocell.driver.kuka.eac.emulator.StopReason;
import org.robocell.driver.kuka.eac.protocol.ControlMode;

/**
 * An LBR iisy 3 R760 cell of its own (fixtures/iisy-eac) on the KUKA iiQKA EAC driver, against the emulated
 * KR C5 micro over gRPC and UDP on loopback (ephemeral ports), in the real framework, driven from the shell through
 * the KUKA lifecycle: configure, activate, a trajectory, switches to joint torque and wrench control and back,
 * deactivate.
 */
class EacCellTest {

    private static final Path CELL = Path.of("fixtures/iisy-eac").toAbsolutePath();

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Shell shell;
    private Configuration iisy;
    private EacControllerEmulator controller;

    @BeforeEach
    void startTheCell() throws Exception {
        shell = new Shell(processor);
        // a reply window far longer than the cycle: the emulator waits for the driver on a loaded machine instead of
        // counting its replies lost (the QoS profile is tested in the driver's own tests, stepped)
        controller = EacControllerEmulator.start(EacEmulatorConfig.loopback().withCycle(4_000_000L, 200_000_000L));
        Path urdf = Files.createTempFile("iisy", ".urdf");
        String text = Files.readString(CELL.resolve("lbr_iisy3_r760.urdf"));
        String here = text.replace("<param name=\"controller_port\">49335</param>",
                "<param name=\"controller_port\">" + controller.grpcPort() + "</param>")
                .replace("<param name=\"client_port\">44444</param>", "<param name=\"client_port\">0</param>");
        assertTrue(here.contains("<param name=\"client_port\">0</param>")
                && !here.contains("<param name=\"controller_port\">49335</param>"),
                "the cell's URDF names the real controller's ports");
        Files.writeString(urdf, here);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(CELL.resolve("org.robocell.cell.robot-iisy.cfg"),
                StandardCharsets.UTF_8)) {
            p.load(r);
        }
        Dictionary<String, Object> props = new Hashtable<>();
        p.stringPropertyNames().forEach(k -> props.put(k, p.getProperty(k)));
        props.put("urdf", urdf.toString());
        props.put("controllers", CELL.resolve((String) props.get("controllers")).toString());
        iisy = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "itest-iisy", "?");
        iisy.update(props);
        shell.awaitOutput("cell:status -r iisy", "iisy: unconfigured");
    }

    @AfterEach
    void stopTheCell() throws Exception {
        if (iisy != null) {
            iisy.delete();
        }
        controller.close();
    }

    @Test
    void theIisyIsConfiguredActivatedMovedSwitchedAndDeactivatedFromTheShell() throws Exception {
        assertEquals("robot 'iisy' is configured (inactive)", shell.run("cell:configure -r iisy").trim());
        controller.setClientPort((int) state("eac/client_port"));
        assertEquals("robot 'iisy' is active in control mode 'joint_position'", shell.run("cell:activate -r iisy").trim());
        assertTrue(controller.sampling());
        assertEquals(ControlMode.JOINT_POSITION, controller.mode());
        await("motion states answered", () -> controller.repliesAccepted() > 20);
        assertEquals(-Math.PI / 2, state("joint_2/position"), 1e-9, "the measured candle pose");

        String moved = shell.run("trajectory:move -p 0 -d 0.5 iisy/joint_trajectory_controller 0.2 -1.4 0.3 0 0.5 0");
        assertTrue(moved.contains("SUCCEEDED"), moved);
        await("the robot where the trajectory ended", () -> Math.abs(controller.positions()[0] - 0.2) < 1e-3
                && Math.abs(controller.positions()[4] - 0.5) < 1e-3);

        String torque = shell.run("cell:mode -r iisy joint_torque");
        assertTrue(torque.startsWith("robot 'iisy' is in control mode 'joint_torque'"), torque);
        await("the controller in joint torque control", () -> controller.mode() == ControlMode.JOINT_TORQUE);
        double[] held = controller.positions();
        assertEquals(0.2, held[0], 1e-3, "the switch started from where the robot stood");
        shell.run("channel:send iisy/effort_controller 0 0 0 0 0 1.25");
        await("the torque measured back", () -> Math.abs(state("joint_6/effort") - 1.25) < 1e-9);
        String wrench = shell.run("cell:mode -r iisy wrench");
        assertTrue(wrench.startsWith("robot 'iisy' is in control mode 'wrench'"), wrench);
        await("the controller in wrench control", () -> controller.mode() == ControlMode.WRENCH);
        shell.run("channel:send iisy/wrench_controller 0 0 -8.5 0 0.25 0");
        await("the wrench at the controller", () -> controller.commandedWrench()[2] == -8.5
                && controller.commandedWrench()[4] == 0.25);
        assertTrue(shell.run("cell:status -r iisy").contains("\nEAC: "), "the EAC counters in cell:status");
        assertTrue(shell.run("cell:mode -r iisy joint_position").contains("control mode 'joint_position'"));
        await("the controller in joint position control", () -> controller.mode() == ControlMode.JOINT_POSITION);

        assertEquals("robot 'iisy' is inactive", shell.run("cell:deactivate -r iisy").trim());
        assertTrue(controller.awaitIdle(20, TimeUnit.SECONDS), "the controller saw external control end");
        assertEquals(StopReason.CLIENT_STOP, controller.stopReason(), controller.stopMessage());
        assertEquals(0.2, controller.positions()[0], 1e-3, "holding");
        assertEquals(0, controller.lostReplies(), controller.status());
        assertTrue(shell.run("cell:status -r iisy").contains("iisy: inactive (configured)"));
        assertEquals("robot 'iisy' is unconfigured", shell.run("cell:cleanup -r iisy").trim());
    }

    @Test
    void theIisySwitchesToCartesianPositionFromTheShellAndEndsWhereThePoseWasSent() throws Exception {
        assertEquals("robot 'iisy' is configured (inactive)", shell.run("cell:configure -r iisy").trim());
        controller.setClientPort((int) state("eac/client_port"));
        assertEquals("robot 'iisy' is active in control mode 'joint_position'", shell.run("cell:activate -r iisy").trim());
        // away from the candle pose first: a stretched arm is singular
        String moved = shell.run("trajectory:move -p 0 -d 0.5 iisy/joint_trajectory_controller 0.2 -1.2 1.0 0.1 0.8 0.3");
        assertTrue(moved.contains("SUCCEEDED"), moved);
        double[] bent = { 0.2, -1.2, 1.0, 0.1, 0.8, 0.3 };
        // at rest there (the switch then starts from a pose that no longer changes)
        await("the robot at rest where the trajectory ended", () -> {
            double[] q = controller.positions();
            for (int j = 0; j < 6; j++) {
                if (Math.abs(q[j] - bent[j]) > 1e-9) {
                    return false;
                }
            }
            return true;
        });

        String cartesian = shell.run("cell:mode -r iisy cartesian_pose");
        assertTrue(cartesian.startsWith("robot 'iisy' is in control mode 'cartesian_pose'"), cartesian);
        await("the controller in Cartesian position control", () -> controller.mode() == ControlMode.CARTESIAN_POSITION);
        double[] start = controller.measuredPose();
        assertArrayEquals(start, controller.commandedPose(), 1e-6, "the switch started from the measured pose");
        assertEquals(start[1], state("dummy_cart_joint/y/position"), 1e-6, "the measured pose is published");

        // 3 mm along y and 2 mm down, the orientation kept: within one cycle's speed limit (1000 mm/s, 4 ms: 4 mm)
        shell.run(String.format(java.util.Locale.ROOT, "channel:send iisy/cartesian_pose_controller %.6f %.6f %.6f"
                + " %.9f %.9f %.9f %.9f", start[0], start[1] + 3, start[2] - 2, start[3], start[4], start[5], start[6]));
        // tolerance 0.01 mm: the emulator's inverse kinematics reaches the pose to 0.01 mm
        await("the flange 3 mm along y and 2 mm down", () -> Math.abs(controller.measuredPose()[1] - start[1] - 3) < 0.01
                && Math.abs(controller.measuredPose()[2] - start[2] + 2) < 0.01
                && Math.abs(controller.measuredPose()[0] - start[0]) < 0.01);
        assertEquals(0, (int) state("eac/held_commands"));
        assertTrue(controller.sampling(), controller.stopMessage());

        assertTrue(shell.run("cell:mode -r iisy joint_position").contains("control mode 'joint_position'"));
        await("the controller in joint position control", () -> controller.mode() == ControlMode.JOINT_POSITION);
        assertEquals("robot 'iisy' is inactive", shell.run("cell:deactivate -r iisy").trim());
        assertTrue(controller.awaitIdle(20, TimeUnit.SECONDS), "the controller saw external control end");
        assertEquals(StopReason.CLIENT_STOP, controller.stopReason(), controller.stopMessage());
    }

    @Test
    void aControllerGoneBeforeActivationLeavesTheRobotInactiveWithOneLine() throws Exception {
        assertEquals("robot 'iisy' is configured (inactive)", shell.run("cell:configure -r iisy").trim());
        controller.close(); // the controller went away between configure and activate
        Exception e = assertThrows(Exception.class, () -> shell.run("cell:activate -r iisy"));
        assertTrue(e.getMessage() != null && !e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(shell.run("cell:status -r iisy").contains("iisy: inactive (configured)"),
                shell.run("cell:status -r iisy"));
    }

    private double state(String name) throws Exception {
        ServiceReference<ControllerManager> ref = context
                .getServiceReferences(ControllerManager.class, "(robocell.robot=iisy)").iterator().next();
        ControllerManager m = context.getService(ref);
        try {
            return m.interfaces().stream().filter(i -> i.name().equals(name) && i.kind() == InterfaceSnapshot.Kind.STATE)
                    .findFirst().orElseThrow().value();
        } finally {
            context.ungetService(ref);
        }
    }

    private interface Check {
        boolean ok() throws Exception;
    }

    private static void await(String what, Check condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.ok()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not reached: " + what);
            }
            Thread.sleep(10);
        }
    }

}
