package org.robocell.foxglove.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.robocell.api.model.Joint;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

/**
 * The transform of each URDF joint from its parent link to its child link at given joint positions, as ROS's
 * robot_state_publisher puts them on {@code /tf}: the joint's origin (xyz, then rpy about fixed X, Y, Z), then
 * its motion (a rotation about the axis for revolute and continuous joints, a translation along it for prismatic
 * ones). A mimic joint follows its joint ({@code multiplier * q + offset}); a joint without a measured position is
 * at 0. Floating and planar joints stay at their origin (the cell measures no pose for them).
 */
final class JointTransforms {

    /** One parent→child transform: translation and unit quaternion (x, y, z, w). */
    record Transform(String parent, String child, double tx, double ty, double tz, double qx, double qy, double qz,
            double qw) {
    }

    private final RobotModel model;

    JointTransforms(RobotModel model) {
        this.model = model;
    }

    List<Transform> at(Map<String, Double> positions) {
        List<Transform> out = new ArrayList<>(model.joints().size());
        for (Joint j : model.joints().values()) {
            out.add(transform(j, position(j, positions)));
        }
        return out;
    }

    private double position(Joint j, Map<String, Double> positions) {
        if (j.mimic() != null) {
            Double q = positions.get(j.mimic().joint());
            return (q == null || !Double.isFinite(q) ? 0 : q) * j.mimic().multiplier() + j.mimic().offset();
        }
        Double q = positions.get(j.name());
        return q == null || !Double.isFinite(q) ? 0 : q;
    }

    static Transform transform(Joint j, double q) {
        Pose o = j.origin();
        double[] rpy = fromRpy(o.roll(), o.pitch(), o.yaw());
        double tx = o.x();
        double ty = o.y();
        double tz = o.z();
        double[] rotation = rpy;
        Vector3 axis = j.axis();
        double n = axis.norm();
        switch (j.type()) {
            case REVOLUTE, CONTINUOUS -> {
                if (n > 0) {
                    double s = Math.sin(q / 2) / n;
                    rotation = multiply(rpy, new double[] {axis.x() * s, axis.y() * s, axis.z() * s, Math.cos(q / 2)});
                }
            }
            case PRISMATIC -> {
                if (n > 0) {
                    double[] d = rotate(rpy, axis.x() * q / n, axis.y() * q / n, axis.z() * q / n);
                    tx += d[0];
                    ty += d[1];
                    tz += d[2];
                }
            }
            default -> {
                // fixed joints do not move; floating and planar ones stay at their origin
            }
        }
        return new Transform(j.parent(), j.child(), tx, ty, tz, rotation[0], rotation[1], rotation[2], rotation[3]);
    }

    /** The quaternion of URDF roll-pitch-yaw: Rz(yaw) * Ry(pitch) * Rx(roll). */
    static double[] fromRpy(double roll, double pitch, double yaw) {
        double cr = Math.cos(roll / 2);
        double sr = Math.sin(roll / 2);
        double cp = Math.cos(pitch / 2);
        double sp = Math.sin(pitch / 2);
        double cy = Math.cos(yaw / 2);
        double sy = Math.sin(yaw / 2);
        return new double[] {
            sr * cp * cy - cr * sp * sy,
            cr * sp * cy + sr * cp * sy,
            cr * cp * sy - sr * sp * cy,
            cr * cp * cy + sr * sp * sy};
    }

    static double[] multiply(double[] a, double[] b) {
        return new double[] {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    /** Rotates (x, y, z) by the unit quaternion q. */
    static double[] rotate(double[] q, double x, double y, double z) {
        double[] r = multiply(multiply(q, new double[] {x, y, z, 0}), new double[] {-q[0], -q[1], -q[2], q[3]});
        return new double[] {r[0], r[1], r[2]};
    }
}
