package org.robocell.kinematics.internal;

/**
 * Recognises rotations that are signed permutations (every quarter-turn combination of rpy angles). URDFs write a
 * quarter turn as a decimal such as 1.570796326794897, whose rotation has entries like 6e-17 where a 0 is meant:
 * entries within {@link #TOLERANCE} of 0 or ±1 count as exactly that, which moves a frame by under 1e-14 rad.
 */
final class SignedPermutation {

    static final double TOLERANCE = 1e-14;

    private SignedPermutation() {
    }

    /**
     * Writes, for each row of the rotation at {@code t[to]}, the column of its ±1 to {@code column[o + row]} and the
     * sign to {@code sign[o + row]}; writes -1 columns when the rotation is not a signed permutation.
     */
    static void find(double[] t, int to, int[] column, double[] sign, int o) {
        int used = 0;
        for (int row = 0; row < 3; row++) {
            column[o + row] = -1;
            for (int c = 0; c < 3; c++) {
                double v = t[to + 3 * row + c];
                if (Math.abs(Math.abs(v) - 1) <= TOLERANCE && column[o + row] < 0) {
                    column[o + row] = c;
                    sign[o + row] = Math.signum(v);
                } else if (Math.abs(v) > TOLERANCE) {
                    column[o] = column[o + 1] = column[o + 2] = -1;
                    return;
                }
            }
            if (column[o + row] < 0 || (used & (1 << column[o + row])) != 0) {
                column[o] = column[o + 1] = column[o + 2] = -1;
                return;
            }
            used |= 1 << column[o + row];
        }
    }
}
