package org.robocell.driver.franka.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.IDENTITY;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.NO_INERTIA;
import static org.robocell.driver.franka.internal.model.FrankaModelGoldenTest.ORIGIN;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.robocell.driver.franka.api.FrankaFrame;
import org.robocell.driver.franka.api.FrankaModel;

/** What a careless caller hands the model is refused with one line naming the value; the output is left alone. */
class FrankaModelArgumentsTest {

    private final FrankaModel model = FrankaModel.fr3();
    private final double[] q = { 0, -0.785, 0, -2.356, 0, 1.571, 0.785 };

    @Test
    void aNanJointPositionIsRefusedByNameAndNothingIsWritten() {
        double[] bad = q.clone();
        bad[3] = Double.NaN;
        double[] g = new double[7];
        Arrays.fill(g, 42);
        assertMessage("q[3] = NaN: expected a finite number", () -> model.gravity(bad, 0, ORIGIN, g));
        assertEquals(42, g[0], 0.0, "untouched");
        assertMessage("q[3] = NaN: expected a finite number",
                () -> model.pose(FrankaFrame.FLANGE, bad, IDENTITY, IDENTITY, new double[16]));
        assertMessage("q[3] = NaN: expected a finite number", () -> model.mass(bad, NO_INERTIA, 0, ORIGIN,
                new double[49]));
        double[] dq = new double[7];
        dq[6] = Double.POSITIVE_INFINITY;
        assertMessage("dq[6] = Infinity: expected a finite number",
                () -> model.coriolis(q, dq, NO_INERTIA, 0, ORIGIN, new double[7]));
    }

    @Test
    void wrongSizesAndBadLoadsAreRefusedByName() {
        assertMessage("q has 6 values, expected 7", () -> model.gravity(new double[6], 0, ORIGIN, new double[7]));
        assertMessage("jacobian has 16 values, expected 42",
                () -> model.zeroJacobian(FrankaFrame.FLANGE, q, IDENTITY, IDENTITY, new double[16]));
        assertMessage("F_T_EE has 9 values, expected 16",
                () -> model.pose(FrankaFrame.END_EFFECTOR, q, new double[9], IDENTITY, new double[16]));
        assertMessage("m_total = -1.0: expected a finite mass >= 0 kg",
                () -> model.mass(q, NO_INERTIA, -1, ORIGIN, new double[49]));
        assertMessage("m_total = NaN: expected a finite mass >= 0 kg",
                () -> model.gravity(q, Double.NaN, ORIGIN, new double[7]));
        assertMessage("I_total has no array, expected 9", () -> model.mass(q, null, 1, ORIGIN, new double[49]));
        assertMessage("gravity_earth[2] = NaN: expected a finite number",
                () -> model.gravity(q, 0, ORIGIN, new double[] { 0, 0, Double.NaN }, new double[7]));
        assertMessage("frame is null: expected one of kJoint1..kJoint7, kFlange, kEndEffector, kStiffness",
                () -> model.pose(null, q, IDENTITY, IDENTITY, new double[16]));
    }

    @Test
    void framesParseByLibfrankasNameOursOrShortFormsAndAnUnknownOneNamesThemAll() {
        assertEquals(FrankaFrame.END_EFFECTOR, FrankaFrame.parse("kEndEffector"));
        assertEquals(FrankaFrame.END_EFFECTOR, FrankaFrame.parse("end_effector"));
        assertEquals(FrankaFrame.END_EFFECTOR, FrankaFrame.parse("EE"));
        assertEquals(FrankaFrame.STIFFNESS, FrankaFrame.parse("k"));
        assertEquals(FrankaFrame.JOINT4, FrankaFrame.parse("joint4"));
        assertEquals(FrankaFrame.JOINT4, FrankaFrame.parse("J4"));
        assertEquals(FrankaFrame.FLANGE, FrankaFrame.parse("kFlange"));
        String expected = "unknown frame '%s': expected one of joint1..joint7, flange, end_effector (EE), stiffness"
                + " (K), or libfranka's kJoint1..kJoint7, kFlange, kEndEffector, kStiffness";
        for (String bad : new String[] { "joint8", "j0", "tcp", "", "kJoint" }) {
            assertMessage(String.format(expected, bad), () -> FrankaFrame.parse(bad));
        }
    }

    private static void assertMessage(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
