package org.robocell.shell.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.gripper.GripperCommand;
import org.robocell.api.gripper.GripperGoal;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Goals for trajectory and gripper controllers from the shell: send, watch the progress, see how it ended.
 * The goal reaches the loop through the controller's lock-free goal channel; watching copies feedback snapshots.
 */
@Component(service = TrajectoryCommands.class, property = { "osgi.command.scope=trajectory",
        "osgi.command.function=move", "osgi.command.function=points", "osgi.command.function=cancel",
        "osgi.command.function=gripper" })
public final class TrajectoryCommands {

    private final ChannelRegistry registry;
    /** The last goal sent to each controller from the shell, so that {@code cancel} can find it. */
    private final java.util.Map<String, GoalHandle> lastGoals = new java.util.concurrent.ConcurrentHashMap<>();

    @Activate
    public TrajectoryCommands(@Reference ChannelRegistry registry) {
        this.registry = registry;
    }

    @Descriptor("move the joints of a trajectory controller to positions in a time, and watch it arrive")
    public String move(CommandSession session,
            @Descriptor("seconds the motion takes") @Parameter(names = { "-d", "--duration" }, absentValue = "3") double duration,
            @Descriptor("return once the goal is accepted") @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait,
            @Descriptor("feedback lines per second while waiting (0: none)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") double progress,
            @Descriptor("trajectory controller name") String controller,
            @Descriptor("target positions, one per joint in the controller's joint order") double... positions) throws Exception {
        if (!(duration > 0) || Double.isInfinite(duration)) {
            throw new CommandFailed("duration must be a positive number of seconds, got " + duration);
        }
        FollowJointTrajectory jtc = trajectoryController(controller);
        if (positions.length != jtc.joints().size()) {
            throw new CommandFailed(controller + " moves " + jtc.joints().size() + " joints " + jtc.joints()
                    + ", got " + positions.length + " positions");
        }
        List<TrajectoryPoint> points = List.of(TrajectoryPoint.positions(duration, positions));
        return run(session, controller, jtc, JointTrajectory.startingNow(jtc.joints(), points), noWait, progress);
    }

    @Descriptor("send a trajectory from a file (one point per line: time_from_start p1 p2 ...; # comments) and watch it")
    public String points(CommandSession session,
            @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait,
            @Parameter(names = { "-p", "--progress" }, absentValue = "2") double progress,
            @Descriptor("trajectory controller name") String controller, @Descriptor("file of points") String file) throws Exception {
        FollowJointTrajectory jtc = trajectoryController(controller);
        List<TrajectoryPoint> points = readPoints(Path.of(file), jtc.joints().size());
        return run(session, controller, jtc, JointTrajectory.startingNow(jtc.joints(), points), noWait, progress);
    }

    @Descriptor("cancel the goal the shell last sent to a trajectory controller; the robot holds where it is")
    public String cancel(@Descriptor("trajectory controller name") String controller) {
        GoalHandle goal = lastGoals.get(controller);
        if (goal == null || goal.status().isFinal()) {
            throw new CommandFailed("no goal of " + controller + " is running from this shell");
        }
        goal.cancel();
        return "canceled goal " + goal.id() + " of " + controller + "; it holds position";
    }

    @Descriptor("move a gripper to a position (width) with an optional maximum effort, and wait for the result")
    public String gripper(@Descriptor("seconds to wait for the result") @Parameter(names = { "-w", "--wait" }, absentValue = "10") double wait,
            @Descriptor("gripper controller name") String controller, @Descriptor("target position") double position,
            @Descriptor("maximum effort (NaN: the configured one)") @Parameter(names = { "-e", "--effort" }, absentValue = "NaN") double effort)
            throws Exception {
        GripperCommand gripper = registry.find(controller + "/gripper_cmd", GripperCommand.class)
                .orElseThrow(() -> new CommandFailed("no gripper controller '" + controller + "' is configured"
                        + Names.suggest(controller, controllersWith("/gripper_cmd"))));
        org.robocell.api.gripper.GoalHandle goal = gripper.submit(new GripperGoal(position, effort, Double.NaN));
        try {
            org.robocell.api.gripper.GoalResult r = goal.awaitResult(Duration.ofMillis((long) (wait * 1000)));
            String text = String.format(Locale.ROOT, "%s: position %.4f, effort %.3f%s%s", r.status(), r.position(),
                    r.effort(), r.stalled() ? ", stalled" : "", r.message() == null || r.message().isEmpty() ? "" : " (" + r.message() + ")");
            if (r.status() != org.robocell.api.gripper.GoalStatus.SUCCEEDED) {
                throw new CommandFailed(text);
            }
            return text;
        } catch (TimeoutException e) {
            return "still moving after " + wait + " s (" + goal.status() + ")";
        }
    }

    private String run(CommandSession session, String controller, FollowJointTrajectory jtc, JointTrajectory trajectory,
            boolean noWait, double progress) throws InterruptedException {
        GoalHandle goal = jtc.submit(TrajectoryGoal.of(trajectory));
        if (goal.status() == GoalStatus.REJECTED) {
            throw new CommandFailed("goal rejected: " + goal.result().map(GoalResult::message).orElse("no reason given"));
        }
        lastGoals.put(controller, goal);
        if (noWait) {
            return "goal " + goal.id() + " accepted by " + controller;
        }
        PrintStream console = System.out; // the shell redirects System.out to the session that runs the command
        long periodMillis = progress > 0 ? Math.max(1, (long) (1000 / progress)) : 200;
        while (true) {
            try {
                GoalResult result = goal.awaitResult(Duration.ofMillis(periodMillis));
                if (result.status() != GoalStatus.SUCCEEDED) {
                    throw new CommandFailed(result.status() + " " + result.code() + ": " + result.message());
                }
                return "SUCCEEDED: " + controller + " reached the goal"
                        + goal.feedback().map(f -> " (final error " + maxAbs(f.errorPositions()) + ")").orElse("");
            } catch (TimeoutException stillRunning) {
                if (progress > 0) {
                    goal.feedback().ifPresent(f -> console.println(progressLine(f)));
                }
            }
        }
    }

    static String progressLine(TrajectoryFeedback f) {
        StringBuilder sb = new StringBuilder("  actual [");
        for (int i = 0; i < f.actualPositions().length; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.4f", f.actualPositions()[i]));
        }
        return sb.append("]  max error ").append(maxAbs(f.errorPositions())).toString();
    }

    private static String maxAbs(double[] values) {
        double max = 0;
        for (double v : values) {
            max = Math.max(max, Math.abs(v));
        }
        return String.format(Locale.ROOT, "%.2e", max);
    }

    private FollowJointTrajectory trajectoryController(String controller) {
        Optional<FollowJointTrajectory> jtc = registry.find(controller + "/follow_joint_trajectory", FollowJointTrajectory.class);
        return jtc.orElseThrow(() -> new CommandFailed("no trajectory controller '" + controller + "' is configured"
                + Names.suggest(controller, controllersWith("/follow_joint_trajectory"))));
    }

    private List<String> controllersWith(String suffix) {
        return registry.names().stream().filter(n -> n.endsWith(suffix))
                .map(n -> n.substring(0, n.length() - suffix.length())).toList();
    }

    /** Points as lines of numbers: the time from start, then one position per joint. */
    static List<TrajectoryPoint> readPoints(Path file, int joints) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new CommandFailed("no file " + file);
        }
        List<TrajectoryPoint> points = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("[\\s,]+");
            if (fields.length != joints + 1) {
                throw new CommandFailed(file + ":" + (n + 1) + ": expected the time from start and " + joints
                        + " positions, got " + fields.length + " numbers");
            }
            double[] values = new double[fields.length];
            for (int i = 0; i < fields.length; i++) {
                try {
                    values[i] = Double.parseDouble(fields[i]);
                } catch (NumberFormatException e) {
                    throw new CommandFailed(file + ":" + (n + 1) + ": '" + fields[i] + "' is not a number");
                }
                if (!Double.isFinite(values[i])) {
                    throw new CommandFailed(file + ":" + (n + 1) + ": '" + fields[i] + "' is not a finite number");
                }
            }
            points.add(TrajectoryPoint.positions(values[0], java.util.Arrays.copyOfRange(values, 1, values.length)));
        }
        if (points.isEmpty()) {
            throw new CommandFailed(file + " has no points");
        }
        return points;
    }
}
