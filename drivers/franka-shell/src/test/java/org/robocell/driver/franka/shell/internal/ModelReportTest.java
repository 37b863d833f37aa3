package org.robocell.driver.franka.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;
import org.robocell.driver.franka.api.FrankaState;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/** {@code franka:model}: the model of the state the robot sent, for the frame asked; clear lines for bad input. */
class ModelReportTest {

    private static final double[] IDENTITY = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    private static final double[] READY = { 0, -0.785398, 0, -2.356194, 0, 1.570796, 0.785398 };

    private static RobotState ready() {
        double[] fTEe = IDENTITY.clone();
        fTEe[14] = 0.1034;
        return new RobotState().set(StateField.Q, READY).set(StateField.F_T_EE, fTEe)
                .set(StateField.EE_T_K, IDENTITY).set(StateField.M_EE, new double[] { 0.73 })
                .set(StateField.O_DDP_O, new double[] { 0, 0, -9.81 });
    }

    @Test
    void printsThePoseOfTheFrameAskedAndTheStatesGravityWithTheEndEffector() {
        RobotState s = ready();
        String out = new ModelReport().render("FR3System (fr3)", new FrankaState(s, ProtocolVersion.V10, true),
                FrankaFrame.END_EFFECTOR);
        assertTrue(out.startsWith("FR3System (fr3), FCI v10, frame kEndEffector"), out);
        double[] pose = new double[16];
        double[] g = new double[7];
        FrankaModel m = FrankaModel.fr3();
        m.pose(FrankaFrame.END_EFFECTOR, s, pose);
        m.gravity(s, g);
        // row 0 of the pose: x axis's x, then the translation x
        String[] lines = out.split("\n");
        int at = indexOf(lines, "pose(kEndEffector):");
        assertEquals(String.format(java.util.Locale.ROOT, "%9.5f", pose[12]).trim(),
                lines[at + 1].replaceAll(".* ([^ ]+)]$", "$1"), out);
        assertTrue(lines[indexOf(lines, "gravity (Nm):")].contains(String.format(java.util.Locale.ROOT, "%9.5f",
                g[1]).trim()), out);
        assertTrue(out.contains("m_total (kg):             0.73"), out);
        assertEquals(4, indexOf(lines, "zeroJacobian(kEndEffector):") - at - 1, "4 rows of the pose");
        assertEquals(6, indexOf(lines, "bodyJacobian(kEndEffector):") - indexOf(lines, "zeroJacobian(kEndEffector):")
                - 1, "6 rows of the Jacobian");
    }

    @Test
    void aStateThatCannotBeModelledIsOneLineNamingTheValue() {
        RobotState s = ready().set(StateField.Q, 2, Double.NaN);
        FrankaShellException e = assertThrows(FrankaShellException.class, () -> new ModelReport().render(
                "FR3System (fr3)", new FrankaState(s, ProtocolVersion.V7, true), FrankaFrame.FLANGE));
        assertEquals("FR3System (fr3): the robot state cannot be modelled: q[2] = NaN: expected a finite number",
                e.getMessage());
    }

    @Test
    void anUnknownFrameIsRefusedBeforeAnyArmIsAsked() {
        FrankaShellException e = assertThrows(FrankaShellException.class,
                () -> new FrankaCommands(new FrankaArms()).model("", "", "tcp"));
        assertEquals("unknown frame 'tcp': expected one of joint1..joint7, flange, end_effector (EE), stiffness (K),"
                + " or libfranka's kJoint1..kJoint7, kFlange, kEndEffector, kStiffness", e.getMessage());
    }

    private static int indexOf(String[] lines, String start) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(start)) {
                return i;
            }
        }
        throw new AssertionError("no line " + start);
    }
}
