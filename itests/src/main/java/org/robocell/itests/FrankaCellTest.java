package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.cell.ControllerManager;

/**
 * The default cell's FR3 on the Franka driver over FCI on loopback, against the emulated FR3, in the real framework:
 * its URDF and controllers as the cell ships them (plus a forward effort controller), on the hardware clock at
 * 1 kHz. The trajectory controller moves it (joint position motion), the forward effort controller holds it with
 * torque control, a torque on the wrist makes the robot abort with libfranka's error name, the controllers are taken out,
 * and bringing the hardware back from the shell recovers the robot.
 */
class FrankaCellTest {

    private static final String EMULATOR_PID = "org.robocell.driver.franka.emulator";
    private static final String ROBOT = "fr3fci";
    private static final Path CELL = Path.of("../runtime/cell").toAbsolutePath().normalize();
    private static final String READY = "0 -0.785398 0 -2.356194 0 1.570796 0.785398";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration emulator;
    private Configuration robot;
    private Shell shell;
    private Path urdf;
    private Path flightLog;
    private ControllerManager manager;

    @BeforeEach
    void startTheEmulatedFr3AndTheRobot() throws Exception {
        shell = new Shell(processor);
        int port = freePort();
        emulator = configAdmin.getConfiguration(EMULATOR_PID, "?");
        Dictionary<String, Object> robotSide = new Hashtable<>();
        robotSide.put("bind.address", "127.0.0.1");
        robotSide.put("command.port", port);
        robotSide.put("protocol.version", "7");
        // this test is not about the 20-lost-commands rule (FrankaHardwareTest injects the loss): a loaded CI machine
        // pausing the JVM for 20 ms must not stop the robot, as in the runtime's default cell
        robotSide.put("lost.commands.limit", 1000);
        emulator.update(robotSide);

        String description = Files.readString(CELL.resolve("fr3.urdf"));
        flightLog = Files.createTempDirectory("fr3_fci").resolve("ControlException.log");
        String withPort = description.replace("<param name=\"robot_ip\">127.0.0.1</param>",
                "<param name=\"robot_ip\">127.0.0.1</param><param name=\"command_port\">" + port + "</param>"
                        + "<param name=\"flight_log\">" + flightLog + "</param>"
                        // nor a pause of 100 ms (the default receive timeout) fail the component
                        + "<param name=\"receive_timeout_ms\">2000</param>");
        assertTrue(!withPort.equals(description), "the cell's FR3 runs the Franka driver at 127.0.0.1");
        if (!withPort.contains("<command_interface name=\"effort\"/>")) {
            // the cell's FR3 takes position commands only: give its joints effort commands for torque control
            withPort = withPort.replace("</command_interface>\n      <state_interface name=\"position\">",
                    "</command_interface>\n      <command_interface name=\"effort\"/>\n      <state_interface"
                            + " name=\"position\">");
        }
        urdf = Files.createTempFile("fr3_fci", ".urdf");
        Files.writeString(urdf, withPort);

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "fci", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", urdf.toString());
        props.put("controllers", new String[] { CELL.resolve("controllers.yaml").toString(),
                Path.of("fixtures/fr3fci/effort_controller.yaml").toAbsolutePath().toString() });
        props.put("clock", "hardware");
        props.put("activate", "joint_state_broadcaster,joint_trajectory_controller");
        props.put("load", "forward_effort_controller");
        robot.update(props);
        manager = new CellFixture(context, configAdmin).manager(ROBOT);
        awaitController("joint_trajectory_controller", LifecycleState.ACTIVE);
        awaitController("forward_effort_controller", LifecycleState.INACTIVE);
    }

    @AfterEach
    void stopTheRobotAndTheEmulator() throws Exception {
        if (robot != null) {
            robot.delete();
            new CellFixture(context, configAdmin).awaitGone(ROBOT);
        }
        if (emulator != null) {
            emulator.delete();
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
    void trajectoryThenTorqueControlThenAReflexThenRecoveryFromTheShell() throws Exception {
        String hardware = shell.run("hardware:list -r " + ROBOT);
        assertTrue(hardware.matches("(?s).*FR3System\\s+system\\s+franka_hardware/FrankaHardwareInterface\\s+active.*"),
                hardware);
        assertTrue(hardware.matches("(?s).*FR3FtSensor\\s+system\\s+mock_components/GenericSystem\\s+active.*"),
                hardware);
        assertTrue(Math.abs(position("joint2") + 0.785398) < 1e-3, "the emulated FR3 starts in the ready pose");

        // the trajectory controller: FCI's joint position motion generator
        // awaited by the pose, as the move back below: on a loaded machine the robot extrapolates the cycles the loop
        // misses and can end a few milliradians past the goal's tolerance at its time
        shell.run("trajectory:move --no-wait -d 2 joint_trajectory_controller 0.3 -0.6 0.0 -2.2 0.0 1.6 0.8");
        CellFixture.await(() -> Math.abs(position("joint1") - 0.3) < 5e-3, "joint1 at 0.3 on the robot");
        assertTrue(state("fr3/robot_mode") == 2, "robot mode Move");

        // forward effort: torque control, zero torque on the arm the robot compensates for gravity
        String switched = shell.run("controller:switch -r " + ROBOT
                + " -a forward_effort_controller -d joint_trajectory_controller");
        assertTrue(switched.contains("Successfully switched controllers"), switched);
        shell.run("channel:send forward_effort_controller 0 0 0 0 0 0 0");
        Thread.sleep(300);
        assertTrue(Math.abs(position("joint1") - 0.3) < 0.05, "held by the robot's gravity compensation");
        assertTrue(state("fr3/robot_mode") == 2, "robot mode Move under torque control");

        // 8 Nm on the light wrist joint (the rate limiter lets it rise at 1000 Nm/s): it accelerates beyond its
        // velocity limit within milliseconds, and the robot aborts the motion
        shell.run("channel:send forward_effort_controller 0 0 0 0 0 0 8");
        CellFixture.await(() -> lastErrorOf("FR3System").contains("joint_velocity_violation"),
                "the driver reporting the robot's error by libfranka's name");
        String failed = shell.run("hardware:list -r " + ROBOT);
        assertTrue(failed.contains("Move command aborted: motion aborted by reflex! [\"joint_velocity_violation\"]"),
                failed);
        assertTrue(failed.contains("flight log: " + flightLog), failed);
        assertTrue(Files.size(flightLog) > 0, "the flight recorder's log written");
        CellFixture.await(() -> manager.controller("forward_effort_controller")
                .map(c -> c.state() != LifecycleState.ACTIVE).orElse(false), "the effort controller taken out");

        // recovery: the hardware configured again runs the robot's automatic error recovery
        shell.run("hardware:state -r " + ROBOT + " FR3System active");
        CellFixture.await(() -> {
            try {
                return shell.run("hardware:list -r " + ROBOT)
                        .matches("(?s).*FR3System\\s+system\\s+franka_hardware/FrankaHardwareInterface\\s+active.*");
            } catch (Exception e) {
                return false;
            }
        }, "FR3System active again");
        String again = shell.run("controller:switch -r " + ROBOT + " -a joint_trajectory_controller");
        assertTrue(again.contains("Successfully switched controllers"), again);
        // the robot moves again; its joint impedance settles the last millimetres after the trajectory's end, which
        // a loaded machine can stretch past the goal time, so the pose is awaited rather than the goal's verdict
        shell.run("trajectory:move --no-wait -d 3 joint_trajectory_controller " + READY);
        CellFixture.await(() -> Math.abs(position("joint1")) < 5e-3 && Math.abs(position("joint2") + 0.785398) < 5e-3,
                "back in the ready pose");
    }

    private void awaitController(String name, LifecycleState state) throws InterruptedException {
        CellFixture.await(() -> manager.controller(name).map(c -> c.state() == state).orElse(false),
                name + " " + state);
    }

    private String lastErrorOf(String component) {
        return manager.hardware(component).map(h -> String.valueOf(h.lastError())).orElse("");
    }

    private double position(String joint) {
        return state(joint + "/position");
    }

    private double state(String name) {
        return manager.interfaces().stream().filter(i -> i.name().equals(name) && !i.kind().isCommand()).findFirst()
                .map(i -> i.value()).orElseThrow(() -> new AssertionError("no state interface " + name));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
