package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.kinematics.KinematicsService;
import org.robocell.kinematics.KinematicsSolver;

/**
 * Admittance control in the default cell, from the shell alone, on a stepped clock: the FR3 of {@code runtime/cell} on
 * the mock driver with its controllers file; the user loads the admittance chain, switches from the trajectory
 * controller to trajectory controller → admittance controller, sets the mock sensor's wrench with the forward
 * controller of its command interfaces, and the flange gives way by wrench / stiffness (1 %), also after a trajectory
 * and after the stiffness changed while running. The physics simulation (contact with a wall) does not exist yet.
 */
class AdmittanceCellTest {

    private static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6",
            "joint7");
    private static final String ROBOT = "fr3_stepped";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 10_000)
    CommandProcessor processor;

    @InjectService(timeout = 10_000)
    KinematicsService kinematics;

    private SteppedRobot robot;
    private Shell shell;
    private KinematicsSolver fk;

    @BeforeEach
    void startTheDefaultFr3OnASteppedClock() throws Exception {
        // the controller factories come up with their bundles: wait until the chain's types are served
        CellFixture.await(() -> {
            try {
                return context.getServiceReferences(org.robocell.api.controller.ControllerFactory.class,
                        "(robocell.controller.type=admittance_controller/AdmittanceController)").size() == 1;
            } catch (org.osgi.framework.InvalidSyntaxException e) {
                throw new IllegalStateException(e);
            }
        }, "the admittance controller type");
        robot = new SteppedRobot(context, ROBOT, "fr3.urdf", "controllers.yaml", 1000);
        shell = new Shell(processor);
        fk = kinematics.solver(robot.model(), "base", "link8", 0.0);
        for (String c : List.of("joint_state_broadcaster", "joint_trajectory_controller", "admittance_controller",
                "chained_trajectory_controller", "ft_sensor_command_controller")) {
            shell.run("controller:load -r " + ROBOT + " " + c);
            shell.run("controller:configure -r " + ROBOT + " " + c);
        }
        String started = robot.runWhileStepping(shell, "controller:activate -r " + ROBOT
                + " joint_state_broadcaster joint_trajectory_controller");
        assertTrue(started.contains("Successfully"), started);
        robot.step(10);
    }

    @AfterEach
    void stopTheRobot() {
        robot.close();
    }

    @Test
    void aWrenchSetFromTheShellMovesTheFlangeByWrenchOverStiffnessThroughTheChain() throws Exception {
        String switched = robot.runWhileStepping(shell, "controller:switch -r " + ROBOT
                + " -a admittance_controller,chained_trajectory_controller,ft_sensor_command_controller"
                + " -d joint_trajectory_controller");
        assertTrue(switched.contains("Successfully switched controllers!"), switched);
        assertEquals(LifecycleState.ACTIVE, robot.manager().controller("admittance_controller").orElseThrow().state());
        String chains = shell.run("controller:chains -r " + ROBOT);
        assertTrue(chains.contains("chained_trajectory_controller --[admittance_controller/joint1/position reference]-->"
                + " admittance_controller"), chains);
        double[] q0 = robot.positions(JOINTS);
        double[] flange0 = flange(q0);

        // 10 N along the sensor's (the flange's) z axis: stiffness 200 N/m gives 5 cm along that axis
        String sent = shell.run("channel:send ft_sensor_command_controller 0 0 10 0 0 0");
        assertTrue(sent.contains("sent [0.0, 0.0, 10.0, 0.0, 0.0, 0.0]"), sent);
        robot.step(4000);
        assertDisplaced(flange0, robot.positions(JOINTS), 10.0 / 200.0);
        String state = robot.runWhileStepping(shell, "channel:echo -n 1 -f admittance_position/z admittance_controller/state");
        java.util.regex.Matcher z = java.util.regex.Pattern.compile("admittance_position/z: (\\S+)").matcher(state);
        assertTrue(z.find(), state);
        assertEquals(flange0[10] * 0.05, Double.parseDouble(z.group(1)), 0.0005, state);

        // a trajectory through the chain: it arrives, and the flange is where it ends plus the compliance
        double[] goal = q0.clone();
        goal[0] += 0.3;
        goal[3] += 0.2;
        StringBuilder move = new StringBuilder("trajectory:move -p 0 -d 1.5 chained_trajectory_controller");
        for (double g : goal) {
            move.append(' ').append(g);
        }
        String moved = robot.runWhileStepping(shell, move.toString());
        assertTrue(moved.contains("SUCCEEDED"), moved);
        robot.step(4000);
        assertDisplaced(flange(goal), robot.positions(JOINTS), 10.0 / 200.0);

        // stiffer while running: half the way
        String set = shell.run("controller:set -r " + ROBOT + " admittance_controller"
                + " admittance.stiffness=[400.0,400.0,400.0,20.0,20.0,20.0]");
        assertTrue(set.contains("took the parameters while active"), set);
        robot.step(4000);
        assertDisplaced(flange(goal), robot.positions(JOINTS), 10.0 / 400.0);

        // no wrench: back to the trajectory's end
        shell.run("channel:send ft_sensor_command_controller 0 0 0 0 0 0");
        robot.step(4000);
        double[] back = flange(robot.positions(JOINTS));
        double[] end = flange(goal);
        for (int i : new int[] { 3, 7, 11 }) {
            assertEquals(end[i], back[i], 1e-6);
        }
    }

    /** The flange is {@code distance} along the start pose's z axis from {@code start}, within 1 % of it. */
    private void assertDisplaced(double[] start, double[] q, double distance) {
        double[] now = flange(q);
        double[] along = { start[2] * distance, start[6] * distance, start[10] * distance };
        double[] moved = { now[3] - start[3], now[7] - start[7], now[11] - start[11] };
        for (int i = 0; i < 3; i++) {
            assertEquals(along[i], moved[i], 0.01 * distance, "moved " + java.util.Arrays.toString(moved)
                    + ", expected " + java.util.Arrays.toString(along));
        }
    }

    private double[] flange(double[] q) {
        double[] t = new double[16];
        assertTrue(fk.calculateLinkTransform(q, "link8", t));
        return t;
    }
}
