package org.robocell.controller.franka.examples.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.JointLimits;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** franka_example_controllers' move to start: a joint goal on upstream's velocity-limited profile, then held. */
class MoveToStartControllerTest {

    private static final List<Double> GOAL = List.of(0.3, -0.6, 0.1, -2.0, 0.2, 1.8, 0.5);

    private final ChannelDirectory channels = new ChannelDirectory();
    private final FrankaArmRig arm = new FrankaArmRig();
    private Controller controller;

    private Entry load(Map<String, ?> parameters) {
        controller = new FrankaExamplesFactory(channels).create(FrankaExamplesFactory.MOVE_TO_START);
        return arm.rig.load("move_to_start", FrankaExamplesFactory.MOVE_TO_START, controller, parameters);
    }

    private Entry active(Map<String, ?> parameters) {
        Entry e = load(parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
        return e;
    }

    private double[] state() {
        return channels.find("move_to_start/state", StateOutput.class).orElseThrow().snapshot().values();
    }

    private double command(int joint, String kind) {
        return arm.command(FrankaArmRig.JOINTS.get(joint) + "/" + kind);
    }

    @Test
    void startsAtTheMeasuredJointsStaysUnderTheScaledVelocityLimitAndHoldsTheGoalWhenDone() {
        active(FrankaArmRig.params("start_joint_configuration", GOAL));
        arm.step();
        for (int j = 0; j < 7; j++) {
            assertEquals(FrankaArmRig.READY[j], command(j, "position"), 1e-12, "no jump at the start");
        }
        assertEquals(0.0, state()[0], "process_finished");
        double[] previous = new double[7];
        double fastest = 0;
        int cycles = 0;
        while (state()[0] == 0.0 && cycles++ < 5_000) {
            for (int j = 0; j < 7; j++) {
                previous[j] = command(j, "position");
            }
            arm.step();
            for (int j = 0; j < 7; j++) {
                double speed = Math.abs(command(j, "position") - previous[j]) / arm.rig.period();
                fastest = Math.max(fastest, speed / (MoveToStartSettings.DQ_MAX[j] * 0.2));
            }
        }
        assertEquals(1.0, state()[0], "the profile ended");
        assertTrue(fastest <= 1.0 + 1e-9, "never faster than dq_max · speed_factor: " + fastest);
        assertTrue(fastest > 0.5, "but close to it on the longest joint: " + fastest);
        assertEquals(1.0, state()[1], "goal_reached: the mock follows exactly");
        for (int j = 0; j < 7; j++) {
            assertEquals(GOAL.get(j), command(j, "position"), 1e-9, "at the goal");
            assertEquals(0.0, state()[MoveToStartController.FIXED_FIELDS + 7 + j], 1e-9, "error/joint");
        }
        arm.steps(100);
        assertEquals(GOAL.get(3), command(3, "position"), 1e-12, "held after the end");
        assertEquals(state()[3], state()[2] - 1.0, 0.011, "trajectory_time goes on past the duration");
    }

    @Test
    void theProfileStartsAndEndsAtRestAndIsSymmetricInTime() {
        JointMotionProfile p = new JointMotionProfile(7);
        double[] from = FrankaArmRig.READY.clone();
        double[] to = GOAL.stream().mapToDouble(Double::doubleValue).toArray();
        p.plan(from, to, MoveToStartSettings.DQ_MAX, 0.2);
        double[] a = new double[7];
        double[] b = new double[7];
        double h = 1e-4;
        p.desired(h, a);
        assertEquals(from[3], a[3], 1e-9, "no velocity at the start");
        p.desired(p.duration() - h, b);
        assertEquals(to[3], b[3], 1e-9, "none at the end");
        p.desired(p.duration() / 2, a);
        for (int j = 0; j < 7; j++) {
            assertEquals((from[j] + to[j]) / 2, a[j], 1e-9, "half way at half time, joint " + j);
        }
        assertFalse(p.desired(p.duration() * 0.99, a));
        assertTrue(p.desired(p.duration(), a));
    }

    @Test
    void aGoalWhereTheRobotIsEndsAtOnce() {
        active(FrankaArmRig.params());
        arm.step();
        assertEquals(1.0, state()[0], "upstream's default start pose is the ready pose the rig stands in");
        assertEquals(0.0, state()[3], "duration");
    }

    @Test
    void aMeasuredNaNHoldsTheLastPositionCommandAndIsCounted() {
        active(FrankaArmRig.params("start_joint_configuration", GOAL));
        arm.steps(50);
        double last = command(0, "position");
        arm.rig.robot().freeze(1);
        arm.rig.robot().setVelocity(1, Double.NaN);
        arm.steps(4);
        assertEquals(last, command(0, "position"), "held");
        assertEquals(4.0, state()[4], "held_cycles");
    }

    @Test
    void effortRunsUpstreamsGainsWithinTheTorqueAndTorqueRateLimitsAndNaNGivesZeroTorque() {
        List<Double> k = List.of(600.0, 600.0, 600.0, 600.0, 250.0, 150.0, 50.0);
        List<Double> d = List.of(30.0, 30.0, 30.0, 30.0, 10.0, 10.0, 5.0);
        active(FrankaArmRig.params("command_interface", "effort", "k_gains", k, "d_gains", d,
                "start_joint_configuration", GOAL));
        assertEquals("joint1/effort", controller.commandInterfaceConfiguration().names().get(0));
        arm.rig.robot().freeze(3);
        double[] previous = new double[7];
        for (int c = 0; c < 300; c++) {
            if (c == 20) {
                arm.rig.robot().setPosition(3, -1.0); // a push: 1.36 rad off at once, 600 Nm/rad
            }
            arm.step();
            for (int j = 0; j < 7; j++) {
                double tau = command(j, "effort");
                assertTrue(Math.abs(tau - previous[j]) <= 1000 * arm.rig.period() + 1e-9, "rate, joint " + j);
                assertTrue(Math.abs(tau) <= MoveToStartController.FR3_TORQUE_LIMITS[j] + 1e-9, "limit, joint " + j);
                previous[j] = tau;
            }
        }
        assertEquals(87.0, Math.abs(command(3, "effort")), 1e-9, "joint 4 held 1.36 rad off its goal: saturated");
        assertTrue(command(3, "effort") < 0, "towards the goal");
        arm.rig.robot().setVelocity(3, Double.NaN);
        arm.step();
        for (int j = 0; j < 7; j++) {
            assertEquals(0.0, command(j, "effort"), "zero torque: the robot holds the arm against gravity");
        }
    }

    @Test
    void badParametersGiveOneLineNamingTheParameter() {
        Controller c = new FrankaExamplesFactory(channels).create(FrankaExamplesFactory.MOVE_TO_START);
        assertEquals("k_gains parameter not set (7 values, needed with command_interface effort)",
                c.checkParameters(new Parameters("t", Map.of("command_interface", "effort"))).message());
        assertEquals("k_gains should be of size 7 but is of size 2", c.checkParameters(new Parameters("t",
                Map.of("command_interface", "effort", "k_gains", List.of(1.0, 2.0), "d_gains", List.of(1.0))))
                .message());
        assertEquals("parameter 'speed_factor' must be in (0, 1], got 1.5",
                c.checkParameters(new Parameters("t", Map.of("speed_factor", 1.5))).message());
        ParameterCheck nan = c.checkParameters(new Parameters("t", Map.of("start_joint_configuration",
                List.of(0.0, 0.0, 0.0, Double.NaN, 0.0, 0.0, 0.0))));
        assertEquals("parameter 'start_joint_configuration' element 3 must be a finite value, got NaN", nan.message());
        assertEquals("parameter 'command_interface' must be position or effort, got 'velocity'",
                c.checkParameters(new Parameters("t", Map.of("command_interface", "velocity"))).message());
        assertTrue(c.checkParameters(new Parameters("t", Map.of("dq_max", List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
                0.0)))).message().contains("'dq_max' element 6 must be a finite value > 0"));
        assertTrue(c.checkParameters(new Parameters("t", FrankaArmRig.params("start_joint_configuration", GOAL)))
                .ok());
    }

    @Test
    void aGoalOutsideTheLoopsJointLimitsIsRefusedAtConfigure() {
        arm.rig.withJointLimits("joint4", new JointLimits(-3.0718, -0.0698, 2.62, 87));
        Entry e = load(FrankaArmRig.params("start_joint_configuration", List.of(0.0, 0.0, 0.0, 0.5, 0.0, 1.0, 0.0)));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertEquals("move_to_start: start_joint_configuration[3] = 0.5 is outside joint4's range [-3.0718, -0.0698]"
                + " rad", controller.lastError());
    }

    @Test
    void theUpdateAllocatesNothingInPositionOrEffort() {
        for (Map<String, Object> p : List.of(FrankaArmRig.params("start_joint_configuration", GOAL),
                FrankaArmRig.params("start_joint_configuration", GOAL, "command_interface", "effort", "k_gains",
                        List.of(600.0, 600.0, 600.0, 600.0, 250.0, 150.0, 50.0), "d_gains",
                        List.of(30.0, 30.0, 30.0, 30.0, 10.0, 10.0, 5.0)))) {
            FrankaArmRig fresh = new FrankaArmRig();
            Controller c = new FrankaExamplesFactory(new ChannelDirectory()).create(FrankaExamplesFactory.MOVE_TO_START);
            Entry e = fresh.rig.load("alloc", FrankaExamplesFactory.MOVE_TO_START, c, p);
            assertEquals(CallbackReturn.SUCCESS, e.configure());
            assertEquals(CallbackReturn.SUCCESS, e.activate());
            fresh.steps(2_000);
            assertEquals(0L, AllocationMeter.fewestBytes(() -> fresh.steps(2_000)), String.valueOf(p));
        }
    }
}
