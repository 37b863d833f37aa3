package org.robocell.controller.franka.dual.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.franka.semantic.Quaternions;
import org.robocell.controller.franka.semantic.Transforms;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.SimulatedRobot;

/**
 * The dual-arm controller on two simulated FR3 ({@link TwoArmPlant}: libfranka's model, torque control at 1 kHz),
 * bases 0.8 m apart along y as in {@code runtime/cells/fr3-dual/fr3_dual.urdf}.
 */
class DualArmCartesianImpedanceControllerTest {

    /** World poses of the two bases, as the dual-arm cell's URDF places them. */
    private static final double[] WORLD_T_LEFT = translation(0, 0.4, 0);
    private static final double[] WORLD_T_RIGHT = translation(0, -0.4, 0);

    private final ChannelDirectory channels = new ChannelDirectory();
    private final DualArmCartesianImpedanceController controller = new DualArmCartesianImpedanceController(channels);
    private TwoArmPlant plant;
    private ControllerRig rig;
    private ControllerRig.Entry entry;

    static Map<String, Object> parameters() {
        Map<String, Object> p = new HashMap<>();
        p.put("left.arm_id", "fr3_left");
        p.put("left.joint_names", TwoArmPlant.joints("fr3_left_"));
        p.put("right.arm_id", "fr3_right");
        p.put("right.joint_names", TwoArmPlant.joints("fr3_right_"));
        p.put("right_base_in_left_base", List.of(0.0, -0.8, 0.0, 0.0, 0.0, 0.0));
        return p;
    }

    private void start(Map<String, Object> parameters) {
        // the controller names its state interfaces at configure: the plant offers exactly those
        DualArmCartesianImpedanceController probe = new DualArmCartesianImpedanceController(new ChannelDirectory());
        ControllerRig namer = new ControllerRig(new org.robocell.controller.testkit.InterfaceTable(8),
                new SimulatedRobot(new org.robocell.controller.testkit.InterfaceTable(8), List.of()), 1000);
        assertEquals(CallbackReturn.SUCCESS, namer.load("probe", DualArmCartesianImpedanceController.TYPE, probe,
                parameters).configure());
        plant = new TwoArmPlant(probe.stateInterfaceConfiguration().names());
        rig = new ControllerRig(plant.table, new SimulatedRobot(plant.table, List.of()), 1000);
        entry = rig.load("dual", DualArmCartesianImpedanceController.TYPE, controller, parameters);
        assertEquals(CallbackReturn.SUCCESS, entry.configure(), controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, entry.activate(), controller.lastError());
    }

    private void run(int cycles) {
        for (int i = 0; i < cycles; i++) {
            assertEquals(ReturnType.OK, rig.step());
            plant.step();
        }
    }

    @Test
    void activationStartsFromTheMeasuredStateWithoutATorqueJump() {
        start(parameters());
        run(1);
        for (String j : TwoArmPlant.joints("fr3_left_")) {
            assertEquals(0.0, plant.table.commandValue(j + "/effort"), 1e-9, j);
        }
        for (String j : TwoArmPlant.joints("fr3_right_")) {
            assertEquals(0.0, plant.table.commandValue(j + "/effort"), 1e-9, j);
        }
        run(500);
        for (int i = 0; i < 7; i++) {
            assertEquals(TwoArmPlant.READY[i], plant.left.q[i], 1e-6, "left joint " + (i + 1) + " holds");
            assertEquals(TwoArmPlant.READY[i], plant.right.q[i], 1e-6, "right joint " + (i + 1) + " holds");
        }
    }

    @Test
    void theRightArmFollowsTheLeftTargetKeepingTheRelativePoseOfTheEndEffectors() {
        start(parameters());
        double[] relativeBefore = relative();
        double[] rightBefore = plant.right.pose();
        // the left target: 6 cm forward, 4 cm down, turned 0.2 rad about the base's z axis
        double[] now = plant.left.pose();
        double[] turn = new double[16];
        Transforms.fromXyzRpy(0, 0, 0, 0, 0, 0.2, turn);
        double[] goal = new double[16];
        Transforms.multiply(turn, now, goal);
        goal[12] = now[12] + 0.06;
        goal[13] = now[13];
        goal[14] = now[14] - 0.04;
        double[] q = new double[4];
        Quaternions.fromTransform(goal, q);
        assertTrue(controller.target().offer(goal[12], goal[13], goal[14], q[0], q[1], q[2], q[3]));
        run(8000);

        double[] left = plant.left.pose();
        assertEquals(0.0, distance(left, goal), 5e-3, "the left end effector at its target");
        assertEquals(0.0, angle(left, goal), 0.05, "the left end effector turned as asked");
        double[] relativeAfter = relative();
        assertEquals(0.0, distance(relativeBefore, relativeAfter), 5e-3,
                "the right end effector keeps its position relative to the left one");
        assertEquals(0.0, angle(relativeBefore, relativeAfter), 0.05,
                "the right end effector keeps its orientation relative to the left one");
        assertTrue(distance(rightBefore, plant.right.pose()) > 0.1,
                "the right arm moved with the left (the turn swings it round the left end effector): "
                        + distance(rightBefore, plant.right.pose()));
        for (String j : TwoArmPlant.joints("fr3_right_")) {
            assertTrue(Math.abs(plant.table.commandValue(j + "/effort")) < 12, j + " within the FR3's wrist limits");
        }
    }

    @Test
    void theTorqueIsRateSaturatedToDeltaTauMaxPerCycleAndKeptWithinTheEffortLimits() {
        start(parameters());
        run(1);
        // the arm knocked 0.3 rad out of place at joint 1 and 0.2 rad at joint 7 within a cycle: the impedance asks
        // for far more than the FR3 may change in one millisecond
        plant.left.q[0] += 0.3;
        plant.left.q[6] += 0.2;
        plant.left.publish();
        List<String> joints = TwoArmPlant.joints("fr3_left_");
        double[] before = new double[7];
        double largest = 0;
        for (int cycle = 0; cycle < 400; cycle++) {
            for (int i = 0; i < 7; i++) {
                before[i] = plant.table.commandValue(joints.get(i) + "/effort");
            }
            run(1);
            for (int i = 0; i < 7; i++) {
                double after = plant.table.commandValue(joints.get(i) + "/effort");
                double step = Math.abs(after - before[i]);
                largest = Math.max(largest, step);
                assertTrue(step <= 1.0 + 1e-9, "joint " + (i + 1) + " changed by " + step + " Nm in one cycle");
                assertTrue(Math.abs(after) <= ArmImpedance.EFFORT_LIMITS[i] + 1e-9, "joint " + (i + 1) + ": " + after);
            }
        }
        assertTrue(largest > 0.99, "the limit was reached (largest step " + largest + " Nm)");
    }

    @Test
    void aTargetWithNaNOrInfinityIsRefusedByTheChannelAndNeverReachesTheArms() {
        start(parameters());
        assertFalse(controller.target().offer(Double.NaN, 0, 0.5, 1, 0, 0, 0));
        assertFalse(controller.target().offer(0.3, Double.POSITIVE_INFINITY, 0.5, 1, 0, 0, 0));
        assertFalse(controller.target().offer(0.3, 0, 0.5), "three values are not a pose");
        run(200);
        for (int i = 0; i < 7; i++) {
            assertEquals(TwoArmPlant.READY[i], plant.left.q[i], 1e-6, "left joint " + (i + 1) + " holds");
        }
    }

    @Test
    void aTargetWhoseQuaternionIsNotOfUnitLengthIsRefusedAndCounted() {
        start(parameters());
        double[] now = plant.left.pose();
        assertTrue(controller.target().offer(now[12] + 0.1, now[13], now[14], 0, 0, 0, 0));
        assertTrue(controller.target().offer(now[12] + 0.1, now[13], now[14], 0, 0, 0, 0));
        run(1);
        assertTrue(controller.target().offer(now[12] + 0.1, now[13], now[14], 1, 1, 0, 0));
        run(300);
        assertEquals(2, controller.refusedTargets());
        for (int i = 0; i < 7; i++) {
            assertEquals(TwoArmPlant.READY[i], plant.left.q[i], 1e-6, "left joint " + (i + 1) + " holds");
        }
    }

    @Test
    void aNonFiniteStateHoldsThatArmsLastTorqueIsCountedAndNeverSent() {
        start(parameters());
        double[] now = plant.left.pose();
        assertTrue(controller.target().offer(now[12] + 0.05, now[13], now[14], 1, 0, 0, 0));
        // the target's quaternion (1, 0, 0, 0) turns the hand upside down: not what this test is about
        double[] q = new double[4];
        Quaternions.fromTransform(now, q);
        assertTrue(controller.target().offer(now[12] + 0.05, now[13], now[14], q[0], q[1], q[2], q[3]));
        run(50);
        double[] held = new double[7];
        List<String> joints = TwoArmPlant.joints("fr3_left_");
        for (int i = 0; i < 7; i++) {
            held[i] = plant.table.commandValue(joints.get(i) + "/effort");
        }
        plant.table.stateWriter("fr3_left/robot_model/zero_jacobian_kEndEffector_17").set(Double.NaN);
        assertEquals(ReturnType.OK, rig.step());
        for (int i = 0; i < 7; i++) {
            double sent = plant.table.commandValue(joints.get(i) + "/effort");
            assertTrue(Double.isFinite(sent));
            assertEquals(held[i], sent, 0.0, "left joint " + (i + 1) + " holds its last torque");
        }
        assertEquals(1, controller.nonFiniteInputs());
        plant.table.stateWriter("fr3_left/q_2").set(Double.NEGATIVE_INFINITY);
        assertEquals(ReturnType.OK, rig.step());
        assertEquals(2, controller.nonFiniteInputs());
        plant.left.publish();
        run(10);
        assertEquals(2, controller.nonFiniteInputs(), "the arm is commanded again once its state is finite");
    }

    @Test
    void aMissingStateInterfaceRefusesActivationNamingIt() {
        DualArmCartesianImpedanceController probe = new DualArmCartesianImpedanceController(new ChannelDirectory());
        ControllerRig namer = new ControllerRig(new org.robocell.controller.testkit.InterfaceTable(8),
                new SimulatedRobot(new org.robocell.controller.testkit.InterfaceTable(8), List.of()), 1000);
        namer.load("probe", DualArmCartesianImpedanceController.TYPE, probe, parameters()).configure();
        List<String> names = new java.util.ArrayList<>(probe.stateInterfaceConfiguration().names());
        assertTrue(names.remove("fr3_right/robot_model/coriolis_3"));
        plant = new TwoArmPlant(names);
        rig = new ControllerRig(plant.table, new SimulatedRobot(plant.table, List.of()), 1000);
        entry = rig.load("dual", DualArmCartesianImpedanceController.TYPE, controller, parameters());
        assertEquals(CallbackReturn.SUCCESS, entry.configure());
        assertEquals(CallbackReturn.FAILURE, entry.activate());
        assertTrue(controller.lastError().contains("fr3_right/robot_model/coriolis_3"), controller.lastError());
    }

    @Test
    void badParametersAreOneLineNamingTheKey() {
        assertProblem(Map.of("right_base_in_left_base", List.of(0.0, -0.8, 0.0)), "right_base_in_left_base",
                "must have 6 values");
        assertProblem(Map.of("left.joint_names", TwoArmPlant.joints("fr3_left_").subList(0, 6)), "left.joint_names",
                "must name the arm's 7 joints");
        assertProblem(Map.of("right.arm_id", "fr3_left"), "right.arm_id", "must name another arm");
        assertProblem(Map.of("right.joint_names", TwoArmPlant.joints("fr3_left_")), "right.joint_names",
                "which 'left.joint_names' names too");
        assertProblem(Map.of("left_translational_stiffness", 1e6), "left_translational_stiffness",
                "must be within [0.0, 400.0], got 1000000.0");
        assertProblem(Map.of("delta_tau_max", 5.0), "delta_tau_max", "must be within [0.001, 1.0]");
        assertProblem(Map.of("left_stiffness", 3.0), "left_stiffness", "unknown parameter 'left_stiffness'");
        assertTrue(controller.checkParameters(new Parameters("test", parameters())).ok());
    }

    private void assertProblem(Map<String, Object> change, String key, String text) {
        Map<String, Object> p = parameters();
        for (Map.Entry<String, Object> e : change.entrySet()) {
            if ("absent".equals(e.getValue())) {
                p.remove(e.getKey());
            } else {
                p.put(e.getKey(), e.getValue());
            }
        }
        ParameterCheck check = controller.checkParameters(new Parameters("test", p));
        assertFalse(check.ok(), "refused: " + change);
        ParameterCheck.Problem first = check.first().orElseThrow();
        assertEquals(key, first.key(), check.message());
        assertTrue(first.message().contains(text), first.message());
    }

    @Test
    void theStiffnessChangesLiveAndABadValueIsRefused() {
        start(parameters());
        Map<String, Object> softer = parameters();
        softer.put("left_translational_stiffness", 50.0);
        assertTrue(controller.liveParameters().contains("left_translational_stiffness"));
        assertTrue(controller.onParametersChanged(new Parameters("test", softer)));
        Map<String, Object> bad = parameters();
        bad.put("right_rotational_stiffness", Double.NaN);
        assertFalse(controller.onParametersChanged(new Parameters("test", bad)));
        // softer: the same push deflects the left arm further than the right one under the default 200 N/m
        for (int i = 0; i < 7; i++) {
            plant.left.external[i] = i == 0 ? 3.0 : 0.0;
            plant.right.external[i] = i == 0 ? 3.0 : 0.0;
        }
        double[] l0 = plant.left.pose();
        double[] r0 = plant.right.pose();
        run(3000);
        assertTrue(distance(l0, plant.left.pose()) > 2 * distance(r0, plant.right.pose()),
                distance(l0, plant.left.pose()) + " m vs " + distance(r0, plant.right.pose()) + " m");
    }

    @Test
    void theUpdateAllocatesNothing() {
        start(parameters());
        double[] now = plant.left.pose();
        double[] q = new double[4];
        Quaternions.fromTransform(now, q);
        run(2000);
        long bytes = AllocationMeter.fewestBytes(attempt -> {
            controller.target().offer(now[12] + 0.01 * (attempt % 3), now[13], now[14], q[0], q[1], q[2], q[3]);
            return AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5000; i++) {
                    rig.step();
                }
            });
        });
        assertEquals(0, bytes, "bytes allocated by 5000 updates");
    }

    /** The right end effector in the left end effector's frame, both in world coordinates. */
    private double[] relative() {
        double[] wl = new double[16];
        double[] wr = new double[16];
        Transforms.multiply(WORLD_T_LEFT, plant.left.pose(), wl);
        Transforms.multiply(WORLD_T_RIGHT, plant.right.pose(), wr);
        double[] inv = new double[16];
        Transforms.invert(wl, inv);
        double[] out = new double[16];
        Transforms.multiply(inv, wr, out);
        return out;
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt(sq(a[12] - b[12]) + sq(a[13] - b[13]) + sq(a[14] - b[14]));
    }

    private static double angle(double[] a, double[] b) {
        double[] qa = new double[4];
        double[] qb = new double[4];
        Quaternions.fromTransform(a, qa);
        Quaternions.fromTransform(b, qb);
        double[] e = new double[3];
        Quaternions.rotationVectorError(qa, qb, e, 0);
        return Math.sqrt(sq(e[0]) + sq(e[1]) + sq(e[2]));
    }

    private static double sq(double v) {
        return v * v;
    }

    private static double[] translation(double x, double y, double z) {
        double[] t = TwoArmPlant.IDENTITY.clone();
        t[12] = x;
        t[13] = y;
        t[14] = z;
        return t;
    }
}
