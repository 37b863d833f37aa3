package org.robocell.driver.franka.shell.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FramesTest {

    @Test
    void threeValuesAreATranslationWithoutRotation() {
        assertArrayEquals(new double[] { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.1, -0.2, 0.3, 1 },
                Frames.transform(new double[] { 0.1, -0.2, 0.3 }, "NE_T_EE"), 1e-15);
    }

    @Test
    void rollPitchYawAreAboutFixedXYZAsInUrdf() {
        // yaw π/2: x goes to y, y to -x
        double[] yaw = Frames.transform(new double[] { 0, 0, 0, 0, 0, Math.PI / 2 }, "EE_T_K");
        assertArrayEquals(new double[] { 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }, yaw, 1e-15);
        // roll π/2 then yaw π/2 (R = Rz Rx): Rx turns the z axis to -y, Rz turns -y to x
        double[] both = Frames.transform(new double[] { 0, 0, 0, Math.PI / 2, 0, Math.PI / 2 }, "EE_T_K");
        assertArrayEquals(new double[] { 1, 0, 0 }, new double[] { both[8], both[9], both[10] }, 1e-15);
    }

    @Test
    void sixteenValuesAreTheMatrixAsGiven() {
        double[] m = { 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1 };
        assertArrayEquals(m, Frames.transform(m, "NE_T_EE"));
    }

    @Test
    void anotherCountIsOneLine() {
        FrankaShellException e = assertThrows(FrankaShellException.class,
                () -> Frames.transform(new double[4], "NE_T_EE"));
        assertEquals("NE_T_EE takes x y z (m), x y z roll pitch yaw (m, rad) or 16 values (4x4, column-major), got 4"
                + " values", e.getMessage());
    }
}
