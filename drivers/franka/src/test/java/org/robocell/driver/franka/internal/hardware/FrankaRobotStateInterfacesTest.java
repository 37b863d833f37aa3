package org.robocell.driver.franka.internal.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.driver.franka.protocol.ControllerMode;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.MotionGeneratorMode;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;
import org.robocell.driver.testkit.DriverContext;

/** The robot's state as double state interfaces under the arm id, for controllers (no pointers in doubles). */
class FrankaRobotStateInterfacesTest {

    @Test
    void everyFieldOfTheRobotsStateIsAStateInterfaceUnderTheArmIdWithTheRobotsValue() throws Exception {
        try (FrankaRig rig = new FrankaRig(ProtocolVersion.V7, Map.of("arm_id", "left")).active()
                .claiming("position")) {
            rig.cycles(20);
            RobotState robot = rig.robot.state();
            int checked = 0;
            for (StateField f : RobotStateInterfaces.FIELDS) {
                for (int i = 0; i < f.count(); i++) {
                    String n = "left/" + RobotStateInterfaces.name(f.wireName(), i, f.count());
                    assertEquals(robot.get(f, i), rig.context.stateValue(n), 1e-12, n);
                    checked++;
                }
            }
            assertTrue(checked > 250, "every value: " + checked);
            assertEquals(1.0, rig.context.stateValue("left/O_T_EE_15"), "column-major: the last element is 1");
            assertEquals(robot.get(StateField.Q, 3), rig.context.stateValue("left/q_3"));
            assertEquals(MotionGeneratorMode.JOINT_POSITION.ordinal(),
                    rig.context.stateValue("left/motion_generator_mode"));
            assertEquals(ControllerMode.JOINT_IMPEDANCE.ordinal(), rig.context.stateValue("left/controller_mode"));
            assertEquals(0, rig.context.stateValue("left/errors"));
            assertEquals(0, rig.context.stateValue("left/error_count"));
            assertEquals(robot.get(StateField.M_EE, 0), rig.context.stateValue("left/m_total"), 1e-12,
                    "no load: the hand alone");
        }
    }

    @Test
    void errorsAreABitsetInLibfrankasOrderAndACount() {
        RobotState s = new RobotState();
        s.errors()[FrankaError.JOINT_VELOCITY_VIOLATION.ordinal()] = true;
        s.errors()[FrankaError.COUNT - 1] = true;
        s.reflexReason()[0] = true;
        DriverContext context = context();
        new RobotStateInterfaces("fr3", (full, shortName) -> context.exportStateInterface(full,
                InterfaceInfo.of(shortName))).publish(s);
        double expected = (1L << FrankaError.JOINT_VELOCITY_VIOLATION.ordinal()) + (1L << (FrankaError.COUNT - 1));
        assertEquals(expected, context.stateValue("fr3/errors"), "exact in a double");
        assertEquals(2, context.stateValue("fr3/error_count"));
        assertEquals(1, context.stateValue("fr3/reflex_reason"));
        assertEquals(1, context.stateValue("fr3/reflex_reason_count"));
    }

    @Test
    void theEndEffectorAndLoadCombineAsLibfrankasTotals() {
        RobotState s = new RobotState();
        // the Franka Hand: 0.73 kg at 17.5 mm along the flange's z; a 1 kg load 10 cm out, a small cube's inertia
        s.set(StateField.M_EE, 0, 0.73).set(StateField.F_X_CEE, 2, 0.0175);
        s.set(StateField.I_EE, 0, 0.001).set(StateField.I_EE, 4, 0.0025).set(StateField.I_EE, 8, 0.0017);
        s.set(StateField.M_LOAD, 0, 1.0).set(StateField.F_X_CLOAD, 2, 0.1).set(StateField.F_X_CLOAD, 0, 0.02);
        s.set(StateField.I_LOAD, 0, 0.002).set(StateField.I_LOAD, 4, 0.002).set(StateField.I_LOAD, 8, 0.002);
        DriverContext context = context();
        new RobotStateInterfaces("fr3", (full, shortName) -> context.exportStateInterface(full,
                InterfaceInfo.of(shortName))).publish(s);
        double m = 1.73;
        double cx = 0.02 / m;
        double cz = (0.73 * 0.0175 + 0.1) / m;
        assertEquals(m, context.stateValue("fr3/m_total"), 1e-12);
        assertEquals(cx, context.stateValue("fr3/F_x_Ctotal_0"), 1e-12);
        assertEquals(cz, context.stateValue("fr3/F_x_Ctotal_2"), 1e-12);
        // parallel axis: I + m (|r|² E − r rᵀ), r from the total centre of mass to each body's
        double[] ree = { -cx, 0, 0.0175 - cz };
        double[] rl = { 0.02 - cx, 0, 0.1 - cz };
        double ixx = 0.001 + 0.73 * (ree[1] * ree[1] + ree[2] * ree[2]) + 0.002 + (rl[1] * rl[1] + rl[2] * rl[2]);
        double ixz = -0.73 * ree[0] * ree[2] - rl[0] * rl[2];
        double izz = 0.0017 + 0.73 * (ree[0] * ree[0] + ree[1] * ree[1]) + 0.002 + (rl[0] * rl[0] + rl[1] * rl[1]);
        assertEquals(ixx, context.stateValue("fr3/I_total_0"), 1e-12);
        assertEquals(ixz, context.stateValue("fr3/I_total_2"), 1e-12);
        assertEquals(ixz, context.stateValue("fr3/I_total_6"), 1e-12, "symmetric");
        assertEquals(izz, context.stateValue("fr3/I_total_8"), 1e-12);
    }

    @Test
    void withoutEndEffectorOrLoadTheTotalIsZeroNotNaN() {
        DriverContext context = context();
        new RobotStateInterfaces("fr3", (full, shortName) -> context.exportStateInterface(full,
                InterfaceInfo.of(shortName))).publish(new RobotState());
        assertEquals(0, context.stateValue("fr3/m_total"));
        assertEquals(0, context.stateValue("fr3/F_x_Ctotal_1"));
    }

    private static DriverContext context() {
        return new DriverContext(new HardwareInfo("FR3System", HardwareType.SYSTEM, "test", Map.of(),
                List.<ComponentInfo>of(), List.of(), List.of(), 0, null));
    }
}
