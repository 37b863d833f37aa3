package org.robocell.controller.jtc.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.robocell.api.model.JointLimits;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.ResultCode;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * The reasons a trajectory is refused, checked off the loop at submission (ros2_controllers'
 * {@code validate_trajectory_msg}, plus: more points than {@code max_points}, non-finite values, points that differ
 * in which fields they carry, and — RoboCell's own — positions outside a joint's limits and segments faster than its
 * velocity limit: the loop would hold such commands back anyway, and the goal would fail its tolerances midway).
 */
final class GoalValidator {

    /** Rounding allowance on the velocity check. */
    private static final double SLACK = 1e-9;

    private final JtcConfig config;
    private final Function<String, Optional<JointLimits>> limits;

    GoalValidator(JtcConfig config) {
        this(config, joint -> Optional.empty());
    }

    GoalValidator(JtcConfig config, Function<String, Optional<JointLimits>> limits) {
        this.config = config;
        this.limits = limits;
    }

    /** Null when the trajectory is valid, else why not. */
    GoalResult validate(JointTrajectory trajectory, double now) {
        return validate(trajectory, now, null);
    }

    /**
     * Null when the trajectory is valid, else why not.
     *
     * @param current the joints' measured positions in controller order, or null when none are known yet (the first
     *                segment is then not checked against the velocity limit)
     */
    GoalResult validate(JointTrajectory trajectory, double now, double[] current) {
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
        GoalResult outside = checkLimits(names, points, current);
        if (outside != null) {
            return outside;
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

    /** Positions inside each joint's range, and no segment (nor given velocity) faster than its velocity limit. */
    private GoalResult checkLimits(List<String> names, List<TrajectoryPoint> points, double[] current) {
        for (int c = 0; c < names.size(); c++) {
            String joint = names.get(c);
            Optional<JointLimits> found = limits.apply(joint);
            if (found.isEmpty()) {
                continue;
            }
            JointLimits l = found.get();
            double previous = current == null ? Double.NaN : current[config.joints().indexOf(joint)];
            double previousTime = 0.0;
            for (int k = 0; k < points.size(); k++) {
                TrajectoryPoint p = points.get(k);
                double q = p.positions()[c];
                if (q < l.lower() || q > l.upper()) {
                    return reject(ResultCode.INVALID_GOAL, "Point #" + k + " puts joint " + joint + " at " + q
                            + ", outside its limits [" + l.lower() + ", " + l.upper() + "].");
                }
                if (l.hasVelocityLimits() && Double.isFinite(previous)) {
                    double distance = Math.abs(q - previous);
                    double duration = p.timeFromStart() - previousTime;
                    if (distance > l.velocity() * duration * (1 + SLACK) + SLACK) {
                        String from = k == 0 ? "from where it is (" + previous + ")" : "from point #" + (k - 1);
                        return reject(ResultCode.INVALID_GOAL, "Point #" + k + " asks joint " + joint + " to move "
                                + distance + " rad " + from + " in " + duration + " s; its velocity limit is "
                                + l.velocity() + " rad/s: give it at least " + Math.ceil(distance / l.velocity() * 1000)
                                / 1000 + " s.");
                    }
                }
                if (l.hasVelocityLimits() && p.velocities().length > 0 && Math.abs(p.velocities()[c]) > l.velocity()) {
                    return reject(ResultCode.INVALID_GOAL, "Point #" + k + " gives joint " + joint + " the velocity "
                            + p.velocities()[c] + "; its velocity limit is " + l.velocity() + " rad/s.");
                }
                previous = q;
                previousTime = p.timeFromStart();
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
