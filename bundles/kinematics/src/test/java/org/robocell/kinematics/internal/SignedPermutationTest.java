package org.robocell.kinematics.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** Which joint placements {@link SignedPermutation} lets forward kinematics multiply by moving entries. */
class SignedPermutationTest {

    private static int[] columnsOf(double roll, double pitch, double yaw, double[] sign) {
        double[] t = new double[Rigid3.SIZE];
        Rigid3.setRpy(roll, pitch, yaw, t, 0);
        int[] column = new int[3];
        SignedPermutation.find(t, 0, column, sign, 0);
        return column;
    }

    @Test
    void aQuarterTurnWrittenAsAUrdfDecimalIsAPermutation() {
        double[] sign = new double[3];
        // rpy="1.570796326794897 0 0", as franka_description writes it: rows x, z, -y
        assertArrayEquals(new int[] {0, 2, 1}, columnsOf(1.570796326794897, 0, 0, sign));
        assertArrayEquals(new double[] {1, -1, 1}, sign);
        assertArrayEquals(new int[] {0, 1, 2}, columnsOf(0, 0, 0, sign));
        assertArrayEquals(new int[] {1, 0, 2}, columnsOf(Math.PI, 0, Math.PI / 2, sign));
    }

    @Test
    void aRotationFurtherThan1eMinus14FromAPermutationIsNot() {
        double[] sign = new double[3];
        // rpy="1.5708": 3.7e-6 rad short of a quarter turn, a real (if tiny) rotation that must be kept
        assertArrayEquals(new int[] {-1, -1, -1}, columnsOf(1.5708, 0, 0, sign));
        assertArrayEquals(new int[] {-1, -1, -1}, columnsOf(0.3, -0.2, 0.7, sign));
        assertArrayEquals(new int[] {-1, -1, -1}, columnsOf(Math.PI / 2 + 1e-12, 0, 0, sign));
    }
}
