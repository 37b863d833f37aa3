package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.driver.testkit.DriverContext;

/**
 * The model for the state just read, as state interfaces under {@code <arm_id>/robot_model/} (what franka_ros2
 * passes as a pointer), switchable off with {@code robot_model=false}.
 */
class FrankaRobotModelInterfacesTest {

    @Test
    void readPublishesTheModelOfTheStateItReadWithTheLoadSetOnTheRobot() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("arm_id", "left")).active()
                .claiming("position")) {
            rig.cycles(20);
            RobotState robot = rig.robot.state();
            FrankaModel model = FrankaModel.fr3();
            double[] mass = new double[49];
            double[] gravity = new double[7];
            double[] coriolis = new double[7];
            double[] pose = new double[16];
            double[] jacobian = new double[42];
            model.mass(robot, mass);
            model.gravity(robot, gravity);
            model.coriolis(robot, coriolis);
            for (int i = 0; i < 49; i++) {
                assertEquals(mass[i], rig.context.stateValue("left/robot_model/mass_" + i), 1e-12, "mass_" + i);
            }
            for (int i = 0; i < 7; i++) {
                assertEquals(gravity[i], rig.context.stateValue("left/robot_model/gravity_" + i), 1e-12);
                assertEquals(coriolis[i], rig.context.stateValue("left/robot_model/coriolis_" + i), 1e-12);
            }
            assertTrue(robot.get(StateField.M_EE, 0) > 0, "the emulated robot carries its hand: m_ee");
            assertTrue(Math.abs(gravity[1]) > 1, "joint 2 holds the arm");
            for (FrankaFrame f : RobotModelInterfaces.FRAMES) {
                model.pose(f, robot, pose);
                for (int i = 0; i < 16; i++) {
                    assertEquals(pose[i], rig.context.stateValue("left/robot_model/pose_" + f.libfrankaName() + "_"
                            + i), 1e-12);
                }
                model.zeroJacobian(f, robot, jacobian);
                for (int i = 0; i < 42; i++) {
                    assertEquals(jacobian[i], rig.context.stateValue("left/robot_model/zero_jacobian_"
                            + f.libfrankaName() + "_" + i), 1e-12);
                }
                model.bodyJacobian(f, robot, jacobian);
                for (int i = 0; i < 42; i++) {
                    assertEquals(jacobian[i], rig.context.stateValue("left/robot_model/body_jacobian_"
                            + f.libfrankaName() + "_" + i), 1e-12);
                }
            }
            // the measured O_T_EE is the model's end-effector pose of the measured q
            model.pose(FrankaFrame.END_EFFECTOR, robot, pose);
            for (int i = 0; i < 16; i++) {
                assertEquals(robot.get(StateField.O_T_EE, i), pose[i], 1e-9, "O_T_EE_" + i);
            }
        }
    }

    @Test
    void robotModelFalseExportsNoModel() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("robot_model", "false")).active()) {
            rig.cycles(5);
            assertFalse(rig.context.hasStateInterface("fr3/robot_model/mass_0"));
            assertTrue(rig.context.hasStateInterface("fr3/q_0"));
        }
    }

    @Test
    void aStateTheModelRefusesSetsEveryModelInterfaceToNaN() {
        DriverContext context = new DriverContext(new HardwareInfo("FR3System", HardwareType.SYSTEM, "test",
                Map.of(), List.<ComponentInfo>of(), List.of(), List.of(), 0, null));
        RobotModelInterfaces model = new RobotModelInterfaces("fr3", (full, shortName) -> context
                .exportStateInterface(full, InterfaceInfo.of(shortName)));
        RobotState s = new RobotState().set(StateField.F_T_EE, new double[] { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0,
            0, 0, 1 }).set(StateField.EE_T_K, new double[] { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 });
        assertTrue(model.publish(s));
        assertTrue(Double.isFinite(context.stateValue("fr3/robot_model/gravity_1")));
        s.set(StateField.Q, 4, Double.NaN);
        assertFalse(model.publish(s));
        assertTrue(Double.isNaN(context.stateValue("fr3/robot_model/gravity_1")));
        assertTrue(Double.isNaN(context.stateValue("fr3/robot_model/body_jacobian_kStiffness_41")));
    }

    @Test
    void aBadRobotModelParameterIsOneLineNamingIt() {
        HardwareInfo info = new HardwareInfo("FR3System", HardwareType.SYSTEM, "franka_hardware/FrankaHardwareInterface",
                Map.of("robot_ip", "127.0.0.1", "robot_model", "yes"), List.<ComponentInfo>of(), List.of(), List.of(),
                0, null);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> FrankaDriverSettings.from(info));
        assertEquals("robot_model: expected true (the model for each state in the robot_model/* interfaces) or"
                + " false, got 'yes'", e.getMessage());
    }
}
