package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/**
 * franka_example_controllers' torque controllers (controllers/franka-impedance) as the default cell declares them,
 * on its FR3 (effort commands on every joint), on the Franka driver over FCI on loopback against the emulated FR3 (its rigid-body
 * simulation with the Franka Hand), on the hardware clock at 1 kHz, in the real framework. Durations are the robot's
 * own clock ({@code fr3/time}); every check samples the robot's mode and error bits on the way: no reflex.
 */
class FrankaImpedanceCellTest {

    private static final String EMULATOR_PID = "org.robocell.driver.franka.emulator";
    private static final String ROBOT = "fr3imp";
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

    @BeforeEach
    void startTheEmulatedFr3AndTheRobot() throws Exception {
        shell = new Shell(processor);
        CellFixture.await(() -> emulators(-1).isEmpty(), "no emulator left from another test");
        int port = freePort();
        emulatorConfiguration = configAdmin.getConfiguration(EMULATOR_PID, "?");
        Dictionary<String, Object> robotSide = new Hashtable<>();
        robotSide.put("bind.address", "127.0.0.1");
        robotSide.put("command.port", port);
        robotSide.put("protocol.version", "7");
        // not about the 20-lost-commands rule: a loaded CI machine pausing the JVM must not stop the robot
        robotSide.put("lost.commands.limit", 1000);
        emulatorConfiguration.update(robotSide);
        CellFixture.await(() -> !emulators(port).isEmpty(), "the emulated FR3 on port " + port);
        emulator = context.getService(emulators(port).iterator().next());

        String description = Files.readString(CELL.resolve("fr3.urdf"));
        flightLog = Files.createTempDirectory("fr3_imp").resolve("ControlException.log");
        String withPort = description.replace("<param name=\"robot_ip\">127.0.0.1</param>",
                "<param name=\"robot_ip\">127.0.0.1</param><param name=\"command_port\">" + port + "</param>"
                        + "<param name=\"flight_log\">" + flightLog + "</param>"
                        + "<param name=\"receive_timeout_ms\">2000</param>");
        assertTrue(!withPort.equals(description), "the cell's FR3 runs the Franka driver at 127.0.0.1");
        assertTrue(withPort.contains("<command_interface name=\"effort\"/>"), "the cell's FR3 takes effort commands");
        urdf = Files.createTempFile("fr3_imp", ".urdf");
        Files.writeString(urdf, withPort);

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "imp", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", ROBOT);
        props.put("urdf", urdf.toString());
        props.put("controllers", CELL.resolve("controllers.yaml").toString());
        props.put("clock", "hardware");
        props.put("activate", "joint_state_broadcaster,joint_trajectory_controller");
        props.put("load", "gravity_compensation_example_controller,joint_impedance_example_controller,"
                + "cartesian_impedance_example_controller");
        robot.update(props);
        manager = new CellFixture(context, configAdmin).manager(ROBOT);
        awaitController("joint_trajectory_controller", LifecycleState.ACTIVE);
        awaitController("cartesian_impedance_example_controller", LifecycleState.INACTIVE);
    }

    @AfterEach
    void stopTheRobotAndTheEmulator() throws Exception {
        if (emulator != null) {
            emulator.applyFlangeWrench(0, 0, 0, 0, 0, 0);
        }
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
    void gravityCompensationHoldsTheArmWithinAMillimetreForFiveSecondsOfRobotTime() throws Exception {
        switchTo("gravity_compensation_example_controller");
        double[] start = flange();
        double drift = maxDriftOver(5.0, start);
        System.out.printf("FrankaImpedanceCellTest: gravity compensation, largest flange drift over 5 s: %.6f m%n", drift);
        assertTrue(drift < 1e-3, "the flange moved " + drift + " m with zero torque commanded");
    }

    @Test
    void jointImpedanceHoldsThePoseItWasActivatedAt() throws Exception {
        switchTo("joint_impedance_example_controller");
        double[] q = new double[7];
        for (int j = 0; j < 7; j++) {
            q[j] = state("joint" + (j + 1) + "/position");
        }
        maxDriftOver(3.0, flange());
        double worst = 0;
        for (int j = 0; j < 7; j++) {
            worst = Math.max(worst, Math.abs(q[j] - state("joint" + (j + 1) + "/position")));
            assertEquals(q[j], state("joint" + (j + 1) + "/position"), 1e-3, "joint" + (j + 1));
        }
        System.out.printf("FrankaImpedanceCellTest: joint impedance, largest joint offset after 3 s: %.6f rad%n", worst);
    }

    @Test
    void cartesianImpedanceGivesWayToAPushAndReturnsToItsEquilibrium() throws Exception {
        switchTo("cartesian_impedance_example_controller");
        maxDriftOver(1.0, flange()); // the stiffness rises from 0 to its target (filter_params)
        double[] equilibrium = flange();

        emulator.applyFlangeWrench(8, 0, 0, 0, 0, 0);
        maxDriftOver(2.0, equilibrium);
        double[] pushed = flange();
        // 8 N against 200 N/m: about 4 cm along x
        assertTrue(distance(pushed, equilibrium) > 0.03, "gave way: " + distance(pushed, equilibrium));
        assertTrue(pushed[0] - equilibrium[0] > 0.03, "along the push: " + (pushed[0] - equilibrium[0]));
        emulator.applyFlangeWrench(0, 0, 0, 0, 0, 0);
        maxDriftOver(3.0, equilibrium);
        double back = distance(flange(), equilibrium);
        assertTrue(back < RETURN_TOLERANCE, "back within " + RETURN_TOLERANCE + " m of the equilibrium: " + back
                + " (pushed " + distance(pushed, equilibrium) + " m away)");

        // a stiffer spring, live: the same push moves it less
        String set = shell.run("controller:set -r " + ROBOT
                + " cartesian_impedance_example_controller translational_stiffness=400");
        assertTrue(!set.toLowerCase().contains("refused"), set);
        maxDriftOver(1.0, equilibrium);
        emulator.applyFlangeWrench(8, 0, 0, 0, 0, 0);
        maxDriftOver(2.0, equilibrium);
        double stiffer = distance(flange(), equilibrium);
        emulator.applyFlangeWrench(0, 0, 0, 0, 0, 0);
        System.out.printf("FrankaImpedanceCellTest: Cartesian impedance pushed %.4f m away (200 N/m), back to %.4f m;"
                + " %.4f m away at 400 N/m%n", distance(pushed, equilibrium), back, stiffer);
        assertTrue(stiffer < 0.03 && stiffer < 0.75 * distance(pushed, equilibrium),
                "8 N against 400 N/m: about 2 cm, got " + stiffer);
    }

    /**
     * How far the flange may end from the equilibrium after the push: the emulator's Coulomb joint friction (0.2 Nm on
     * joints 1 to 4, 0.1 Nm on 5 to 7) holds it where the 200 N/m spring no longer overcomes it; 1.5 to 3.1 mm seen.
     */
    static final double RETURN_TOLERANCE = 5e-3;

    private void switchTo(String controller) throws Exception {
        String switched = shell.run("controller:switch -r " + ROBOT + " -a " + controller
                + " -d joint_trajectory_controller");
        assertTrue(switched.contains("Successfully switched controllers"), switched);
    }

    /**
     * Samples until the robot's clock advanced {@code seconds}: the largest distance of the flange from
     * {@code from}; fails when the robot leaves Move or reports an error on the way.
     */
    private double maxDriftOver(double seconds, double[] from) throws InterruptedException {
        double t0 = state("fr3/time");
        double[] max = { 0 };
        CellFixture.await(() -> {
            assertEquals(2.0, state("fr3/robot_mode"), "robot mode Move: no reflex");
            assertEquals(0.0, state("fr3/errors"), "no error bits");
            max[0] = Math.max(max[0], distance(flange(), from));
            return state("fr3/time") - t0 >= seconds;
        }, seconds + " s of robot time");
        return max[0];
    }

    private double[] flange() {
        return new double[] { state("fr3/O_T_EE_12"), state("fr3/O_T_EE_13"), state("fr3/O_T_EE_14") };
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    }

    private void awaitController(String name, LifecycleState state) throws InterruptedException {
        CellFixture.await(() -> manager.controller(name).map(c -> c.state() == state).orElse(false),
                name + " " + state);
    }

    private double state(String name) {
        return manager.interfaces().stream().filter(i -> i.name().equals(name) && !i.kind().isCommand()).findFirst()
                .map(i -> i.value()).orElseThrow(() -> new AssertionError("no state interface " + name));
    }

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
