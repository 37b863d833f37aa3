package org.robocell.controller.franka.semantic;

/**
 * Rigid transforms as libfranka lays them out ({@code O_T_EE}, {@code F_T_EE}, ...): 4x4, column-major, element
 * (row, column) at {@code column * 4 + row}, the translation at 12, 13, 14. Static methods on arrays the caller owns,
 * allocation-free, for a controller's update; an output array may not be one of the inputs.
 *
 * @since 1.1
 */
public final class Transforms {

    private Transforms() {
    }

    /** {@code out = a · b} (16 each). */
    public static void multiply(double[] a, double[] b, double[] out) {
        for (int c = 0; c < 4; c++) {
            for (int r = 0; r < 4; r++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[k * 4 + r] * b[c * 4 + k];
                }
                out[c * 4 + r] = s;
            }
        }
    }

    /** {@code out = t⁻¹} of a rigid transform: the rotation transposed, the translation −Rᵀ·p. */
    public static void invert(double[] t, double[] out) {
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                out[c * 4 + r] = t[r * 4 + c];
            }
            out[12 + r] = -(t[r * 4] * t[12] + t[r * 4 + 1] * t[13] + t[r * 4 + 2] * t[14]);
        }
        out[3] = 0;
        out[7] = 0;
        out[11] = 0;
        out[15] = 1;
    }

    /**
     * The transform of a URDF {@code <origin xyz rpy>}: translation x, y, z, and the fixed-axis roll, pitch, yaw
     * (R = Rz(yaw)·Ry(pitch)·Rx(roll)).
     */
    public static void fromXyzRpy(double x, double y, double z, double roll, double pitch, double yaw, double[] out) {
        double cr = Math.cos(roll), sr = Math.sin(roll);
        double cp = Math.cos(pitch), sp = Math.sin(pitch);
        double cy = Math.cos(yaw), sy = Math.sin(yaw);
        out[0] = cy * cp;
        out[1] = sy * cp;
        out[2] = -sp;
        out[3] = 0;
        out[4] = cy * sp * sr - sy * cr;
        out[5] = sy * sp * sr + cy * cr;
        out[6] = cp * sr;
        out[7] = 0;
        out[8] = cy * sp * cr + sy * sr;
        out[9] = sy * sp * cr - cy * sr;
        out[10] = cp * cr;
        out[11] = 0;
        out[12] = x;
        out[13] = y;
        out[14] = z;
        out[15] = 1;
    }
}
