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
import java.util.regex.Matcher;
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
import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;

/**
 * Motion primitives on the default cell's two robots, from the shell: a blended PTP → LIN → CIRC sequence on the
 * KR 6 through the motion_primitives_forward_controller and the executor it is chained to, over RSI to the RSI
 * emulator (UDP on loopback); the same on the FR3 through the executor's own goals; a primitive out of reach refused
 * before any motion.
 */
class MotionPrimitivesCellTest {

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
    private Path dir;

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
        Configuration c = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "itest-motion-" + name, "?");
        c.update(props);
        return c;
    }

    @BeforeEach
    void startTheCellsRobots() throws Exception {
        shell = new Shell(processor);
        dir = Files.createTempDirectory("motion");
        Path urdf = dir.resolve("kr6.urdf");
        Files.writeString(urdf, Files.readString(CELL.resolve("kr6r900sixx.urdf"))
                .replace("<param name=\"listen_port\">59152</param>", "<param name=\"listen_port\">0</param>"));
        fr3 = robotFromCell("fr3", CELL.resolve("fr3.urdf"));
        kr6 = robotFromCell("kr6", urdf);
        shell.awaitOutput("cell:status -r kr6", "kr6: unconfigured");
        shell.awaitOutput("controller:list -r fr3", "motion_primitive\\s.*inactive");
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
    void theKr6RunsABlendedPtpLinCircSequenceFromTheShellThroughTheForwardControllerOverRsi() throws Exception {
        assertEquals("robot 'kr6' is configured (inactive)", shell.run("cell:configure -r kr6").trim());
        int port = (int) state("kr6", "rsi/listen_port");
        robot = RsiRobotEmulator.start(RsiEmulatorConfig.defaults(new InetSocketAddress(
                InetAddress.getLoopbackAddress(), port)));
        assertEquals("robot 'kr6' is active in control mode 'joint_position.motion_primitives'",
                shell.run("cell:activate -r kr6 joint_position.motion_primitives").trim());

        // the tool pose after the PTP, from the cell's own kinematics: the LIN and the CIRC start there
        double[] tool = pose(shell.run("cell:fk -r kr6 0.2 -1.5 1.4 0.1 1.6 0.1"));
        Path sequence = dir.resolve("kr6.yaml");
        Files.writeString(sequence, String.join("\n",
                "- ptp: [0.2, -1.5, 1.4, 0.1, 1.6, 0.1]",
                "  blend_radius: 0.03",
                "  velocity: 0.4",
                "  acceleration: 0.4",
                "- lin: " + list(tool, 0.15, 0),
                "  blend_radius: 0.03",
                "  velocity: 0.4",
                "- circ: " + list(tool, 0.15, 0.1),
                "  via: [" + (tool[0] + 0.2) + ", " + (tool[1] + 0.05) + ", " + tool[2] + "]",
                "  velocity: 0.4", ""));
        String ran = shell.run("motion:sequence -p 0 kr6/motion_primitives_forward_controller " + sequence);
        assertTrue(ran.contains("SUCCEEDED: kr6/motion_primitives_forward_controller executed 3 primitives"), ran);

        double[] end = pose(shell.run("cell:fk -r kr6"));
        assertEquals(tool[0] + 0.15, end[0], 1e-4, "the tool ends on the CIRC's goal");
        assertEquals(tool[1] + 0.1, end[1], 1e-4);
        assertEquals(tool[2], end[2], 1e-4);
        double[] q = joints("kr6");
        double[] axes = robot.axisDegrees();
        for (int j = 0; j < 6; j++) {
            assertEquals(Math.toDegrees(q[j]), axes[j], 0.01, "the emulated robot's axis A" + (j + 1));
        }

        String refused = assertThrows(Exception.class, () -> shell.run(
                "motion:lin kr6/motion_primitives_forward_controller " + (tool[0] + 2) + " 0 0.8 0 1.57 0"))
                .getMessage();
        assertTrue(refused.startsWith("ABORTED EXECUTION_FAILED"), refused);
        // stretched out towards it, the arm meets its elbow singularity before the edge of its reach
        assertTrue(refused.contains("(LIN #1 passes a singularity") || refused.contains("(LIN #1 leaves the robot's reach"),
                refused);
        assertTrue(shell.run("motion:status").matches("(?s).*kr6/motion_primitives_forward_controller\\s+-\\s+-\\s+-"
                + "\\s+LIN #1 .*"), "the executor's error is shown");
        double[] after = joints("kr6");
        for (int j = 0; j < 6; j++) {
            assertEquals(q[j], after[j], 1e-9, "nothing moved");
        }
    }

    @Test
    void theFr3RunsTheSequenceThroughTheExecutorsOwnGoalsAndRefusesWhatItCannotReach() throws Exception {
        assertTrue(shell.run("controller:switch -r fr3 -a motion_primitive -d joint_trajectory_controller")
                .startsWith("Successfully switched controllers!"));
        Path sequence = dir.resolve("fr3.yaml");
        Files.writeString(sequence, String.join("\n",
                "- ptp: [0.2, -0.6, 0.1, -2.2, 0.05, 1.7, 0.9]",
                "  blend_radius: 0.03",
                "  velocity: 0.4",
                "- lin: [0.42, 0.15, 0.55, 3.14159, 0.0, -0.6]",
                "  blend_radius: 0.03",
                "- circ: [0.42, 0.25, 0.45, 3.14159, 0.0, -0.6]",
                "  via: [0.42, 0.25, 0.55]", ""));
        String ran = shell.run("motion:sequence -p 0 motion_primitive " + sequence);
        assertTrue(ran.contains("SUCCEEDED: motion_primitive executed 3 primitives"), ran);
        double[] end = pose(shell.run("cell:fk -r fr3"));
        assertEquals(0.42, end[0], 1e-4);
        assertEquals(0.25, end[1], 1e-4);
        assertEquals(0.45, end[2], 1e-4);

        String refused = assertThrows(Exception.class, () -> shell.run(
                "motion:lin motion_primitive 3.0 0.0 0.5 3.14159 0.0 -0.6")).getMessage();
        assertTrue(refused.startsWith("goal rejected: LIN #1 leaves the robot's reach at "), refused);
        String badFile = dir.resolve("bad.yaml").toString();
        Files.writeString(Path.of(badFile), "- lin: [0.4, 0, 0.5, 0, 0, 0]\n  blend_radus: 0.02\n");
        String typo = assertThrows(Exception.class, () -> shell.run("motion:sequence motion_primitive " + badFile))
                .getMessage();
        assertEquals(badFile + ":2: unknown key 'blend_radus' (did you mean 'blend_radius'?)", typo);
    }

    /** x, y, z, roll, pitch, yaw from cell:fk output. */
    private static double[] pose(String fk) {
        Matcher p = Pattern.compile("x (\\S+)\\s+y (\\S+)\\s+z (\\S+)").matcher(fk);
        Matcher r = Pattern.compile("roll (\\S+)\\s+pitch (\\S+)\\s+yaw (\\S+)").matcher(fk);
        assertTrue(p.find() && r.find(), fk);
        return new double[] { Double.parseDouble(p.group(1)), Double.parseDouble(p.group(2)),
                Double.parseDouble(p.group(3)), Double.parseDouble(r.group(1)), Double.parseDouble(r.group(2)),
                Double.parseDouble(r.group(3)) };
    }

    private static String list(double[] pose, double dx, double dy) {
        return "[" + (pose[0] + dx) + ", " + (pose[1] + dy) + ", " + pose[2] + ", " + pose[3] + ", " + pose[4] + ", "
                + pose[5] + "]";
    }

    private double[] joints(String robotName) throws Exception {
        double[] q = new double[6];
        for (int j = 0; j < 6; j++) {
            q[j] = state(robotName, "joint_a" + (j + 1) + "/position");
        }
        return q;
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

}
