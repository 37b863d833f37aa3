package org.robocell.controller.franka.broadcaster.internal;

/**
 * A column-major 4x4 transform as {@code geometry_msgs/Pose} carries it: position x, y, z and the orientation as a
 * unit quaternion x, y, z, w (w ≥ 0), the way Eigen's {@code Quaterniond(Matrix3d)} converts (Shepperd's method),
 * as upstream's broadcaster does. Allocation-free.
 */
final class Poses {

    static final String[] FIELDS = { "position.x", "position.y", "position.z", "orientation.x", "orientation.y",
            "orientation.z", "orientation.w" };

    private Poses() {
    }

    /** {@code m} (16, column-major) into {@code out[at..at+6]}. */
    static void toPose(double[] m, double[] out, int at) {
        out[at] = m[12];
        out[at + 1] = m[13];
        out[at + 2] = m[14];
        double r00 = m[0], r10 = m[1], r20 = m[2];
        double r01 = m[4], r11 = m[5], r21 = m[6];
        double r02 = m[8], r12 = m[9], r22 = m[10];
        double trace = r00 + r11 + r22;
        double x, y, z, w;
        if (trace > 0) {
            double s = Math.sqrt(trace + 1.0) * 2;
            w = 0.25 * s;
            x = (r21 - r12) / s;
            y = (r02 - r20) / s;
            z = (r10 - r01) / s;
        } else if (r00 > r11 && r00 > r22) {
            double s = Math.sqrt(1.0 + r00 - r11 - r22) * 2;
            w = (r21 - r12) / s;
            x = 0.25 * s;
            y = (r01 + r10) / s;
            z = (r02 + r20) / s;
        } else if (r11 > r22) {
            double s = Math.sqrt(1.0 + r11 - r00 - r22) * 2;
            w = (r02 - r20) / s;
            x = (r01 + r10) / s;
            y = 0.25 * s;
            z = (r12 + r21) / s;
        } else {
            double s = Math.sqrt(1.0 + r22 - r00 - r11) * 2;
            w = (r10 - r01) / s;
            x = (r02 + r20) / s;
            y = (r12 + r21) / s;
            z = 0.25 * s;
        }
        double sign = w < 0 ? -1.0 : 1.0;
        out[at + 3] = sign * x;
        out[at + 4] = sign * y;
        out[at + 5] = sign * z;
        out[at + 6] = sign * w;
    }
}
