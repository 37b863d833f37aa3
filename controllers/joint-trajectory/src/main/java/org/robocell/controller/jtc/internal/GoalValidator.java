package org.robocell.controller.jtc.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * The reasons a trajectory is refused, checked off the loop at submission (ros2_controllers'
 * {@code validate_trajectory_msg}, plus: more points than {@code max_points}, non-finite values, and points that
 * differ in which fields they carry).
 */
final class GoalValidator {

    private final JtcConfig config;

    GoalValidator(JtcConfig config) {
        this.config = config;
    }

    /** Null when the trajectory is valid, else why not. */
    GoalResult validate(JointTrajectory trajectory, double now) {
        List<String> names = trajectory.jointNames();
        if (names.isEmpty()) {
            return reject(ResultCode.INVALID_JOINTS, "Empty joint names on incoming trajectory.");
        }
        if (!config.allowPartialJointsGoal() && names.size() != config.dof()) {
            return reject(ResultCode.INVALID_JOINTS, "Joints on incoming trajectory don't match the controller joints"
                    + " (" + names.size() + " given, " + config.dof() + " expected; allow_partial_joints_goal is"
                    + " false).");
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!config.joints().contains(name)) {
                return reject(ResultCode.INVALID_JOINTS, "Incoming joint " + name
                        + " doesn't match the controller's joints " + config.joints() + ".");
            }
            if (!seen.add(name)) {
                return reject(ResultCode.INVALID_JOINTS, "Incoming joint " + name + " appears more than once.");
            }
        }
        List<TrajectoryPoint> points = trajectory.points();
        if (points.isEmpty()) {
            return reject(ResultCode.INVALID_GOAL, "Empty trajectory received.");
        }
        if (points.size() > config.maxPoints()) {
            return reject(ResultCode.INVALID_GOAL, "Trajectory has " + points.size()
                    + " points, more than max_points (" + config.maxPoints() + ").");
        }
        double start = trajectory.startTime();
        if (!Double.isFinite(start)) {
            return reject(ResultCode.INVALID_GOAL, "Start time " + start + " is not a finite number.");
        }
        double end = start + points.get(points.size() - 1).timeFromStart();
        if (start != 0.0 && end < now) {
            return reject(ResultCode.OLD_HEADER_TIMESTAMP, "Received trajectory with non-zero start time (" + start
                    + ") that ends in the past (" + end + "), now is " + now + ".");
        }
        GoalResult fields = validatePoints(names.size(), points);
        if (fields != null) {
            return fields;
        }
        if (!config.allowNonzeroVelocityAtTrajectoryEnd()) {
            double[] last = points.get(points.size() - 1).velocities();
            for (int c = 0; c < last.length; c++) {
                if (last[c] != 0.0) {
                    return reject(ResultCode.INVALID_GOAL, "Velocity of last trajectory point of joint "
                            + names.get(c) + " is not zero: " + last[c]);
                }
            }
        }
        return null;
    }

    private GoalResult validatePoints(int width, List<TrajectoryPoint> points) {
        TrajectoryPoint first = points.get(0);
        boolean velocities = first.velocities().length > 0;
        boolean accelerations = first.accelerations().length > 0;
        boolean efforts = first.efforts().length > 0;
        double previousTime = Double.NaN;
        for (int k = 0; k < points.size(); k++) {
            TrajectoryPoint p = points.get(k);
            double t = p.timeFromStart();
            if (!Double.isFinite(t) || t < 0.0) {
                return reject(ResultCode.INVALID_GOAL,
                        "Point #" + k + " has time_from_start " + t + "; it must be a finite value >= 0.");
            }
            if (k > 0 && !(t > previousTime)) {
                return reject(ResultCode.INVALID_GOAL, "Time between points " + (k - 1) + " and " + k
                        + " is not strictly increasing, it is " + previousTime + " and " + t + " respectively.");
            }
            previousTime = t;
            GoalResult r = checkSize("positions", p.positions(), width, k, true);
            if (r == null) {
                r = checkField("velocities", p.velocities(), velocities, width, k);
            }
            if (r == null) {
                r = checkField("accelerations", p.accelerations(), accelerations, width, k);
            }
            if (r == null) {
                r = checkField("effort", p.efforts(), efforts, width, k);
            }
            if (r != null) {
                return r;
            }
        }
        if (accelerations && !velocities) {
            return reject(ResultCode.INVALID_GOAL, "Points carry accelerations without velocities.");
        }
        if (efforts && !config.commands(JtcConfig.EFFORT)) {
            return reject(ResultCode.INVALID_GOAL,
                    "Trajectory points contain effort, but the controller has no effort command interface.");
        }
        return null;
    }

    private static GoalResult checkField(String field, double[] values, boolean expected, int width, int point) {
        if (expected != (values.length > 0)) {
            return reject(ResultCode.INVALID_GOAL, "Point #" + point + (expected ? " lacks " : " has ") + field
                    + " but point #0 " + (expected ? "has them" : "does not") + "; every point must carry the same"
                    + " fields.");
        }
        return expected ? checkSize(field, values, width, point, true) : null;
    }

    private static GoalResult checkSize(String field, double[] values, int width, int point, boolean required) {
        if (values.length != width) {
            return reject(ResultCode.INVALID_GOAL, "Mismatch between joint_names size (" + width + ") and " + field
                    + " (" + values.length + ") at point #" + point + ".");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return reject(ResultCode.INVALID_GOAL, "Point #" + point + " holds a non-finite value in " + field
                        + ".");
            }
        }
        return null;
    }

    static GoalResult reject(ResultCode code, String message) {
        return new GoalResult(GoalStatus.REJECTED, code, message);
    }
}
