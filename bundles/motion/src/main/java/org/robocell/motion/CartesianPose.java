package org.robocell.motion;

import java.util.Locale;

/**
 * A pose of the tool in the planner's base frame: a position (m) and an orientation as a unit quaternion (x, y, z, w),
 * as {@code geometry_msgs/Pose} carries it. The quaternion is normalised on construction.
 *
 * @throws IllegalArgumentException when a value is not finite or the quaternion has no length
 */
public record CartesianPose(double x, double y, double z, double qx, double qy, double qz, double qw) {

    public CartesianPose {
        double[] all = { x, y, z, qx, qy, qz, qw };
        String[] names = { "x", "y", "z", "qx", "qy", "qz", "qw" };
        for (int i = 0; i < all.length; i++) {
            if (!Double.isFinite(all[i])) {
                throw new IllegalArgumentException("pose " + names[i] + " must be a finite number, got " + all[i]);
            }
        }
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (n < 1e-9) {
            throw new IllegalArgumentException("pose orientation (qx, qy, qz, qw) = (0, 0, 0, 0) is no rotation: give a unit quaternion");
        }
        qx /= n;
        qy /= n;
        qz /= n;
        qw /= n;
    }

    /** A pose from a position and roll, pitch, yaw about the fixed axes x, y, z (R = Rz(yaw) Ry(pitch) Rx(roll)). */
    public static CartesianPose ofRpy(double x, double y, double z, double roll, double pitch, double yaw) {
        double cr = Math.cos(roll / 2), sr = Math.sin(roll / 2);
        double cp = Math.cos(pitch / 2), sp = Math.sin(pitch / 2);
        double cy = Math.cos(yaw / 2), sy = Math.sin(yaw / 2);
        return new CartesianPose(x, y, z,
                sr * cp * cy - cr * sp * sy,
                cr * sp * cy + sr * cp * sy,
                cr * cp * sy - sr * sp * cy,
                cr * cp * cy + sr * sp * sy);
    }

    /** Distance between the positions of two poses (m). */
    public double distanceTo(CartesianPose other) {
        double dx = other.x - x, dy = other.y - y, dz = other.z - z;
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** The rotation angle between the orientations of two poses (rad, 0 to pi). */
    public double angleTo(CartesianPose other) {
        double dot = Math.abs(qx * other.qx + qy * other.qy + qz * other.qz + qw * other.qw);
        return 2 * Math.acos(Math.min(1.0, dot));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "(%.4f, %.4f, %.4f | %.4f, %.4f, %.4f, %.4f)", x, y, z, qx, qy, qz, qw);
    }
}
