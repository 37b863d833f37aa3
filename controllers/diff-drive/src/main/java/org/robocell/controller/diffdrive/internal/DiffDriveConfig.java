package org.robocell.controller.diffdrive.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;

/**
 * The diff drive controller's parameters, named as in ros2_controllers' {@code diff_drive_controller}
 * ({@code src/diff_drive_controller_parameter.yaml}), with the deprecated names that current configuration files
 * still carry (ros2_control_demos example 2): {@code publish_rate} (odometry published at most that often),
 * {@code <axis>.min_acceleration} (read as {@code max_acceleration_reverse}, which gives the old symmetric limiter)
 * and {@code <axis>.has_velocity_limits} / {@code has_acceleration_limits} / {@code has_jerk_limits} (false switches
 * those limits off).
 */
record DiffDriveConfig(List<String> leftWheels, List<String> rightWheels, double wheelSeparation, double leftRadius,
        double rightRadius, String odomFrameId, String baseFrameId, double[] poseCovariance, double[] twistCovariance,
        boolean openLoop, boolean positionFeedback, boolean enableOdomTf, double cmdVelTimeout,
        boolean publishLimitedVelocity, int velocityRollingWindowSize, double publishRate, SpeedLimiter.Limits linear,
        SpeedLimiter.Limits angular, String tfFramePrefix, boolean tfFramePrefixEnable) {

    static final List<String> LIMITS = List.of("min_velocity", "max_velocity", "max_acceleration_reverse",
            "max_acceleration", "max_deceleration", "max_deceleration_reverse", "min_jerk", "max_jerk");
    private static final List<String> DEPRECATED_LIMITS = List.of("min_acceleration", "has_velocity_limits",
            "has_acceleration_limits", "has_jerk_limits");

    static final ParameterNames NAMES = names();

    private static ParameterNames names() {
        List<String> n = new ArrayList<>(List.of("left_wheel_names", "right_wheel_names", "wheel_separation",
                "wheel_radius", "wheel_separation_multiplier", "left_wheel_radius_multiplier",
                "right_wheel_radius_multiplier", "tf_frame_prefix_enable", "tf_frame_prefix", "odom_frame_id",
                "base_frame_id", "pose_covariance_diagonal", "twist_covariance_diagonal", "open_loop",
                "position_feedback", "enable_odom_tf", "cmd_vel_timeout", "publish_limited_velocity",
                "velocity_rolling_window_size", "publish_rate"));
        for (String axis : List.of("linear.x.", "angular.z.")) {
            LIMITS.forEach(l -> n.add(axis + l));
            DEPRECATED_LIMITS.forEach(l -> n.add(axis + l));
        }
        return ParameterNames.of(n.toArray(String[]::new));
    }

    /** @throws ParameterException naming the parameter */
    static DiffDriveConfig read(Parameters p) {
        List<String> left = wheels(p, "left_wheel_names");
        List<String> right = wheels(p, "right_wheel_names");
        if (left.size() != right.size()) {
            throw new ParameterException(null, "the number of left wheels (" + left.size() + ", 'left_wheel_names')"
                    + " and the number of right wheels (" + right.size() + ", 'right_wheel_names') are different");
        }
        Set<String> all = new HashSet<>(left);
        for (String r : right) {
            if (!all.add(r)) {
                throw new ParameterException("right_wheel_names", "wheel '" + r + "' is named twice in"
                        + " 'left_wheel_names' and 'right_wheel_names'");
            }
        }
        double separation = positive(p, "wheel_separation", Double.NaN) * positive(p, "wheel_separation_multiplier", 1.0);
        double radius = positive(p, "wheel_radius", Double.NaN);
        double leftRadius = radius * positive(p, "left_wheel_radius_multiplier", 1.0);
        double rightRadius = radius * positive(p, "right_wheel_radius_multiplier", 1.0);
        double timeout = p.getDouble("cmd_vel_timeout", 0.5);
        if (!(timeout >= 0.0) || Double.isInfinite(timeout)) {
            throw new ParameterException("cmd_vel_timeout", "parameter 'cmd_vel_timeout' must be a finite number of"
                    + " seconds >= 0 (0 disables the timeout), got " + timeout);
        }
        int window = p.getInt("velocity_rolling_window_size", 10);
        if (window < 1) {
            throw new ParameterException("velocity_rolling_window_size", "parameter 'velocity_rolling_window_size'"
                    + " must be at least 1, got " + window);
        }
        double publishRate = p.has("publish_rate") ? positive(p, "publish_rate", Double.NaN) : Double.NaN;
        return new DiffDriveConfig(left, right, separation, leftRadius, rightRadius,
                nonEmpty(p, "odom_frame_id", "odom"), nonEmpty(p, "base_frame_id", "base_link"),
                diagonal(p, "pose_covariance_diagonal"), diagonal(p, "twist_covariance_diagonal"),
                p.getBoolean("open_loop", false), p.getBoolean("position_feedback", true),
                p.getBoolean("enable_odom_tf", true), timeout, p.getBoolean("publish_limited_velocity", false), window,
                publishRate, limits(p, "linear.x"), limits(p, "angular.z"), p.getString("tf_frame_prefix", "").trim(),
                p.getBoolean("tf_frame_prefix_enable", true));
    }

    private static List<String> wheels(Parameters p, String key) {
        List<String> names = p.getStringList(key);
        if (names.isEmpty()) {
            throw new ParameterException(key, "parameter '" + key + "' must name at least one wheel joint");
        }
        if (new HashSet<>(names).size() != names.size()) {
            throw new ParameterException(key, "parameter '" + key + "' names an entry twice: " + names);
        }
        return names;
    }

    /** A finite number > 0; {@code fallback} NaN makes the parameter required. */
    private static double positive(Parameters p, String key, double fallback) {
        double v = Double.isNaN(fallback) ? p.getDouble(key) : p.getDouble(key, fallback);
        if (!(v > 0.0) || Double.isInfinite(v)) {
            throw new ParameterException(key, "parameter '" + key + "' must be a finite number > 0, got " + v);
        }
        return v;
    }

    private static String nonEmpty(Parameters p, String key, String fallback) {
        String v = p.getString(key, fallback).trim();
        if (v.isEmpty()) {
            throw new ParameterException(key, "parameter '" + key + "' must not be empty");
        }
        return v;
    }

    private static double[] diagonal(Parameters p, String key) {
        double[] d = p.getDoubleArray(key, new double[6]);
        if (d.length != 6) {
            throw new ParameterException(key, "parameter '" + key + "' must hold 6 numbers (x, y, z, roll, pitch,"
                    + " yaw), got " + d.length);
        }
        for (double v : d) {
            if (!Double.isFinite(v)) {
                throw new ParameterException(key, "parameter '" + key + "' must hold finite numbers, got " + v);
            }
        }
        return d;
    }

    /**
     * The limits of one axis: each NaN (off) by default; a maximum must be >= 0 or NaN, a minimum <= 0 or NaN, as
     * upstream's {@code gt_eq_or_nan}/{@code lt_eq_or_nan} validations; then the limiter's own consistency checks.
     */
    private static SpeedLimiter.Limits limits(Parameters p, String axis) {
        double[] v = new double[LIMITS.size()];
        for (int i = 0; i < v.length; i++) {
            String name = LIMITS.get(i);
            String key = axis + "." + name;
            if (name.equals("max_acceleration_reverse") && !p.has(key) && p.has(axis + ".min_acceleration")) {
                key = axis + ".min_acceleration"; // the deprecated name
            }
            v[i] = p.getDouble(key, Double.NaN);
            boolean upper = name.startsWith("max_") && !name.equals("max_acceleration_reverse")
                    && !name.equals("max_deceleration");
            if (!Double.isNaN(v[i]) && (upper ? v[i] < 0.0 : v[i] > 0.0)) {
                throw new ParameterException(key, "parameter '" + key + "' must be " + (upper ? ">= 0" : "<= 0")
                        + " or .nan (no limit), got " + v[i]);
            }
        }
        if (!p.getBoolean(axis + ".has_velocity_limits", true)) {
            v[0] = v[1] = Double.NaN;
        }
        if (!p.getBoolean(axis + ".has_acceleration_limits", true)) {
            v[2] = v[3] = v[4] = v[5] = Double.NaN;
        }
        if (!p.getBoolean(axis + ".has_jerk_limits", true)) {
            v[6] = v[7] = Double.NaN;
        }
        SpeedLimiter.Limits limits = new SpeedLimiter.Limits(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
        try {
            new SpeedLimiter(limits);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(null, "the " + axis + " limits disagree: " + e.getMessage());
        }
        return limits;
    }

    /** The prefix of the frames: none when disabled; {@code tf_frame_prefix}, or the controller's namespace. */
    String framePrefix(String controllerName) {
        if (!tfFramePrefixEnable) {
            return "";
        }
        String prefix = tfFramePrefix.startsWith("/") ? tfFramePrefix.substring(1) : tfFramePrefix;
        if (prefix.isEmpty()) {
            return controllerName.substring(0, controllerName.lastIndexOf('/') + 1);
        }
        return prefix.endsWith("/") ? prefix : prefix + "/";
    }
}
