package org.robocell.controller.franka.examples.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.franka.semantic.FrankaModelFrame;
import org.robocell.controller.franka.semantic.FrankaRobotModel;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/** franka_example_controllers' model example: the model of the live state once a second of robot time. */
class ModelExampleControllerTest {

    private static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    private static final double[] F_T_EE = { 0.7071, -0.7071, 0, 0, 0.7071, 0.7071, 0, 0, 0, 0, 1, 0, 0, 0, 0.1034,
            1 };

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private final Map<String, Integer> slots = new HashMap<>();
    private Controller controller;

    ModelExampleControllerTest() {
        List<String> modelNames = new FrankaRobotModel("fr3", EnumSet.of(FrankaModelFrame.END_EFFECTOR))
                .interfaceNames();
        for (int i = 0; i < modelNames.size(); i++) {
            slots.put(modelNames.get(i), rig.table().addState(modelNames.get(i), 0.001 * i));
        }
        for (int i = 0; i < 7; i++) {
            slots.put("fr3/q_" + i, rig.table().addState("fr3/q_" + i, MoveToStartSettings.READY[i]));
        }
        for (int i = 0; i < 16; i++) {
            slots.put("fr3/F_T_EE_" + i, rig.table().addState("fr3/F_T_EE_" + i, F_T_EE[i]));
            slots.put("fr3/EE_T_K_" + i, rig.table().addState("fr3/EE_T_K_" + i, IDENTITY[i]));
        }
        slots.put("fr3/time", rig.table().addState("fr3/time", 7.0));
    }

    private void set(String name, double v) {
        rig.table().slots().set(slots.get(name), v);
    }

    private void step() {
        set("fr3/time", rig.table().stateValue("fr3/time") + rig.period());
        rig.step();
    }

    private Entry load(Map<String, ?> parameters) {
        controller = new FrankaExamplesFactory(channels).create(FrankaExamplesFactory.MODEL);
        return rig.load("model_example", FrankaExamplesFactory.MODEL, controller, parameters);
    }

    private void active() {
        Entry e = load(Map.of());
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
    }

    private StateOutput model() {
        return channels.find("model_example/model", StateOutput.class).orElseThrow();
    }

    private double field(String name) {
        StateOutput.Snapshot s = model().snapshot();
        return s.values()[s.fields().indexOf(name)];
    }

    @Test
    void publishesTheModelOfTheLiveStateOnceASecondOfRobotTimeAndClaimsNothing() {
        active();
        assertEquals(InterfaceConfiguration.NONE, controller.commandInterfaceConfiguration());
        for (int k = 0; k < 250; k++) {
            step();
        }
        assertEquals(3, model().publications(), "at 7.01, 8.01 and 9.01 s of robot time, not every update");
        assertEquals(rig.table().stateValue("fr3/robot_model/mass_10"), field("mass_10"));
        assertEquals(rig.table().stateValue("fr3/robot_model/gravity_1"), field("gravity_1"));
        assertEquals(rig.table().stateValue("fr3/robot_model/coriolis_6"), field("coriolis_6"));
        assertEquals(rig.table().stateValue("fr3/robot_model/zero_jacobian_kEndEffector_41"),
                field("end_effector_zero_jacobian_41"));
        assertEquals(9.01, field("time"), 0.025, "a second after the last, to the cycle");
        double[] pose = new double[16];
        double[] jacobian = new double[42];
        FrankaModel fr3 = FrankaModel.fr3();
        fr3.pose(FrankaFrame.JOINT4, MoveToStartSettings.READY, F_T_EE, IDENTITY, pose);
        fr3.bodyJacobian(FrankaFrame.JOINT4, MoveToStartSettings.READY, F_T_EE, IDENTITY, jacobian);
        for (int i = 0; i < 16; i++) {
            assertEquals(pose[i], field("joint4_pose_" + i), 1e-12, "joint 4's pose, for the measured q");
        }
        assertEquals(jacobian[20], field("joint4_body_jacobian_20"), 1e-12);
        assertTrue(Math.abs(field("joint4_pose_14")) > 0.3, "joint 4 is well above the base: " + field("joint4_pose_14"));
    }

    @Test
    void aModelWithNaNIsNotPublishedAndIsCounted() {
        active();
        step();
        assertEquals(1, model().publications());
        set("fr3/robot_model/gravity_2", Double.NaN);
        for (int k = 0; k < 150; k++) {
            step();
        }
        assertEquals(1, model().publications(), "nothing published while the model has a NaN");
        assertTrue(((ModelExampleController) controller).skipped() >= 50);
        set("fr3/robot_model/gravity_2", 1.0);
        step();
        assertEquals(2, model().publications(), "published again as soon as it is whole");
    }

    @Test
    void theLinesAreUpstreamsForEachQuantity() {
        active();
        step();
        String text = ModelPrinter.format("model_example", model().snapshot());
        assertTrue(text.contains("\nmass :[0.0, 0.001, 0.002"), text);
        assertTrue(text.contains("\ncoriolis :["), text);
        assertTrue(text.contains("\ngravity :["), text);
        assertTrue(text.contains("\njoint_pose :["), text);
        assertTrue(text.contains("\njoint4_body_jacobian in joint4 frame :["), text);
        assertTrue(text.contains("\nend_effector_jacobian in base frame :["), text);
    }

    @Test
    void withoutTheModelInterfacesTheActivationIsRefusedByName() {
        Entry e = load(Map.of("arm_id", "panda"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(controller.lastError().contains("'panda/robot_model/mass_0'"), controller.lastError());
        assertEquals(Fault.NO_MEASURED_STATE, controller.fault());
        assertTrue(controller.checkParameters(new Parameters("t", Map.of("joints", List.of("a")))).message()
                .contains("unknown parameter 'joints'"));
    }

    @Test
    void theUpdateAllocatesNothing() {
        active();
        for (int k = 0; k < 500; k++) {
            step();
        }
        assertEquals(0L, AllocationMeter.fewestBytes(() -> {
            for (int k = 0; k < 500; k++) {
                step();
            }
        }));
    }
}
