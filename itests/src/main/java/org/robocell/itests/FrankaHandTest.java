package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Dictionary;
import java.util.Hashtable;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.driver.franka.gripper.emulator.FrankaHandEmulator;

/**
 * The Franka Hand in the real framework: the emulated Hand started from its configuration on a free port, a robot of
 * the cell whose {@code <ros2_control>} block runs the Hand driver on it, and franka:gripper from the shell. A grasp on
 * the object that is there succeeds and the loop reads it held; a grasp at a width with no object is "unsuccessful";
 * a move beyond the max width is refused before anything is sent.
 */
class FrankaHandTest {

    private static final String EMULATOR_PID = "org.robocell.driver.franka.gripper.emulator";
    private static final String ROBOT = "hand";
    private static final Path FIXTURE = Path.of("fixtures/franka-hand/fr3_hand.urdf").toAbsolutePath();

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration emulatorConfiguration;
    private Configuration robot;
    private Path urdf;
    private Shell shell;
    private ControllerManager manager;
    private FrankaHandEmulator emulator;

    @BeforeEach
    void startTheEmulatedHandAndTheRobot() throws Exception {
        shell = new Shell(processor);
        int port = freePort();
        emulatorConfiguration = configAdmin.getConfiguration(EMULATOR_PID, "?");
        Dictionary<String, Object> hand = new Hashtable<>();
        hand.put("bind.address", "127.0.0.1");
        hand.put("command.port", port);
        hand.put("object.width", "0.03");
        emulatorConfiguration.update(hand);
        CellFixture.await(() -> !emulators(port).isEmpty(), "the emulated Hand on port " + port);
        emulator = context.getService(emulators(port).iterator().next());

        String description = Files.readString(FIXTURE);
        String withPort = description.replace("<param name=\"robot_ip\">127.0.0.1</param>",
                "<param name=\"robot_ip\">127.0.0.1</param><param name=\"command_port\">" + port + "</param>"
                        // a loaded CI machine pausing the emulator must not fail the component
                        + "<param name=\"receive_timeout_ms\">10000</param>");
        assertTrue(!withPort.equals(description), "the fixture's Hand is at 127.0.0.1");
        urdf = Files.createTempFile("fr3_hand", ".urdf");
        Files.writeString(urdf, withPort);

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", ROBOT, "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", urdf.toString());
        props.put("rate", 100);
        props.put("clock", "internal");
        robot.update(props);
        manager = new CellFixture(context, configAdmin).manager(ROBOT);
        CellFixture.await(() -> manager.hardware("fr3_hand").map(h -> h.state() == LifecycleState.ACTIVE)
                .orElse(false), "the Hand component active");
    }

    @AfterEach
    void stopTheRobotAndTheHand() throws Exception {
        if (robot != null) {
            robot.delete();
            new CellFixture(context, configAdmin).awaitGone(ROBOT);
        }
        if (emulatorConfiguration != null) {
            emulatorConfiguration.delete();
            CellFixture.await(() -> emulators(-1).isEmpty(), "the emulated Hand stopped");
        }
        if (urdf != null) {
            Files.deleteIfExists(urdf);
        }
    }

    @Test
    void aGraspOnTheObjectSucceedsAndOneWhereThereIsNoneIsUnsuccessful() throws Exception {
        CellFixture.await(() -> state("fr3_hand/width") == 0.08, "the loop reading the open Hand");
        assertEquals(0.04, state("fr3_finger_joint1/position"), 1e-12, "each finger at half the width");

        assertEquals("fr3_hand: Homing: kSuccess", answer("franka:gripper home"));
        assertEquals("fr3_hand: Grasp: kSuccess", answer("franka:gripper grasp 0.03 0.1 40"));
        CellFixture.await(() -> state("fr3_hand/is_grasped") == 1, "the loop reading the object held");
        assertEquals(0.015, state("fr3_finger_joint2/position"), 1e-12);
        String held = answer("franka:gripper state");
        assertTrue(held.startsWith("fr3_hand: width 0.0300 m, max_width 0.0800 m, is_grasped true, temperature 30"),
                held);

        assertEquals("fr3_hand: Move: kSuccess", answer("franka:gripper move 0.08"));
        String missed = answer("franka:gripper grasp 0.05 0.1 40");
        assertTrue(missed.startsWith("fr3_hand: Grasp: kUnsuccessful (unsuccessful:"), missed);
        CellFixture.await(() -> state("fr3_hand/is_grasped") == 0 && state("fr3_hand/width") == 0.03,
                "the fingers closed on the object, outside the band, holding nothing");
    }

    @Test
    void aMoveBeyondTheMaxWidthAndAWordThatIsNotANumberAreOneLineEachAndNothingMoves() throws Exception {
        assertEquals("fr3_hand: Move: width=0.09 m is beyond the Hand's max width 0.08 m; nothing sent",
                failure("franka:gripper move 0.09"));
        assertEquals("width 'wide' is not a number; nothing sent", failure("franka:gripper move wide"));
        assertEquals("no Franka Hand component 'left'; the cell has fr3_hand",
                failure("franka:gripper -c left stop"));
        assertEquals(0.08, emulator.state().width(), 0, "the Hand did not move");
        assertEquals(0, emulator.protocolErrors());
        assertEquals("fr3_hand: Stop: kSuccess", answer("franka:gripper stop"));
    }

    private double state(String name) {
        return manager.interfaces().stream().filter(i -> i.name().equals(name)
                && i.kind() == InterfaceSnapshot.Kind.STATE).findFirst().map(InterfaceSnapshot::value)
                .orElse(Double.NaN);
    }

    /** The command's answer: its last line (a log line of the call may come before it). */
    private String answer(String line) throws Exception {
        String[] lines = shell.run(line).trim().split("\\R");
        return lines[lines.length - 1].trim();
    }

    private String failure(String line) {
        Exception e = assertThrows(Exception.class, () -> shell.run(line), line);
        return e.getMessage();
    }

    private Collection<ServiceReference<FrankaHandEmulator>> emulators(int commandPort) {
        try {
            return context.getServiceReferences(FrankaHandEmulator.class,
                    commandPort < 0 ? null : "(command.port=" + commandPort + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
