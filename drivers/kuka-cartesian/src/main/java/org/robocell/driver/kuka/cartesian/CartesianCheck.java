package org.robocell.driver.kuka.cartesian;

/**
 * Decides whether a Cartesian command may go to the robot: a pose (x, y, z mm, qw, qx, qy, qz) must be finite, a unit
 * quaternion, within the arm's {@link Reach}, and no farther from the pose sent last than the speed limits allow in
 * the time between the two; a twist (vx, vy, vz mm/s, wx, wy, wz rad/s) finite and within the same limits. The
 * drivers hold a refused command (the last valid one goes out again) and report the {@link Verdict} as their own
 * typed reason. Allocates nothing.
 */
public final class CartesianCheck {

    /** What the check found. */
    public enum Verdict {
        /** the command may be sent */
        PASSES,
        /** a value is NaN or infinite */
        NOT_FINITE,
        /** the quaternion's length is off 1 by more than {@link CartesianCheck#UNIT_TOLERANCE} */
        NOT_A_UNIT_QUATERNION,
        /** the position is outside the arm's {@link Reach} */
        OUT_OF_REACH,
        /** the pose moved farther than the speed limits allow in the time since the last one */
        TOO_FAST,
        /** the twist is faster than the speed limits */
        TWIST_BEYOND_LIMIT
    }

    /** |‖q‖ − 1| at most this; FRI and EAC take unit quaternions ({@code friLBRCommand.h}) */
    public static final double UNIT_TOLERANCE = 1e-3;

    private final Reach reach;
    private final double maxVelocity;
    private final double maxAngularVelocity;

    /**
     * @param reach              where the flange can be
     * @param maxVelocity        mm/s
     * @param maxAngularVelocity rad/s
     */
    public CartesianCheck(Reach reach, double maxVelocity, double maxAngularVelocity) {
        if (!(maxVelocity > 0) || !(maxAngularVelocity > 0)) {
            throw new IllegalArgumentException("the Cartesian speed limits must be > 0, got " + maxVelocity + " mm/s and "
                    + maxAngularVelocity + " rad/s");
        }
        this.reach = reach;
        this.maxVelocity = maxVelocity;
        this.maxAngularVelocity = maxAngularVelocity;
    }

    /**
     * @param pose    the command
     * @param last    the pose sent last
     * @param seconds time between the two
     */
    public Verdict checkPose(double[] pose, double[] last, double seconds) {
        for (int i = 0; i < 7; i++) {
            if (!Double.isFinite(pose[i])) {
                return Verdict.NOT_FINITE;
            }
        }
        double norm = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        if (Math.abs(norm - 1) > UNIT_TOLERANCE) {
            return Verdict.NOT_A_UNIT_QUATERNION;
        }
        if (!reach.contains(pose[0], pose[1], pose[2])) {
            return Verdict.OUT_OF_REACH;
        }
        double dx = pose[0] - last[0];
        double dy = pose[1] - last[1];
        double dz = pose[2] - last[2];
        if (Math.sqrt(dx * dx + dy * dy + dz * dz) > maxVelocity * seconds) {
            return Verdict.TOO_FAST;
        }
        // the angle between two orientations: 2 acos |<q1, q2>| (q and -q are the same orientation)
        double dot = Math.abs(pose[3] * last[3] + pose[4] * last[4] + pose[5] * last[5] + pose[6] * last[6]) / norm;
        if (2 * Math.acos(Math.min(1, dot)) > maxAngularVelocity * seconds) {
            return Verdict.TOO_FAST;
        }
        return Verdict.PASSES;
    }

    /** A twist (vx, vy, vz mm/s, wx, wy, wz rad/s). */
    public Verdict checkTwist(double[] twist) {
        for (int i = 0; i < 6; i++) {
            if (!Double.isFinite(twist[i])) {
                return Verdict.NOT_FINITE;
            }
        }
        if (Math.sqrt(twist[0] * twist[0] + twist[1] * twist[1] + twist[2] * twist[2]) > maxVelocity
                || Math.sqrt(twist[3] * twist[3] + twist[4] * twist[4] + twist[5] * twist[5]) > maxAngularVelocity) {
            return Verdict.TWIST_BEYOND_LIMIT;
        }
        return Verdict.PASSES;
    }
}
