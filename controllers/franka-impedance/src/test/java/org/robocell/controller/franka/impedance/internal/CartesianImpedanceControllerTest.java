package org.robocell.controller.franka.impedance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;

class CartesianImpedanceControllerTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final Fr3TestPlant plant = new Fr3TestPlant();
    private CartesianImpedanceController controller;

    private ControllerRig.Entry load(Map<String, ?> parameters) {
        controller = new CartesianImpedanceController(channels);
        ControllerRig.Entry e = plant.rig.load("cic", CartesianImpedanceController.TYPE, controller, parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        return e;
    }

    private ControllerRig.Entry active() {
        ControllerRig.Entry e = load(Map.of());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
        return e;
    }

    private double[] status() {
        StateOutput state = channels.find("cic/state", StateOutput.class).orElseThrow();
        double[] values = new double[state.size()];
        state.read(values);
        return values;
    }

    @Test
    void theEquilibriumStartsAtTheMeasuredPoseAndTheArmStaysThere() {
        plant.q[0] = 0.4;
        plant.q[1] = -0.5;
        plant.publish();
        double[] start = plant.position();
        active();
        plant.cycle();
        for (int j = 0; j < 7; j++) {
            assertEquals(0.0, plant.effort(j), 1e-9, "no torque at the activation pose");
        }
        double[] equilibrium = status();
        assertEquals(start[0], equilibrium[0], 1e-12);
        assertEquals(start[2], equilibrium[2], 1e-12);
        plant.cycles(5000);
        double[] end = plant.position();
        for (int i = 0; i < 3; i++) {
            assertEquals(start[i], end[i], 1e-6);
        }
        assertEquals(0.4, plant.q[0], 1e-6, "the nullspace holds the elbow too");
    }

    @Test
    void givesWayToAPushAndReturnsToItsEquilibrium() {
        active();
        plant.cycles(2000); // the stiffness rises from 0 to its target (filter_params)
        double[] start = plant.position();
        plant.push(8, 0, 0, 0, 0, 0);
        plant.cycles(3000);
        double moved = plant.position()[0] - start[0];
        assertEquals(8 / 200.0, moved, 0.1 * 8 / 200.0, "x gives way by F/k_t: " + moved);
        plant.push(0, 0, 0, 0, 0, 0);
        plant.cycles(4000);
        double[] back = plant.position();
        for (int i = 0; i < 3; i++) {
            assertEquals(start[i], back[i], 1e-3, "within 1 mm of the equilibrium, axis " + i);
        }
    }

    @Test
    void aLiveStiffnessChangeTakesEffectWithoutReactivation() {
        active();
        plant.cycles(2000);
        double[] start = plant.position();
        plant.push(8, 0, 0, 0, 0, 0);
        Parameters stiffer = new Parameters("t", Map.of("translational_stiffness", 400.0));
        assertTrue(controller.checkParameters(stiffer).ok());
        assertTrue(controller.liveParameters().contains("translational_stiffness"));
        assertTrue(controller.onParametersChanged(stiffer));
        plant.cycles(4000);
        double moved = plant.position()[0] - start[0];
        assertEquals(8 / 400.0, moved, 0.1 * 8 / 400.0, "x gives way by F/k_t with the new k_t: " + moved);
        assertEquals(400.0, status()[13], 1e-6);

        Parameters wrong = new Parameters("t", Map.of("translational_stiffness", 500.0));
        assertEquals("parameter 'translational_stiffness' must be a finite value from 0.0 to 400.0, got 500.0",
                controller.checkParameters(wrong).message());
        assertFalse(controller.onParametersChanged(wrong));
        plant.cycles(100);
        assertEquals(400.0, status()[13], 1e-6, "nothing applied");
    }

    @Test
    void theEquilibriumPoseChannelMovesTheArmAndRefusesNaNOrANonUnitQuaternion() {
        active();
        plant.cycles(1000);
        CommandInput pose = channels.find("cic/equilibrium_pose", CommandInput.class).orElseThrow();
        double[] eq = status();
        double[] target = { eq[0] + 0.05, eq[1], eq[2], eq[3], eq[4], eq[5], eq[6] };
        assertTrue(pose.offer(target));
        double last = 0;
        for (int i = 0; i < 6000; i++) {
            plant.cycle();
            for (int j = 0; j < 7; j++) {
                // every joint's command moves at most 1 Nm per cycle
                assertTrue(Math.abs(plant.effort(j)) <= TorqueOutput.TAU_MAX[j]);
            }
            assertTrue(Math.abs(plant.effort(1) - last) <= 1.0 + 1e-9);
            last = plant.effort(1);
        }
        assertEquals(target[0], plant.position()[0], 1e-3, "at the new equilibrium");

        assertFalse(pose.offer(target[0], target[1], Double.NaN, 0, 1, 0, 0));
        assertEquals("cic/equilibrium_pose takes finite numbers, got NaN for z", pose.explain(target[0], target[1],
                Double.NaN, 0, 1, 0, 0));
        assertFalse(pose.offer(0.3, 0, 0.5, 0, 1, 0, 0.5));
        assertEquals("cic/equilibrium_pose takes a position and a unit quaternion (x y z qx qy qz qw, |q| within"
                + " 0.001 of 1), got [0.3, 0.0, 0.5, 0.0, 1.0, 0.0, 0.5]", pose.explain(0.3, 0, 0.5, 0, 1, 0, 0.5));
        assertEquals(2, pose.rejectedCount());
        plant.cycles(500);
        assertEquals(target[0], status()[0], 1e-9, "nothing applied");
    }

    @Test
    void aNonFiniteStateOrModelIsNeverSentAndIsCounted() {
        active();
        plant.cycles(1000);
        plant.push(0, 0, 10, 0, 0, 0);
        plant.cycles(500);
        for (String bad : new String[] { "fr3/robot_model/zero_jacobian_kEndEffector_17", "fr3/O_T_EE_13",
                "fr3/tau_J_d_0" }) {
            double[] before = new double[7];
            for (int j = 0; j < 7; j++) {
                before[j] = plant.effort(j);
            }
            plant.publish();
            plant.poison(bad);
            plant.rig.step();
            for (int j = 0; j < 7; j++) {
                assertTrue(Double.isFinite(plant.effort(j)), bad + " NaN: joint " + (j + 1) + " sent "
                        + plant.effort(j));
                assertTrue(Math.abs(plant.effort(j)) <= Math.abs(before[j]), "toward zero, not a new torque");
            }
        }
        assertEquals(3, controller.nonFiniteCycles());
        assertEquals(3.0, status()[23]);
        plant.push(0, 0, 0, 0, 0, 0);
        plant.cycles(3000);
        assertEquals(3, controller.nonFiniteCycles(), "good states are controlled again");
    }

    @Test
    void refusesToActivateWithoutAMeasuredPoseOrWithoutTheModel() {
        ControllerRig.Entry e = load(Map.of());
        plant.poison("fr3/O_T_EE_14");
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertEquals("cic: no measured pose to hold (fr3/q_* or O_T_EE_* is not finite)", controller.lastError());
        assertEquals(Fault.NO_MEASURED_STATE, controller.fault());

        ControllerRig.Entry other = load(Map.of("arm_id", "right", "joints", plant.joints));
        assertEquals(CallbackReturn.FAILURE, other.activate());
        assertEquals("cic: Unable to activate controller 'cic' since the state interface 'right/q_0' is not"
                + " available", controller.lastError());
    }

    @Test
    void refusesBadParametersWithOneLineNamingThem() {
        CartesianImpedanceController c = new CartesianImpedanceController(channels);
        assertEquals("parameter 'rotational_stiffness' must be a finite value from 0.0 to 30.0, got -1.0",
                c.checkParameters(new Parameters("t", Map.of("rotational_stiffness", -1.0))).message());
        assertEquals("parameter 'nullspace_stiffness' must be a finite value from 0.0 to 100.0, got NaN",
                c.checkParameters(new Parameters("t", Map.of("nullspace_stiffness", Double.NaN))).message());
        assertEquals("parameter 'filter_params' must be a value above 0 and at most 1, got 0.0",
                c.checkParameters(new Parameters("t", Map.of("filter_params", 0.0))).message());
        assertTrue(c.checkParameters(new Parameters("t", Map.of("stiffness", 1.0))).message()
                .startsWith("unknown parameter 'stiffness'"));
        Map<String, Object> defaults = new HashMap<>();
        assertTrue(c.checkParameters(new Parameters("t", defaults)).ok(), "every parameter has a default");
    }

    @Test
    void updateAllocatesNothing() {
        active();
        CommandInput pose = channels.find("cic/equilibrium_pose", CommandInput.class).orElseThrow();
        double[] eq = status();
        plant.cycles(200);
        long bytes = AllocationMeter.fewestBytes(attempt -> {
            pose.offer(eq[0], eq[1], eq[2] + 0.001 * (attempt % 2), eq[3], eq[4], eq[5], eq[6]);
            controller.onParametersChanged(new Parameters("t", Map.of("translational_stiffness", 150.0 + attempt)));
            plant.table.setState("fr3/dq_3", attempt % 3 == 0 ? Double.NaN : 0.0);
            return AllocationMeter.bytesOf(() -> plant.rig.steps(200));
        });
        assertEquals(0, bytes);
    }
}
