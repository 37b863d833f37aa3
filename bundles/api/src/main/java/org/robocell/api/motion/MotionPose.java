package org.robocell.api.motion;

/** A pose as {@code geometry_msgs/Pose}: position (m) and orientation quaternion (x, y, z, w). */
public record MotionPose(double x, double y, double z, double qx, double qy, double qz, double qw) {

    /** The values in interface order: x, y, z, qx, qy, qz, qw. */
    public double[] values() {
        return new double[] { x, y, z, qx, qy, qz, qw };
    }
}
