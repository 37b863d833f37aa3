package org.robocell.controller.franka.impedance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.model.JointLimits;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;

class JointImpedanceControllerTest {

    /** franka_ros2's franka_example_controllers/config/controllers.yaml gains. */
    static final List<Double> K = List.of(24.0, 24.0, 24.0, 24.0, 10.0, 6.0, 2.0);
    static final List<Double> D = List.of(2.0, 2.0, 2.0, 1.0, 1.0, 1.0, 0.5);

    private final ChannelDirectory channels = new ChannelDirectory();
    private final Fr3TestPlant plant = new Fr3TestPlant();
    private JointImpedanceController controller;

    private ControllerRig.Entry load(Map<String, ?> extra) {
        Map<String, Object> p = new HashMap<>(Map.of("k_gains", K, "d_gains", D));
        p.putAll(extra);
        controller = new JointImpedanceController(channels);
        ControllerRig.Entry e = plant.rig.load("jic", JointImpedanceController.TYPE, controller, p);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        return e;
    }

    @Test
    void startsFromTheMeasuredPoseWithoutAJumpAndHoldsIt() {
        plant.q[0] = 0.3;
        plant.q[3] = -2.0;
        ControllerRig.Entry e = load(Map.of());
        plant.publish();
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        plant.cycle();
        for (int j = 0; j < 7; j++) {
            assertEquals(0.0, plant.effort(j), 1e-9, "no torque at the pose it was activated at");
        }
        plant.cycles(3000);
        assertEquals(0.3, plant.q[0], 1e-6);
        assertEquals(-2.0, plant.q[3], 1e-6);
    }

    @Test
    void givesWayToAPushAndComesBackToItsPose() {
        ControllerRig.Entry e = load(Map.of());
        e.activate();
        double[] start = plant.q.clone();
        plant.push(0, 10, 0, 0, 0, 0);
        plant.cycles(1000);
        assertTrue(Math.abs(plant.q[0] - start[0]) > 0.05, "joint 1 gives way to a sideways push: " + plant.q[0]);
        plant.push(0, 0, 0, 0, 0, 0);
        plant.cycles(8000);
        for (int j = 0; j < 7; j++) {
            assertEquals(start[j], plant.q[j], 1e-3, "joint " + (j + 1) + " back");
        }
    }

    @Test
    void aDesiredJointPositionOnItsChannelMovesTheGoalAtTheTorqueRateLimit() {
        ControllerRig.Entry e = load(Map.of());
        e.activate();
        CommandInput desired = channels.find("jic/desired_joint_positions", CommandInput.class).orElseThrow();
        double[] goal = plant.q.clone();
        goal[0] += 0.2;
        assertTrue(desired.offer(goal));
        double last = 0;
        for (int i = 0; i < 8000; i++) {
            plant.cycle();
            double tau = plant.effort(0);
            assertTrue(Math.abs(tau - last) <= 1.0 + 1e-9, "at most 1 Nm per cycle, got " + (tau - last));
            last = tau;
        }
        assertEquals(goal[0], plant.q[0], 2e-3);
        assertFalse(desired.offer(0, 0, Double.NaN, 0, 0, 0, 0));
        assertEquals("jic/desired_joint_positions takes finite numbers, got NaN for fr3_joint3/position",
                desired.explain(0, 0, Double.NaN, 0, 0, 0, 0));
    }

    @Test
    void aDesiredPositionBeyondAJointsLimitsIsRefusedByTheChannel() {
        plant.rig.withJointLimits("fr3_joint1", new JointLimits(-2.7437, 2.7437, 2.62, 87));
        load(Map.of());
        CommandInput desired = channels.find("jic/desired_joint_positions", CommandInput.class).orElseThrow();
        assertFalse(desired.offer(3.0, 0, 0, -2, 0, 1.5, 0.7));
        assertEquals(CommandInput.Refusal.OUT_OF_RANGE, desired.check(3.0, 0, 0, -2, 0, 1.5, 0.7));
    }

    @Test
    void upstreamsMotionOfJoint4OnlyWhenAskedFor() {
        ControllerRig.Entry e = load(Map.of("example_motion", true));
        e.activate();
        StateOutput state = channels.find("jic/state", StateOutput.class).orElseThrow();
        double q4 = plant.q[3];
        plant.cycles(2500);
        double[] values = new double[state.size()];
        state.read(values);
        assertEquals(q4 + Math.PI / 4, values[3], 1e-3, "π/8·(1 − cos(π/2.5·2.5 s)) = π/4 at the top");
        assertEquals(Fr3TestPlant.READY[0], values[0], 1e-12, "the other joints hold");

        Fr3TestPlant other = new Fr3TestPlant();
        JointImpedanceController still = new JointImpedanceController(new ChannelDirectory());
        ControllerRig.Entry s = other.rig.load("jic", JointImpedanceController.TYPE, still,
                Map.of("k_gains", K, "d_gains", D));
        s.configure();
        s.activate();
        other.cycles(2500);
        assertEquals(Fr3TestPlant.READY[3], other.q[3], 1e-6, "example_motion is off by default");
    }

    @Test
    void aNonFiniteStateOrModelIsNeverSentAndIsCounted() {
        ControllerRig.Entry e = load(Map.of());
        e.activate();
        plant.push(0, 10, 0, 0, 0, 0);
        plant.cycles(300);
        double before = plant.effort(0);
        assertTrue(Math.abs(before) > 2, "pushing against the spring: " + before);
        plant.publish();
        plant.poison("fr3/q_2");
        plant.rig.step();
        assertEquals(before - Math.signum(before), plant.effort(0), 1e-9, "toward zero at 1 Nm per cycle");
        plant.publish();
        plant.poison("fr3/robot_model/coriolis_6");
        plant.rig.step();
        plant.publish();
        plant.poison("fr3/dq_0");
        plant.rig.step();
        for (int j = 0; j < 7; j++) {
            assertTrue(Double.isFinite(plant.effort(j)));
        }
        assertEquals(3, controller.nonFiniteCycles());
        StateOutput state = channels.find("jic/state", StateOutput.class).orElseThrow();
        double[] values = new double[state.size()];
        state.read(values);
        assertEquals(3.0, values[14], "non_finite_inputs");
    }

    @Test
    void refusesToActivateWithoutAMeasuredPose() {
        ControllerRig.Entry e = load(Map.of());
        plant.poison("fr3/q_4");
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals("jic: no measured joint position to hold (fr3/q_* is not finite)", controller.lastError());
        assertEquals(Fault.NO_MEASURED_STATE, controller.fault());
    }

    @Test
    void anotherArmsInterfacesRefuseTheActivationNamingTheMissingOne() {
        ControllerRig.Entry e = load(Map.of("arm_id", "left", "joints", plant.joints));
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals("jic: Unable to activate controller 'jic' since the state interface 'left/q_0' is not"
                + " available", controller.lastError());
    }

    @Test
    void refusesBadGainsWithOneLineNamingThem() {
        JointImpedanceController c = new JointImpedanceController(channels);
        assertEquals("parameter 'k_gains' is required but missing",
                c.checkParameters(new Parameters("t", Map.of("d_gains", D))).message());
        assertEquals("parameter 'k_gains' must have 7 values, one per joint, got 6 [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]",
                check(c, "k_gains", List.of(1.0, 1.0, 1.0, 1.0, 1.0, 1.0)));
        assertEquals("parameter 'd_gains' must hold finite values >= 0, got -2.0 for joint 3",
                check(c, "d_gains", List.of(2.0, 2.0, -2.0, 1.0, 1.0, 1.0, 0.5)));
        assertEquals("parameter 'd_gains' must hold finite values >= 0, got NaN for joint 1",
                check(c, "d_gains", List.of(Double.NaN, 2.0, 2.0, 1.0, 1.0, 1.0, 0.5)));
        assertEquals("parameter 'delta_tau_max' must be a value above 0 and at most 1.0 (Nm per cycle: the FR3's"
                + " torque rate limit at 1 kHz), got 5.0", check(c, "delta_tau_max", 5.0));
        assertEquals("parameter 'coriolis_factor' must be a finite value from 0.0 to 1.0, got 2.0",
                check(c, "coriolis_factor", 2.0));
        assertTrue(check(c, "k_gain", K).startsWith("unknown parameter 'k_gain' (did you mean 'k_gains'?)"));
        assertEquals("", check(c, "example_motion", true));
    }

    private static String check(JointImpedanceController c, String key, Object value) {
        Map<String, Object> p = new HashMap<>(Map.of("k_gains", K, "d_gains", D));
        p.put(key, value);
        ParameterCheck check = c.checkParameters(new Parameters("t", p));
        return check.message();
    }

    @Test
    void updateAllocatesNothing() {
        ControllerRig.Entry e = load(Map.of("example_motion", true));
        e.activate();
        CommandInput desired = channels.find("jic/desired_joint_positions", CommandInput.class).orElseThrow();
        plant.rig.steps(500);
        long bytes = AllocationMeter.fewestBytes(attempt -> {
            desired.offer(Fr3TestPlant.READY);
            plant.table.setState("fr3/q_1", attempt % 2 == 0 ? Double.NaN : -0.7);
            return AllocationMeter.bytesOf(() -> plant.rig.steps(200));
        });
        assertEquals(0, bytes);
    }
}
