package org.robocell.controller.diffdrive.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.io.StateOutput;

/**
 * The field layouts of the diff drive controller's output channels, the shapes of {@code nav_msgs/Odometry},
 * {@code tf2_msgs/TFMessage} and {@code geometry_msgs/TwistStamped}, and their publication without allocation.
 */
final class OdometryChannels {

    /** Odometry: pose (x, y, yaw and the yaw as a quaternion), body velocities, then the two covariance diagonals. */
    static final List<String> ODOM = List.of("position.x", "position.y", "yaw", "orientation.x", "orientation.y",
            "orientation.z", "orientation.w", "linear.x", "angular.z");
    static final List<String> TF = List.of("translation.x", "translation.y", "translation.z", "rotation.x",
            "rotation.y", "rotation.z", "rotation.w");
    static final List<String> TWIST = List.of("linear.x", "angular.z");

    private OdometryChannels() {
    }

    /** {@code <odom frame>/<base frame>/<field>}, then {@code pose_covariance.0..5} and {@code twist_covariance.0..5}. */
    static List<String> odomFields(String odomFrame, String baseFrame) {
        List<String> fields = new ArrayList<>();
        String prefix = odomFrame + "/" + baseFrame + "/";
        ODOM.forEach(f -> fields.add(prefix + f));
        for (int i = 0; i < 6; i++) {
            fields.add(prefix + "pose_covariance." + i);
        }
        for (int i = 0; i < 6; i++) {
            fields.add(prefix + "twist_covariance." + i);
        }
        return fields;
    }

    static List<String> tfFields(String odomFrame, String baseFrame) {
        List<String> fields = new ArrayList<>();
        TF.forEach(f -> fields.add(odomFrame + "/" + baseFrame + "/" + f));
        return fields;
    }

    static void publishOdometry(StateOutput out, Odometry o, double[] poseCovariance, double[] twistCovariance) {
        double[] v = out.beginWrite();
        double half = o.heading() * 0.5;
        v[0] = o.x();
        v[1] = o.y();
        v[2] = o.heading();
        v[3] = 0.0;
        v[4] = 0.0;
        v[5] = Math.sin(half);
        v[6] = Math.cos(half);
        v[7] = o.linear();
        v[8] = o.angular();
        System.arraycopy(poseCovariance, 0, v, 9, 6);
        System.arraycopy(twistCovariance, 0, v, 15, 6);
        out.endWrite();
    }

    static void publishTransform(StateOutput out, Odometry o) {
        double[] v = out.beginWrite();
        double half = o.heading() * 0.5;
        v[0] = o.x();
        v[1] = o.y();
        v[2] = 0.0;
        v[3] = 0.0;
        v[4] = 0.0;
        v[5] = Math.sin(half);
        v[6] = Math.cos(half);
        out.endWrite();
    }

    static void publishTwist(StateOutput out, double linear, double angular) {
        double[] v = out.beginWrite();
        v[0] = linear;
        v[1] = angular;
        out.endWrite();
    }
}
