package org.robocell.controller.franka.broadcaster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.franka.semantic.FrankaStateField;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** franka_robot_state_broadcaster: every field of the driver's robot state, and upstream's convenience topics. */
class FrankaRobotStateBroadcasterTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private final Map<String, Integer> slots = new HashMap<>();
    private Controller broadcaster;

    /** Every fr3/* interface of the robot state, value i·0.5 for the i-th, except where a test sets it. */
    private void addRobotState(String armId, FrankaStateField... leaveOut) {
        int i = 0;
        for (FrankaStateField f : FrankaStateField.values()) {
            if (List.of(leaveOut).contains(f)) {
                continue;
            }
            for (int k = 0; k < f.size(); k++) {
                String name = f.interfaceName(armId, k);
                slots.put(name, rig.table().addState(name, 0.5 * i++));
            }
        }
    }

    private void set(String name, double v) {
        rig.table().slots().set(slots.get(name), v);
    }

    private Entry load(Map<String, ?> parameters) {
        broadcaster = new FrankaRobotStateBroadcasterFactory(channels).create(FrankaRobotStateBroadcasterFactory.TYPE);
        return rig.load("franka_robot_state_broadcaster", FrankaRobotStateBroadcasterFactory.TYPE, broadcaster,
                parameters);
    }

    private void active(Map<String, ?> parameters) {
        Entry e = load(parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> broadcaster.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> broadcaster.lastError());
    }

    private StateOutput channel(String topic) {
        return channels.find("franka_robot_state_broadcaster/" + topic, StateOutput.class).orElseThrow();
    }

    private double field(String topic, String field) {
        StateOutput.Snapshot s = channel(topic).snapshot();
        int at = s.fields().indexOf(field);
        assertTrue(at >= 0, field + " in " + s.fields());
        return s.values()[at];
    }

    @Test
    void robotStateCarriesEveryFieldNamedAsItsInterfaceWithTheInterfacesValues() {
        addRobotState("fr3");
        active(Map.of());
        set("fr3/O_T_EE_12", 0.3069);
        set("fr3/robot_mode", 2);
        set("fr3/q_3", Double.NaN);
        rig.step();
        StateOutput.Snapshot s = channel("robot_state").snapshot();
        List<String> expected = new ArrayList<>();
        for (FrankaStateField f : FrankaStateField.values()) {
            for (int k = 0; k < f.size(); k++) {
                expected.add(f.interfaceName("fr3", k));
            }
        }
        assertEquals(expected, s.fields(), "every field, named as the driver's interfaces");
        for (int i = 0; i < s.fields().size(); i++) {
            assertEquals(rig.table().stateValue(s.fields().get(i)), s.values()[i], s.fields().get(i));
        }
        assertEquals(0.3069, field("robot_state", "fr3/O_T_EE_12"));
        assertEquals(2.0, field("robot_state", "fr3/robot_mode"));
        assertTrue(Double.isNaN(field("robot_state", "fr3/q_3")), "a NaN passes as it is");
        long before = channel("robot_state").publications();
        rig.steps(3);
        assertEquals(before + 3, channel("robot_state").publications(), "every update");
    }

    @Test
    void convenienceChannelsCarryJointStatesWrenchesPosesAndTheTwistAsUpstreamsTopics() {
        addRobotState("fr3");
        active(Map.of("joints", List.of("j1", "j2", "j3", "j4", "j5", "j6", "j7")));
        set("fr3/q_3", -2.1);
        set("fr3/dq_3", 0.2);
        set("fr3/tau_J_3", 22.0);
        set("fr3/q_d_6", 0.7);
        set("fr3/tau_ext_hat_filtered_1", -1.5);
        set("fr3/O_F_ext_hat_K_2", 10.0);
        set("fr3/K_F_ext_hat_K_5", 0.25);
        set("fr3/O_dP_EE_d_0", 0.05);
        double[] flangeDown = { 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0.3, 0.01, 0.48, 1 };
        for (int i = 0; i < 16; i++) {
            set("fr3/O_T_EE_" + i, flangeDown[i]);
            set("fr3/O_T_EE_d_" + i, i == 12 ? 0.31 : flangeDown[i]);
        }
        rig.step();
        assertEquals(-2.1, field("measured_joint_states", "j4/position"));
        assertEquals(0.2, field("measured_joint_states", "j4/velocity"));
        assertEquals(22.0, field("measured_joint_states", "j4/effort"));
        assertEquals(0.7, field("desired_joint_states", "j7/position"));
        assertEquals(-1.5, field("external_joint_torques", "j2/effort"));
        assertEquals(10.0, field("external_wrench_in_base_frame", "force.z"));
        assertEquals(0.25, field("external_wrench_in_stiffness_frame", "torque.z"));
        assertEquals(0.05, field("desired_end_effector_twist", "linear.x"));
        assertEquals(0.3, field("current_pose", "position.x"));
        assertEquals(0.48, field("current_pose", "position.z"));
        assertEquals(1.0, field("current_pose", "orientation.x"), 1e-12, "x·180°: the flange pointing down");
        assertEquals(0.0, field("current_pose", "orientation.w"), 1e-12);
        assertEquals(0.31, field("last_desired_pose", "position.x"));
    }

    @Test
    void theQuaternionMatchesTheRotationForEachBranchOfTheConversion() {
        double[] out = new double[7];
        for (double[] axisAngle : new double[][] { { 0, 0, 1, 0.3 }, { 1, 0, 0, 3.0 }, { 0, 1, 0, 3.1 },
                { 0, 0, 1, 3.1 }, { 0.6, 0, 0.8, 2.5 } }) {
            double x = axisAngle[0], y = axisAngle[1], z = axisAngle[2], a = axisAngle[3];
            double c = Math.cos(a), s = Math.sin(a), t = 1 - c;
            double[] m = { t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0, t * x * y - s * z, t * y * y + c,
                    t * y * z + s * x, 0, t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0, 1, 2, 3, 1 };
            Poses.toPose(m, out, 0);
            assertEquals(Math.cos(a / 2), out[6], 1e-12, "w for angle " + a);
            assertEquals(x * Math.sin(a / 2), out[3], 1e-12);
            assertEquals(y * Math.sin(a / 2), out[4], 1e-12);
            assertEquals(z * Math.sin(a / 2), out[5], 1e-12);
        }
    }

    @Test
    void theConvenienceRateDividesTheLoopRateAndTheFullStateStaysEveryUpdate() {
        addRobotState("fr3");
        active(Map.of("convenience_publish_rate", 25));
        rig.steps(8);
        assertEquals(8, channel("robot_state").publications());
        assertEquals(2, channel("current_pose").publications(), "100 Hz / 25 Hz: every 4th update");
    }

    @Test
    void aMissingInterfaceRefusesTheActivationNamingIt() {
        addRobotState("fr3", FrankaStateField.ELBOW_C);
        Entry e = load(Map.of());
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.FAILURE, e.activate());
        assertTrue(broadcaster.lastError().contains("'fr3/elbow_c_0'"), broadcaster.lastError());
        assertEquals(Fault.NO_MEASURED_STATE, broadcaster.fault());
    }

    @Test
    void anotherArmIdReadsThatArmsInterfaces() {
        addRobotState("left");
        active(Map.of("arm_id", "left"));
        rig.step();
        assertTrue(channel("robot_state").fields().contains("left/tau_J_0"));
    }

    @Test
    void badParametersGiveOneLineNamingTheParameter() {
        Controller c = new FrankaRobotStateBroadcasterFactory(channels).create(FrankaRobotStateBroadcasterFactory.TYPE);
        assertEquals("parameter 'convenience_publish_rate' must be >= 1 (Hz), got 0",
                c.checkParameters(new Parameters("t", Map.of("convenience_publish_rate", 0))).message());
        assertTrue(c.checkParameters(new Parameters("t", Map.of("joints", List.of("a", "a", "b", "c", "d", "e", "f"))))
                .message().contains("parameter 'joints' must name the arm's 7 joints, all different"));
        assertTrue(c.checkParameters(new Parameters("t", Map.of("robot_typo", "fr3"))).message()
                .contains("unknown parameter 'robot_typo'"));
        assertTrue(c.checkParameters(new Parameters("t", Map.of("arm_id", "fr3", "convenience_publish_rate", 100)))
                .ok());
    }

    @Test
    void theUpdateAllocatesNothing() {
        addRobotState("fr3");
        active(Map.of());
        rig.steps(2_000);
        assertEquals(0L, AllocationMeter.fewestBytes(() -> rig.steps(2_000)));
    }
}
