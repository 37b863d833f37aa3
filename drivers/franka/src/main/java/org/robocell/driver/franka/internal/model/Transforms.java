package org.robocell.driver.franka.internal.model;

/**
 * 4x4 homogeneous transforms as libfranka stores them, 16 doubles column-major; allocation-free. Shared by the model and
 * the emulator (which is not API for this).
 */
public final class Transforms {

    private Transforms() {
    }

    /** out = a · b (out may not alias a or b). */
    public static void multiply(double[] a, double[] b, double[] out) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[4 * k + r] * b[4 * c + k];
                }
                out[4 * c + r] = s;
            }
        }
    }

    /** A row-major transform (as the kinematics bundle gives it) in column-major order. */
    public static void fromRowMajor(double[] rowMajor, double[] out) {
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                out[4 * c + r] = rowMajor[4 * r + c];
            }
        }
    }

    /** The point (x, y, z) of column-major {@code t}'s local frame, in the frame {@code t} is given in. */
    public static double apply(double[] t, int row, double x, double y, double z) {
        return t[row] * x + t[4 + row] * y + t[8 + row] * z + t[12 + row];
    }
}
