package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
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
 * The FR3 on {@code robocell_sim/PhysicsSystem} in a real cell: the default cell's FR3 description with its
 * {@code <ros2_control>} block replaced by one on the physics simulation (effort and position command interfaces).
 * Zero torque from the forward effort controller lets the arm fall; the trajectory controller on the position
 * interfaces (closed by the simulation's PID) moves it along a trajectory.
 */
class PhysicsSimulationCellTest {

    private static final Pattern BLOCK = Pattern.compile("(?s)<ros2_control .*</ros2_control>");

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    ConfigurationAdmin configAdmin;

    private Configuration robot;
    private Shell shell;
    private Path urdf;

    @BeforeEach
    void startTheFr3OnThePhysicsSimulation() throws Exception {
        shell = new Shell(processor);
        String description = Files.readString(Path.of(CellFixture.fr3Urdf()));
        Matcher block = BLOCK.matcher(description);
        assertTrue(block.find(), "the default cell's FR3 has a <ros2_control> block");
        String physics = Files.readString(Path.of("fixtures/fr3sim/ros2_control.xml"));
        urdf = Files.createTempFile("fr3_physics", ".urdf");
        Files.writeString(urdf, block.replaceFirst(Matcher.quoteReplacement(physics.strip())));

        robot = configAdmin.getFactoryConfiguration("org.robocell.cell.robot", "physics", "?");
        Dictionary<String, Object> props = new Hashtable<>();
        props.put("name", "fr3sim");
        props.put("urdf", urdf.toString());
        props.put("controllers", Path.of("fixtures/fr3sim/controllers.yaml").toAbsolutePath().toString());
        props.put("activate", "joint_state_broadcaster");
        props.put("load", "forward_effort_controller,joint_trajectory_controller");
        robot.update(props);
        ControllerManager m = new CellFixture(context, configAdmin).manager("fr3sim");
        CellFixture.await(() -> m.controller("joint_state_broadcaster").map(s -> s.state() == LifecycleState.ACTIVE)
                .orElse(false), "joint_state_broadcaster active");
        for (String c : new String[] { "forward_effort_controller", "joint_trajectory_controller" }) {
            CellFixture.await(() -> m.controller(c).isPresent(), c + " loaded");
        }
        CellFixture.await(() -> {
            try {
                return shell.run("hardware:list -r fr3sim").matches("(?s).*FR3Physics\\s.*active.*");
            } catch (Exception notYet) {
                return false;
            }
        }, "FR3Physics active");
    }

    @AfterEach
    void stopTheRobot() throws Exception {
        robot.delete();
        new CellFixture(context, configAdmin).awaitGone("fr3sim");
        Files.deleteIfExists(urdf);
    }

    @Test
    void withNoControllerItHoldsAndZeroTorqueFromTheForwardEffortControllerLetsItFall() throws Exception {
        double shoulder = position("joint2");
        assertTrue(Math.abs(shoulder + 0.785398) < 0.01, "held near the ready pose: " + shoulder);

        String switched = shell.run("controller:switch -r fr3sim -a forward_effort_controller");
        assertTrue(switched.contains("Successfully switched controllers"), switched);
        shell.run("channel:send forward_effort_controller 0 0 0 0 0 0 0");
        CellFixture.await(() -> Math.abs(position("joint2") - shoulder) > 0.2, "the shoulder falling under gravity");
        assertTrue(Math.abs(effort("joint2")) < 1e-9, "the torque applied is the one commanded: " + effort("joint2"));
    }

    @Test
    void theTrajectoryControllerOnThePositionInterfacesMovesItAlongATrajectory() throws Exception {
        String switched = shell.run("controller:switch -r fr3sim -a joint_trajectory_controller");
        assertTrue(switched.contains("Successfully switched controllers"), switched);
        Path wave = Files.createTempFile("wave", ".txt");
        Files.writeString(wave, String.join("\n",
                "# time joint1..joint7",
                "1.0  0.3 -0.6 0.0 -2.2 0.0 1.6 0.8",
                "2.0  0.6 -0.4 0.2 -2.0 0.1 1.8 0.9",
                "3.0  0.1 -0.7 0.1 -2.3 0.0 1.5 0.7"));
        try {
            String moved = shell.run("trajectory:points -p 0 joint_trajectory_controller " + wave);
            assertTrue(moved.contains("SUCCEEDED"), moved);
        } finally {
            Files.deleteIfExists(wave);
        }
        // the PID settles the last few millimradians after the goal's time: wait for it, bounded
        double[] goal = {0.1, -0.7, 0.1, -2.3, 0.0, 1.5, 0.7};
        for (int j = 0; j < 7; j++) {
            String joint = "joint" + (j + 1);
            double target = goal[j];
            CellFixture.await(() -> Math.abs(position(joint) - target) < 5e-3, joint + " at " + target);
        }
    }

    private double position(String joint) {
        return field(joint + "/position");
    }

    private double effort(String joint) {
        return field(joint + "/effort");
    }

    private double field(String name) {
        String echo;
        try {
            echo = shell.run("channel:echo -n 1 -f " + name + " joint_states");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Matcher m = Pattern.compile(Pattern.quote(name) + ": (\\S+)").matcher(echo);
        if (!m.find()) {
            throw new AssertionError("no " + name + " in\n" + echo);
        }
        return Double.parseDouble(m.group(1));
    }
}
