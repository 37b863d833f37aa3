package org.robocell.driver.kuka.eac.internal;

import org.robocell.driver.kuka.eac.model.IisyKinematics;

/**
 * Decides whether a Cartesian command may go to the controller: a pose (x, y, z mm, qw, qx, qy, qz) must be finite,
 * a unit quaternion, within the LBR iisy 3 R760's reach and no farther from the pose sent last than the speed limits
 * allow in one cycle; a twist (linear mm/s, angular rad/s) finite and within the same limits. Allocates nothing.
 */
final class CartesianGuard {

    /** |‖q‖ − 1| at most this */
    static final double UNIT_TOLERANCE = 1e-3;

    private final double maxVelocity;
    private final double maxAngularVelocity;

    /**
     * @param maxVelocity        mm/s
     * @param maxAngularVelocity rad/s
     */
    CartesianGuard(double maxVelocity, double maxAngularVelocity) {
        this.maxVelocity = maxVelocity;
        this.maxAngularVelocity = maxAngularVelocity;
    }

    /**
     * @param pose    the command
     * @param last    the pose sent last
     * @param seconds time between the two control signals
     * @return {@link HeldReason#NONE} when the pose may be sent, else why not
     */
    HeldReason checkPose(double[] pose, double[] last, double seconds) {
        for (int i = 0; i < 7; i++) {
            if (!Double.isFinite(pose[i])) {
                return HeldReason.NOT_FINITE;
            }
        }
        double norm = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        if (Math.abs(norm - 1) > UNIT_TOLERANCE) {
            return HeldReason.NOT_A_UNIT_QUATERNION;
        }
        if (!IisyKinematics.withinReach(pose[0], pose[1], pose[2])) {
            return HeldReason.OUT_OF_REACH;
        }
        double dx = pose[0] - last[0];
        double dy = pose[1] - last[1];
        double dz = pose[2] - last[2];
        if (Math.sqrt(dx * dx + dy * dy + dz * dz) > maxVelocity * seconds) {
            return HeldReason.TOO_FAST;
        }
        // the angle between two orientations: 2 acos |<q1, q2>| (q and -q are the same orientation)
        double dot = Math.abs(pose[3] * last[3] + pose[4] * last[4] + pose[5] * last[5] + pose[6] * last[6]) / norm;
        if (2 * Math.acos(Math.min(1, dot)) > maxAngularVelocity * seconds) {
            return HeldReason.TOO_FAST;
        }
        return HeldReason.NONE;
    }

    /** A twist (vx, vy, vz mm/s, wx, wy, wz rad/s): {@link HeldReason#NONE} when it may be sent. */
    HeldReason checkTwist(double[] twist) {
        for (int i = 0; i < 6; i++) {
            if (!Double.isFinite(twist[i])) {
                return HeldReason.NOT_FINITE;
            }
        }
        if (Math.sqrt(twist[0] * twist[0] + twist[1] * twist[1] + twist[2] * twist[2]) > maxVelocity
                || Math.sqrt(twist[3] * twist[3] + twist[4] * twist[4] + twist[5] * twist[5]) > maxAngularVelocity) {
            return HeldReason.TWIST_BEYOND_LIMIT;
        }
        return HeldReason.NONE;
    }
}
