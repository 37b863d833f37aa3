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
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.driver.franka.emulator.FrankaRobotEmulator;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The franka:* commands on the default cell's FR3 over FCI on loopback, in the real framework: each setting reaches
 * the emulated robot (what it reports changes), a bad value or a setting during a motion is one line, and after the
 * robot stops a push with a reflex (thresholds lowered from the shell) the error's name shows in franka:state, the
 * controllers are out, the robot holds, and franka:error_recovery brings it back from the shell.
 */
class FrankaShellTest {

    private static final String EMULATOR_PID = "org.robocell.driver.franka.emulator";
    private static final String ROBOT = "fr3sh";
    private static final Path CELL = Path.of("../runtime/cell").toAbsolutePath().normalize();

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration emulatorConfiguration;
    private Configuration robot;
    private Shell shell;
    private Path urdf;
    private Path flightLog;
    private ControllerManager manager;
    private FrankaRobotEmulator emulator;
    private int port;

    @BeforeEach
    void startTheEmulatedFr3AndTheRobot() throws Exception {
        shell = new Shell(processor);
        CellFixture.await(() -> emulators(-1).isEmpty(), "no emulator left from another test");
        port = freePort();
        emulatorConfiguration = configAdmin.getConfiguration(EMULATOR_PID, "?");
        Dictionary<String, Object> robotSide = new Hashtable<>();
        robotSide.put("bind.address", "127.0.0.1");
        robotSide.put("command.port", port);
        robotSide.put("protocol.version", "7");
        // this test is not about the 20-lost-commands rule (FrankaHardwareTest injects the loss): a loaded CI machine
        // pausing the JVM for 20 ms must not stop the robot, as in the runtime's default cell
        robotSide.put("lost.commands.limit", 1000);
        emulatorConfiguration.update(robotSide);
        CellFixture.await(() -> !emulators(port).isEmpty(), "the emulated FR3 on port " + port);
        emulator = context.getService(emulators(port).iterator().next());

        String description = Files.readString(CELL.resolve("fr3.urdf"));
        flightLog = Files.createTempDirectory("fr3_shell").resolve("ControlException.log");
        String withPort = description.replace("<param name=\"robot_ip\">127.0.0.1</param>",
                "<param name=\"robot_ip\">127.0.0.1</param><param name=\"command_port\">" + port + "</param>"
                        + "<param name=\"flight_log\">" + flightLog + "</param>"
                        // nor a pause of 100 ms (the default receive timeout) fail the component
                        + "<param name=\"receive_timeout_ms\">2000</param>");
        assertTrue(!withPort.equals(description), "the cell's FR3 runs the Franka driver at 127.0.0.1");
        urdf = Files.createTempFile("fr3_shell", ".urdf");
        Files.writeString(urdf, withPort);

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "shell", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", urdf.toString());
        props.put("controllers", CELL.resolve("controllers.yaml").toString());
        props.put("clock", "hardware");
        props.put("activate", "joint_state_broadcaster,joint_trajectory_controller");
        robot.update(props);
        manager = new CellFixture(context, configAdmin).manager(ROBOT);
        CellFixture.await(() -> manager.controller("joint_trajectory_controller")
                .map(c -> c.state() == LifecycleState.ACTIVE).orElse(false), "the trajectory controller active");
    }

    @AfterEach
    void stopTheRobotAndTheEmulator() throws Exception {
        if (robot != null) {
            robot.delete();
            new CellFixture(context, configAdmin).awaitGone(ROBOT);
        }
        if (emulatorConfiguration != null) {
            emulatorConfiguration.delete();
            CellFixture.await(() -> emulators(-1).isEmpty(), "the emulator stopped");
        }
        if (urdf != null) {
            Files.deleteIfExists(urdf);
        }
        if (flightLog != null) {
            Files.deleteIfExists(flightLog);
            Files.deleteIfExists(flightLog.getParent());
        }
    }

    @Test
    void settingsReachTheRobotAndAReflexIsRecoveredFromTheShell() throws Exception {
        String r = " -r " + ROBOT + " ";
        shell.awaitOutput("franka:state" + r + "-f robot_mode", "robot_mode:\\s+Move");

        // wrong uses: one line each, nothing sent
        assertEquals("franka:joint_stiffness takes 7 values (K_theta, joint 1 to 7) or 1 for every joint, got 3",
                failure("franka:joint_stiffness" + r + "1 2 3"));
        assertEquals("value 2 (K_theta[1]) is '.nan', not a number",
                failure("franka:joint_stiffness" + r + "1 .nan 1 1 1 1 1"));
        assertEquals("K_x[0] (x) = 5 is outside libfranka's [10, 3000] N/m; nothing sent",
                failure("franka:cartesian_stiffness" + r + "5 100 100 10 10 10"));
        assertEquals("K_theta[3] = -1 is negative; nothing sent",
                failure("franka:joint_stiffness" + r + "1 1 1 -1 1 1 1"));
        assertTrue(failure("franka:state -r nosuchrobot").startsWith("unknown robot 'nosuchrobot'"));
        // the robot refuses a setting while it moves, by libfranka's name
        assertEquals("FR3System (" + ROBOT + ") refused SetCollisionBehavior: kCommandNotPossibleRejected (the robot"
                + " takes this only while no motion runs: deactivate the controllers on the arm first)",
                failure("franka:collision" + r + "1 2 2 5"));

        // idle: the settings are taken, and the robot reports them
        shell.run("controller:switch" + r + "-d joint_trajectory_controller");
        shell.awaitOutput("franka:state" + r + "-f robot_mode", "robot_mode:\\s+Idle");
        assertEquals("FR3System (" + ROBOT + "): SetNEToEE: kSuccess", answer("franka:tcp_frame" + r + "0 0 0.1"));
        String frame = shell.run("franka:state" + r + "-f NE_T_EE");
        assertTrue(frame.contains("NE_T_EE:  [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0.1, 1]"), frame);
        assertEquals("FR3System (" + ROBOT + "): SetLoad: kSuccess", answer("franka:load" + r + "0.5 0 0 0.05"));
        String load = shell.run("franka:state" + r + "-f m_load");
        assertTrue(load.contains("m_load:  [0.5]"), load);
        // franka:model: libfranka's model for the live state, the load included in m_total
        String model = shell.run("franka:model" + r + "-f flange");
        assertTrue(model.startsWith("FR3System (" + ROBOT + "), FCI v"), model);
        assertTrue(model.matches("(?s).*m_total \\(kg\\):\\s+1\\.23\\b.*"), "hand and load: " + model);
        assertTrue(model.matches("(?s).*\\Rpose\\(kFlange\\):\\R.*\\Rmass:\\R.*\\Rgravity \\(Nm\\):.*"), model);
        assertTrue(failure("franka:model" + r + "-f tcp").contains("unknown frame 'tcp': expected one of"));
        // the robot now expects 0.5 kg it does not carry: it reads as a force lifting the flange
        shell.awaitOutput("franka:state" + r + "-f O_F_ext_hat_K", "O_F_ext_hat_K:\\s+\\[[^,]+, [^,]+, 4\\.9");
        assertEquals("FR3System (" + ROBOT + "): SetLoad: kSuccess", answer("franka:load" + r + "0 0 0 0"));
        assertEquals("FR3System (" + ROBOT + "): SetCollisionBehavior: kSuccess",
                answer("franka:collision" + r + "1 2 2 5"));

        // moving again, a 10 N push (half the robot's default threshold) is now a reflex
        shell.run("controller:switch" + r + "-a joint_trajectory_controller");
        shell.awaitOutput("franka:state" + r + "-f robot_mode", "robot_mode:\\s+Move");
        emulator.applyFlangeWrench(0, 0, -10, 0, 0, 0);
        CellFixture.await(() -> lastError().contains("cartesian_reflex"), "the driver reporting the reflex by name");
        emulator.applyFlangeWrench(0, 0, 0, 0, 0, 0);
        CellFixture.await(() -> manager.controller("joint_trajectory_controller")
                .map(c -> c.state() != LifecycleState.ACTIVE).orElse(false), "the trajectory controller taken out");
        CellFixture.await(() -> manager.hardware("FR3System").map(h -> h.state() == LifecycleState.UNCONFIGURED)
                .orElse(false), "FR3System unconfigured by error handling");
        String stopped = shell.run("franka:state" + r + "-f errors");
        assertTrue(stopped.contains("(read on a connection of its own: the component is not connected)"), stopped);
        assertTrue(stopped.matches("(?s).*current_errors:\\s+\\[[^]]*\"cartesian_reflex\".*"), stopped);
        assertTrue(stopped.matches("(?s).*last_motion_errors:\\s+\\[[^]]*\"cartesian_reflex\".*"), stopped);
        assertTrue(shell.run("franka:state" + r + "-f robot_mode").matches("(?s).*robot_mode:\\s+Reflex.*"));
        double[] dq = new double[7];
        emulator.state().get(StateField.DQ, dq);
        for (int i = 0; i < 7; i++) {
            assertEquals(0, dq[i], 1e-9, "the robot holds: joint " + (i + 1) + " does not move");
        }

        // recovery from the shell, then the component and the controller come back
        String recovered = answer("franka:error_recovery" + r);
        assertEquals("FR3System (" + ROBOT + "): AutomaticErrorRecovery: kSuccess; FR3System is unconfigured:"
                + " hardware:state -r " + ROBOT + " FR3System active connects it again", recovered);
        String idle = shell.run("franka:state" + r + "-f errors");
        assertTrue(idle.matches("(?s).*current_errors:\\s+\\[\\].*"), idle);
        shell.run("hardware:state" + r + "FR3System active");
        String again = shell.run("controller:switch" + r + "-a joint_trajectory_controller");
        assertTrue(again.contains("Successfully switched controllers"), again);
        shell.awaitOutput("franka:state" + r + "-f robot_mode", "robot_mode:\\s+Move");

        // franka:stop ends the motion as libfranka's stop does: the loop's controllers go out, the robot holds
        assertEquals("FR3System (" + ROBOT + "): StopMove: kSuccess", answer("franka:stop" + r));
        CellFixture.await(() -> lastError().contains("kPreempted"), "the component reporting the preempted motion");
        shell.awaitOutput("franka:state" + r + "-f robot_mode", "robot_mode:\\s+Idle");
    }

    @Test
    void helpShowsTheFrankaCommandsWithTheirExamples() throws Exception {
        String help = shell.run("help franka:joint_stiffness");
        assertTrue(help.contains("franka:joint_stiffness -r fr3 3000 3000 3000 2500 2500 2000 2000"), help);
    }

    /** The command's answer: its last line (a log line of the call may come before it in the session's output). */
    private String answer(String line) throws Exception {
        String[] lines = shell.run(line).trim().split("\\R");
        return lines[lines.length - 1].trim();
    }

    private String failure(String line) {
        Exception e = assertThrows(Exception.class, () -> shell.run(line), line);
        return e.getMessage();
    }

    private String lastError() {
        return manager.hardware("FR3System").map(h -> String.valueOf(h.lastError())).orElse("");
    }

    /** The emulators running in the framework, those on {@code commandPort} (or all for -1). */
    private Collection<ServiceReference<FrankaRobotEmulator>> emulators(int commandPort) {
        try {
            return context.getServiceReferences(FrankaRobotEmulator.class,
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
