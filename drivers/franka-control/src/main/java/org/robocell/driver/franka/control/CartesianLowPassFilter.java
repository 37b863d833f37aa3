package org.robocell.driver.franka.control;

import org.robocell.driver.franka.control.internal.Rotations;

/**
 * libfranka's low-pass filter for a pose ({@code cartesianLowpassFilter}): the translation is filtered like any
 * value, the orientation by spherical interpolation from the last orientation toward the new one by the filter gain
 * (quaternion slerp, shortest arc). Column-major 4x4 poses; the bottom row of the command passes through unchanged,
 * for the pose check after the limiter to judge.
 *
 * <p>Allocation-free; one instance per control loop (scratch arrays, not thread-safe).
 */
public final class CartesianLowPassFilter {

    private final double[] orientation = new double[4];
    private final double[] lastOrientation = new double[4];
    private final double[] interpolated = new double[4];

    /** Filters {@code pose} against {@code lastPose} with {@code gain} into {@code out} (which may be {@code pose}). */
    public void filter(double gain, double[] pose, double[] lastPose, double[] out) {
        Rotations.quaternionOf(pose, orientation);
        Rotations.quaternionOf(lastPose, lastOrientation);
        for (int i = 12; i < 15; i++) {
            out[i] = gain * pose[i] + (1.0 - gain) * lastPose[i];
        }
        Rotations.slerp(lastOrientation, gain, orientation, interpolated);
        Rotations.setRotation(interpolated, out);
        out[3] = pose[3];
        out[7] = pose[7];
        out[11] = pose[11];
        out[15] = pose[15];
    }
}
