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
import org.robocell.api.io.StateOutput;
import org.robocell.api.text.Suggestions;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalResult;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryFeedback;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.console.Example;

/**
 * Goals for trajectory and gripper controllers from the shell: send, watch the progress, see how it ended.
 * The goal reaches the loop through the controller's lock-free goal channel; watching copies feedback snapshots.
 */
@Component(service = TrajectoryCommands.class, property = { "osgi.command.scope=trajectory",
        "osgi.command.function=move", "osgi.command.function=points", "osgi.command.function=cancel",
        "osgi.command.function=goals", "osgi.command.function=gripper" })
public final class TrajectoryCommands {

    /** Feedback lines per second while waiting: at most this many. */
    static final double MAX_PROGRESS = 100;

    private final ChannelRegistry registry;
    private final Robots robots;
    private final GoalBook book;

    @Activate
    public TrajectoryCommands(@Reference ChannelRegistry registry, @Reference GoalBook book, @Reference Robots robots) {
        this.registry = registry;
        this.book = book;
        this.robots = robots;
    }

    @Descriptor("move the joints of a trajectory controller to positions in a time, and watch it arrive")
    @Example("trajectory:move -d 1 joint_trajectory_controller 0.3 -0.6 0.0 -2.2 0.0 1.6 0.8")
    public String move(CommandSession session,
            @Descriptor("seconds the motion takes (greater than 0)") @Parameter(names = { "-d", "--duration" }, absentValue = "3") String duration,
            @Descriptor("return once the goal is accepted") @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait,
            @Descriptor("feedback lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("trajectory controller name") String controller,
            @Descriptor("target positions, one per joint in the controller's joint order") String... positions) throws Exception {
        double seconds = Numbers.positive("-d", duration, Double.MAX_VALUE);
        double lines = Numbers.atLeastZero("-p", progress, MAX_PROGRESS);
        FollowJointTrajectory jtc = trajectoryController(controller);
        if (positions.length != jtc.joints().size()) {
            throw new CommandFailed(controller + " moves " + jtc.joints().size() + " joints " + jtc.joints()
                    + ", got " + positions.length + " positions");
        }
        double[] target = Numbers.finite("position", positions);
        List<TrajectoryPoint> points = List.of(TrajectoryPoint.positions(seconds, target));
        return run(session, controller, jtc, JointTrajectory.startingNow(jtc.joints(), points), noWait, lines);
    }

    @Descriptor("send a trajectory from a file (one point per line: time_from_start p1 p2 ...; # comments) and watch it")
    @Example("trajectory:points joint_trajectory_controller wave.txt")
    public String points(CommandSession session,
            @Descriptor("return once the goal is accepted") @Parameter(names = { "--no-wait" }, absentValue = "false", presentValue = "true") boolean noWait,
            @Descriptor("feedback lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("trajectory controller name") String controller, @Descriptor("file of points") String file) throws Exception {
        double lines = Numbers.atLeastZero("-p", progress, MAX_PROGRESS);
        FollowJointTrajectory jtc = trajectoryController(controller);
        List<TrajectoryPoint> points = readPoints(Path.of(file), jtc.joints().size());
        return run(session, controller, jtc, JointTrajectory.startingNow(jtc.joints(), points), noWait, lines);
    }

    @Descriptor("cancel the running goal of a trajectory controller that any shell or SSH session sent; the robot holds"
            + " where it is")
    @Example("trajectory:cancel joint_trajectory_controller")
    public String cancel(CommandSession session, @Descriptor("trajectory controller name") String controller) {
        trajectoryController(controller);
        GoalBook.Entry e = book.running(controller).orElseThrow(() -> new CommandFailed("no goal of " + controller
                + " sent from the shell is running" + (book.running().isEmpty() ? ""
                        : "; running: " + String.join(", ", book.running().stream().map(GoalBook.Entry::controller)
                                .toList()))));
        if (!e.goal().cancel()) {
            throw new CommandFailed("goal " + e.goal().id() + " of " + controller + " ended before it could be canceled ("
                    + e.goal().status() + ")");
        }
        long mine = book.number(session);
        return "canceled goal " + e.goal().id() + " of " + controller + " (sent " + e.sent() + " by "
                + (e.session() == mine ? "this session" : "session " + e.session()) + "); it holds position";
    }

    @Descriptor("the running trajectory goals that any shell or SSH session sent: controller, goal, status, when, from")
    @Example("trajectory:goals")
    public String goals(CommandSession session) {
        List<GoalBook.Entry> running = book.running();
        if (running.isEmpty()) {
            return "no trajectory goal sent from the shell is running";
        }
        long mine = book.number(session);
        Table t = Table.of("CONTROLLER", "GOAL", "STATUS", "SENT", "FROM");
        for (GoalBook.Entry e : running) {
            t.row(e.controller(), e.goal().id(), e.goal().status(), e.sent(),
                    e.session() == mine ? "this session" : "session " + e.session());
        }
        return t.render();
    }

    @Descriptor("move a gripper to a position (width) with an optional maximum effort, and wait for the result")
    @Example("trajectory:gripper -e 20 gripper_controller 0.04")
    public String gripper(CommandSession session, @Descriptor("seconds to wait for the result (greater than 0, at most 3600)") @Parameter(names = { "-w", "--wait" }, absentValue = "10") String wait,
            @Descriptor("maximum effort (greater than 0; default: the configured one)") @Parameter(names = { "-e", "--effort" }, absentValue = "") String effort,
            @Descriptor("gripper controller name") String controller, @Descriptor("target position") String position)
            throws Exception {
        double seconds = Numbers.positive("-w", wait, 3600);
        double target = Numbers.finite("position", position);
        double maxEffort = effort.isEmpty() ? Double.NaN : Numbers.positive("-e", effort, Double.MAX_VALUE);
        robots.awaitStarting(null); // a robot still starting has not published its channels yet
        GripperCommand gripper = registry.find(controller + "/gripper_cmd", GripperCommand.class)
                .orElseThrow(() -> new CommandFailed("no gripper controller '" + controller + "' is configured"
                        + Suggestions.didYouMeanOrKnown(controller, controllersWith("/gripper_cmd"))));
        org.robocell.api.gripper.GoalHandle goal = gripper.submit(new GripperGoal(target, maxEffort, Double.NaN));
        try (InterruptAnswer answer = InterruptAnswer.expect(session)) {
            return awaitGripper(controller, goal, seconds, wait, answer);
        }
    }

    private static String awaitGripper(String controller, org.robocell.api.gripper.GoalHandle goal, double seconds,
            String wait, InterruptAnswer answer) {
        try {
            org.robocell.api.gripper.GoalResult r = goal.awaitResult(Duration.ofMillis((long) (seconds * 1000)));
            String text = String.format(Locale.ROOT, "%s: position %.4f, effort %.3f%s%s", r.status(), r.position(),
                    r.effort(), r.stalled() ? ", stalled" : "", r.message() == null || r.message().isEmpty() ? "" : " (" + r.message() + ")");
            if (r.status() != org.robocell.api.gripper.GoalStatus.SUCCEEDED) {
                throw new CommandFailed(text);
            }
            return text;
        } catch (TimeoutException e) {
            return "still moving after " + wait + " s (" + goal.status() + ")";
        } catch (InterruptedException ctrlC) {
            throw answer.give(System.out, goal.cancel() ? "canceled the goal of " + controller
                    + "; the gripper holds" : "the goal of " + controller + " had ended (" + goal.status() + ")");
        }
    }

    private String run(CommandSession session, String controller, FollowJointTrajectory jtc, JointTrajectory trajectory,
            boolean noWait, double progress) throws InterruptedException {
        GoalHandle goal = jtc.submit(TrajectoryGoal.of(trajectory));
        if (goal.status() == GoalStatus.REJECTED) {
            throw new CommandFailed("goal rejected: " + goal.result().map(GoalResult::message).orElse("no reason given"));
        }
        book.sent(controller, goal, session);
        if (noWait) {
            return "goal " + goal.id() + " accepted by " + controller + "; trajectory:goals lists it, trajectory:cancel "
                    + controller + " cancels it from any session";
        }
        PrintStream console = System.out; // the shell redirects System.out to the session that runs the command
        long periodMillis = progress > 0 ? Math.max(1, (long) (1000 / progress)) : 200;
        try (InterruptAnswer answer = InterruptAnswer.expect(session)) {
            return await(controller, goal, console, periodMillis, progress, answer);
        }
    }

    private String await(String controller, GoalHandle goal, PrintStream console, long periodMillis, double progress,
            InterruptAnswer answer) {
        while (true) {
            try {
                GoalResult result = goal.awaitResult(Duration.ofMillis(periodMillis));
                if (result.status() != GoalStatus.SUCCEEDED) {
                    throw new CommandFailed(result.status() + " " + result.code() + ": " + result.message());
                }
                return finalState(controller).map(line -> line + "\n").orElse("") + "SUCCEEDED: " + controller
                        + " reached the goal";
            } catch (TimeoutException stillRunning) {
                if (progress > 0) {
                    goal.feedback().ifPresent(f -> console.println(progressLine(f)));
                }
            } catch (InterruptedException ctrlC) {
                // as ros2 action send_goal does on Ctrl-C: the operator who stops waiting stops the motion. The shell
                // answers the interrupted job with its own 'interrupted' line: this one goes to the output before it
                throw answer.give(console, goal.cancel() ? "canceled goal " + goal.id() + " of " + controller
                        + "; the robot holds" : "goal " + goal.id() + " of " + controller + " had ended ("
                        + goal.status() + ")");
            }
        }
    }

    /**
     * Where the joints are once the goal has succeeded, from the controller's state channel read after the result
     * (the last progress line was sampled while the robot still moved).
     */
    private Optional<String> finalState(String controller) {
        return registry.find(controller + "/state", StateOutput.class).map(StateOutput::snapshot)
                .filter(snapshot -> snapshot.publications() > 0).map(TrajectoryCommands::finalLine);
    }

    /** {@code  final [actual positions]  max error E} from a trajectory controller's state snapshot. */
    static String finalLine(StateOutput.Snapshot state) {
        StringBuilder sb = new StringBuilder("  final  [");
        double maxError = 0;
        int n = 0;
        for (int i = 0; i < state.fields().size(); i++) {
            String field = state.fields().get(i);
            if (field.endsWith("/actual/position")) {
                sb.append(n++ == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.4f", state.values()[i]));
            } else if (field.endsWith("/error/position")) {
                maxError = Math.max(maxError, Math.abs(state.values()[i]));
            }
        }
        return sb.append("]  max error ").append(String.format(Locale.ROOT, "%.2e", maxError)).toString();
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
        robots.awaitStarting(null);
        Optional<FollowJointTrajectory> jtc = registry.find(controller + "/follow_joint_trajectory", FollowJointTrajectory.class);
        return jtc.orElseThrow(() -> new CommandFailed("no trajectory controller '" + controller + "' is configured"
                + Suggestions.didYouMeanOrKnown(controller, controllersWith("/follow_joint_trajectory"))));
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
