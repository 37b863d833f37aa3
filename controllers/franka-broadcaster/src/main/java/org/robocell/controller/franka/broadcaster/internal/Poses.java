package org.robocell.controller.franka.broadcaster.internal;

import org.robocell.controller.franka.semantic.Quaternions;

/**
 * A column-major 4x4 transform as {@code geometry_msgs/Pose} carries it: position x, y, z and the orientation as a
 * unit quaternion x, y, z, w with w ≥ 0 ({@link Quaternions#fromTransform}). Allocation-free.
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
        Quaternions.fromTransform(m, out, at + 3);
    }
}
