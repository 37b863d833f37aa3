package org.robocell.driver.kuka.fri.internal;

import org.robocell.driver.kuka.fri.emulator.LbrIiwa14;

/**
 * Decides whether a commanded Cartesian pose (x, y, z in mm, qw, qx, qy, qz) may go to the robot after the pose sent
 * last: finite, a unit quaternion, within the iiwa 14's reach, and no farther from the last pose than the speed
 * limits allow in one answered cycle. Allocates nothing.
 */
final class CartesianPoseGuard {

    /** |‖q‖ − 1| at most this; the SDK requires a unit quaternion ({@code friLBRCommand.h}) */
    static final double UNIT_TOLERANCE = 1e-3;

    private final double maxVelocity;
    private final double maxAngularVelocity;

    /**
     * @param maxVelocity        mm/s
     * @param maxAngularVelocity rad/s
     */
    CartesianPoseGuard(double maxVelocity, double maxAngularVelocity) {
        this.maxVelocity = maxVelocity;
        this.maxAngularVelocity = maxAngularVelocity;
    }

    /**
     * @param pose    the command
     * @param last    the pose sent last
     * @param seconds time between the two answers
     * @return {@link HeldReason#NONE} when the pose may be sent, else why not
     */
    HeldReason check(double[] pose, double[] last, double seconds) {
        for (int i = 0; i < 7; i++) {
            if (!Double.isFinite(pose[i])) {
                return HeldReason.NOT_FINITE;
            }
        }
        double norm = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        if (Math.abs(norm - 1) > UNIT_TOLERANCE) {
            return HeldReason.NOT_A_UNIT_QUATERNION;
        }
        double dz = pose[2] - LbrIiwa14.SHOULDER_HEIGHT_MM;
        if (Math.sqrt(pose[0] * pose[0] + pose[1] * pose[1] + dz * dz) > LbrIiwa14.REACH_MM) {
            return HeldReason.OUT_OF_WORKSPACE;
        }
        double dx = pose[0] - last[0];
        double dy = pose[1] - last[1];
        double dzz = pose[2] - last[2];
        if (Math.sqrt(dx * dx + dy * dy + dzz * dzz) > maxVelocity * seconds) {
            return HeldReason.TOO_FAST;
        }
        // the angle between two orientations: 2 acos |<q1, q2>| (q and -q are the same orientation)
        double dot = Math.abs(pose[3] * last[3] + pose[4] * last[4] + pose[5] * last[5] + pose[6] * last[6]) / norm;
        double angle = 2 * Math.acos(Math.min(1, dot));
        if (angle > maxAngularVelocity * seconds) {
            return HeldReason.TOO_FAST;
        }
        return HeldReason.NONE;
    }
}
