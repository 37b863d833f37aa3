package org.robocell.shell.internal;

import java.io.PrintStream;
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
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.GoalStatus;
import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.api.motion.MotionResult;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;

/**
 * Motion primitives from the shell: PTP, LIN, CIRC and sequences (a YAML file) sent to a controller's
 * {@code <controller>/motion_sequence} (the forward controller, or the executor taking its own goals), with progress
 * while they run and how they ended; stop and status.
 */
@Component(service = MotionCommands.class, property = { "osgi.command.scope=motion", "osgi.command.function=ptp",
        "osgi.command.function=lin", "osgi.command.function=circ", "osgi.command.function=sequence",
        "osgi.command.function=stop", "osgi.command.function=status" })
public final class MotionCommands {

    static final String SUFFIX = "/motion_sequence";

    private final ChannelRegistry registry;
    private final Robots robots;

    @Activate
    public MotionCommands(@Reference ChannelRegistry registry, @Reference Robots robots) {
        this.registry = registry;
        this.robots = robots;
    }

    @Descriptor("PTP: move every joint to its position on one profile, all arriving together")
    @Example("motion:ptp -v 0.5 motion_primitive 0.2 -0.6 0.1 -2.2 0.05 1.7 0.9")
    public String ptp(CommandSession session, @Descriptor("fraction (0, 1] of the joints' velocity limits") @Parameter(names = { "-v", "--velocity" }, absentValue = "") String velocity,
            @Descriptor("fraction (0, 1] of the joints' acceleration limits") @Parameter(names = { "-a", "--acceleration" }, absentValue = "") String acceleration,
            @Descriptor("seconds the motion takes (overrides -v and -a)") @Parameter(names = { "-t", "--move-time" }, absentValue = "") String moveTime,
            @Descriptor("progress lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("motion primitive controller (forward controller or executor)") String controller,
            @Descriptor("joint positions in the robot's joint order") String... positions) throws Exception {
        double[] q = Numbers.finite("position", positions);
        return run(session, controller, List.of(MotionPrimitive.ptp(q, 0, arguments(velocity, acceleration, moveTime))),
                progress);
    }

    @Descriptor("LIN: move the tool on a straight line to a pose (x y z in m, roll pitch yaw in rad, in the base frame)")
    @Example("motion:lin motion_primitive 0.3 0.0 0.5 3.14159 0.0 -0.6")
    public String lin(CommandSession session, @Descriptor("fraction (0, 1] of the Cartesian velocity limits") @Parameter(names = { "-v", "--velocity" }, absentValue = "") String velocity,
            @Descriptor("fraction (0, 1] of the Cartesian acceleration limits") @Parameter(names = { "-a", "--acceleration" }, absentValue = "") String acceleration,
            @Descriptor("seconds the motion takes (overrides -v and -a)") @Parameter(names = { "-t", "--move-time" }, absentValue = "") String moveTime,
            @Descriptor("progress lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("motion primitive controller") String controller,
            @Descriptor("x y z roll pitch yaw") String... pose) throws Exception {
        MotionPose goal = pose("pose", pose);
        return run(session, controller, List.of(MotionPrimitive.lin(goal, 0, arguments(velocity, acceleration, moveTime))),
                progress);
    }

    @Descriptor("CIRC: move the tool on the arc through a via point to a pose")
    @Example("motion:circ motion_primitive 0.35 0.05 0.5 0.3 0.1 0.5 3.14159 0.0 -0.6")
    public String circ(CommandSession session, @Descriptor("fraction (0, 1] of the Cartesian velocity limits") @Parameter(names = { "-v", "--velocity" }, absentValue = "") String velocity,
            @Descriptor("fraction (0, 1] of the Cartesian acceleration limits") @Parameter(names = { "-a", "--acceleration" }, absentValue = "") String acceleration,
            @Descriptor("seconds the motion takes (overrides -v and -a)") @Parameter(names = { "-t", "--move-time" }, absentValue = "") String moveTime,
            @Descriptor("progress lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("motion primitive controller") String controller,
            @Descriptor("via x y z, then the goal x y z roll pitch yaw") String... values) throws Exception {
        if (values.length != 9) {
            throw new CommandFailed("give the via point x y z and the goal x y z roll pitch yaw (9 numbers), got "
                    + values.length);
        }
        double[] v = Numbers.finite("value", values);
        MotionPose goal = SequenceFile.pose(java.util.Arrays.copyOfRange(v, 3, 9));
        MotionPose via = new MotionPose(v[0], v[1], v[2], goal.qx(), goal.qy(), goal.qz(), goal.qw());
        return run(session, controller, List.of(MotionPrimitive.circ(via, goal, 0, arguments(velocity, acceleration,
                moveTime))), progress);
    }

    @Descriptor("run the primitives of a YAML file as one blended sequence (see README: - ptp: [...], - lin: [x, y, z,"
            + " roll, pitch, yaw], - circ: [...] with via: [x, y, z]; blend_radius, velocity, acceleration, move_time)")
    @Example("motion:sequence motion_primitive fr3.yaml")
    public String sequence(CommandSession session, @Descriptor("progress lines per second while waiting (0: none; at most 100)") @Parameter(names = { "-p", "--progress" }, absentValue = "2") String progress,
            @Descriptor("motion primitive controller") String controller, @Descriptor("sequence file") String file)
            throws Exception {
        List<MotionPrimitive> primitives = SequenceFile.read(Path.of(file));
        return run(session, controller, primitives, progress);
    }

    @Descriptor("stop the running motion of a controller (STOP_MOTION, then RESET_STOP once the robot stopped)")
    @Example("motion:stop motion_primitive")
    public String stop(@Descriptor("motion primitive controller") String controller) throws Exception {
        ExecuteMotionPrimitiveSequence c = controller(controller);
        MotionGoalHandle goal = c.activeGoal().orElseThrow(() -> new CommandFailed(controller
                + " runs no motion goal"));
        if (!goal.cancel()) {
            throw new CommandFailed("goal " + goal.id() + " of " + controller + " ended before it could be stopped ("
                    + goal.status() + ")");
        }
        try {
            MotionResult r = goal.awaitResult(Duration.ofSeconds(10));
            return "stopped goal " + goal.id() + " of " + controller + ": " + r.status() + " (" + r.message() + ")";
        } catch (TimeoutException e) {
            return "asked goal " + goal.id() + " of " + controller + " to stop; still " + goal.status();
        }
    }

    @Descriptor("the motion primitive controllers: running goal, progress, last error")
    @Example("motion:status")
    public String status() {
        robots.awaitStarting(null);
        List<String> names = controllers();
        if (names.isEmpty()) {
            return "no motion primitive controller is configured (types motion_primitives_controllers/"
                    + "MotionPrimitivesForwardController, robocell_motion/MotionPrimitiveExecutor)";
        }
        Table t = Table.of("CONTROLLER", "GOAL", "STATUS", "PROGRESS", "LAST ERROR");
        for (String name : names) {
            ExecuteMotionPrimitiveSequence c = registry.find(name + SUFFIX, ExecuteMotionPrimitiveSequence.class)
                    .orElseThrow();
            Optional<MotionGoalHandle> goal = c.activeGoal();
            t.row(name, goal.map(g -> String.valueOf(g.id())).orElse("-"),
                    goal.map(g -> g.status().toString()).orElse("-"),
                    goal.flatMap(MotionGoalHandle::feedback).map(MotionCommands::progressText).orElse("-"),
                    c.lastError().orElse("-"));
        }
        return t.render();
    }

    private String run(CommandSession session, String controller, List<MotionPrimitive> primitives,
            String progressOption) {
        double lines = Numbers.atLeastZero("-p", progressOption, TrajectoryCommands.MAX_PROGRESS);
        ExecuteMotionPrimitiveSequence c = controller(controller);
        MotionGoalHandle goal = c.submit(primitives);
        if (goal.status() == GoalStatus.REJECTED) {
            throw new CommandFailed("goal rejected: " + goal.result().map(MotionResult::message).orElse("?"));
        }
        PrintStream console = System.out; // the shell's System.out is the session that runs the command
        long periodMillis = lines > 0 ? Math.max(1, (long) (1000 / lines)) : 200;
        try (InterruptAnswer answer = InterruptAnswer.expect(session)) {
            return await(c, controller, primitives, goal, console, periodMillis, lines, answer);
        }
    }

    private static String await(ExecuteMotionPrimitiveSequence c, String controller, List<MotionPrimitive> primitives,
            MotionGoalHandle goal, PrintStream console, long periodMillis, double lines, InterruptAnswer answer) {
        while (true) {
            try {
                MotionResult r = goal.awaitResult(Duration.ofMillis(periodMillis));
                if (r.status() != GoalStatus.SUCCEEDED) {
                    String why = c.lastError().map(e -> " (" + e + ")").orElse("");
                    throw new CommandFailed(r.status() + " " + r.code() + ": " + r.message()
                            + (r.code() == org.robocell.api.motion.ResultCode.EXECUTION_FAILED ? why : ""));
                }
                return "SUCCEEDED: " + controller + " executed " + primitives.size()
                        + (primitives.size() == 1 ? " primitive" : " primitives (one blended sequence)");
            } catch (TimeoutException stillRunning) {
                if (lines > 0) {
                    goal.feedback().ifPresent(f -> console.println("  " + progressText(f)));
                }
            } catch (InterruptedException ctrlC) {
                // the operator who stops waiting stops the motion (STOP_MOTION, as motion:stop)
                throw answer.give(console, goal.cancel() ? "stopped goal " + goal.id() + " of " + controller
                        : "goal " + goal.id() + " of " + controller + " had ended (" + goal.status() + ")");
            }
        }
    }

    static String progressText(MotionFeedback f) {
        String state = f.executionState() == null ? "?" : f.executionState().toString();
        if (f.currentPrimitive() >= 0 && !Double.isNaN(f.progress())) {
            return String.format(Locale.ROOT, "%s primitive %d/%d, %.0f%% done", state, f.currentPrimitive() + 1,
                    f.primitives(), 100 * f.progress());
        }
        return String.format(Locale.ROOT, "%s, %d/%d primitives sent", state, f.primitivesSent(), f.primitives());
    }

    private ExecuteMotionPrimitiveSequence controller(String controller) {
        robots.awaitStarting(null);
        return registry.find(controller + SUFFIX, ExecuteMotionPrimitiveSequence.class)
                .orElseThrow(() -> new CommandFailed("no motion primitive controller '" + controller + "' is"
                        + " configured" + Suggestions.didYouMeanOrKnown(controller, controllers())));
    }

    private List<String> controllers() {
        return registry.names().stream().filter(n -> n.endsWith(SUFFIX))
                .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList();
    }

    private static MotionPose pose(String what, String[] values) {
        if (values.length != 6) {
            throw new CommandFailed("give the " + what + " as x y z roll pitch yaw (6 numbers), got " + values.length);
        }
        return SequenceFile.pose(Numbers.finite(what, values));
    }

    private static MotionArgument[] arguments(String velocity, String acceleration, String moveTime) {
        List<MotionArgument> out = new ArrayList<>();
        if (!velocity.isEmpty()) {
            out.add(new MotionArgument("velocity", Numbers.positive("-v", velocity, 1)));
        }
        if (!acceleration.isEmpty()) {
            out.add(new MotionArgument("acceleration", Numbers.positive("-a", acceleration, 1)));
        }
        if (!moveTime.isEmpty()) {
            out.add(new MotionArgument("move_time", Numbers.positive("-t", moveTime, 3600)));
        }
        return out.toArray(MotionArgument[]::new);
    }
}
