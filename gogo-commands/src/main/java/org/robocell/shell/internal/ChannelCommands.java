package org.robocell.shell.internal;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Descriptor;
import org.apache.felix.service.command.Parameter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.io.Channel;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.text.Suggestions;
import org.robocell.console.Example;

/**
 * Controllers' channels, the counterpart of ROS topics: list them, echo what the loop publishes, send commands.
 * Echoing copies snapshots at the chosen rate; the loop never waits for the shell.
 */
@Component(service = ChannelCommands.class, property = { "osgi.command.scope=channel",
        "osgi.command.function=list", "osgi.command.function=echo", "osgi.command.function=send" })
public final class ChannelCommands {

    private final ChannelRegistry registry;
    private final Robots robots;

    @Activate
    public ChannelCommands(@Reference ChannelRegistry registry, @Reference Robots robots) {
        this.registry = registry;
        this.robots = robots;
    }

    @Descriptor("list the channels controllers offer: state outputs to echo, command inputs to send to")
    @Example("channel:list")
    public String list() {
        robots.awaitStarting(null);
        Table table = Table.of("CHANNEL", "KIND", "FIELDS / COUNTS");
        for (String name : registry.names()) {
            Optional<Channel> c = registry.find(name);
            if (c.isEmpty()) {
                continue;
            }
            if (c.get() instanceof StateOutput out) {
                table.row(name, "state", out.size() + " fields, " + out.publications() + " publications");
            } else if (c.get() instanceof CommandInput in) {
                table.row(name, "command", (in.fields().isEmpty() ? "" : in.fields().size() + " fields, ")
                        + in.acceptedCount() + " accepted, " + in.rejectedCount() + " rejected");
            } else {
                table.row(name, "goal", c.get().getClass().getSimpleName().replace("Impl", ""));
            }
        }
        return table.size() == 0 ? "no channels: load and configure a controller" : table.render();
    }

    private static final long FIRST_SAMPLE_WAIT_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(2);

    /** Samples per second {@code channel:echo} prints at most. */
    static final double MAX_ECHO_RATE = 1000;

    @Descriptor("print a state channel's fields, n times at a rate (joint states, controller state, wrench ...)")
    @Example("channel:echo -n 1 -f joint1 joint_states")
    public void echo(CommandSession session,
            @Descriptor("how many samples (0: until interrupted)") @Parameter(names = { "-n", "--count" }, absentValue = "1") String count,
            @Descriptor("samples per second (greater than 0, at most 1000)") @Parameter(names = { "-r", "--rate" }, absentValue = "10") String rate,
            @Descriptor("only fields containing this text") @Parameter(names = { "-f", "--filter" }, absentValue = "") String filter,
            @Descriptor("the robot whose channel a short name means (default: the one robot that has it)") @Parameter(names = { "--robot" }, absentValue = "") String robot,
            @Descriptor("channel name, e.g. joint_states") String name) {
        int samples = Numbers.whole("-n", count, 0, Integer.MAX_VALUE);
        double perSecond = Numbers.positive("-r", rate, MAX_ECHO_RATE);
        StateOutput out = stateOutput(robot, name);
        if (!filter.isEmpty() && out.fields().stream().noneMatch(f -> f.contains(filter))) {
            throw new CommandFailed("no field of " + out.name() + " contains '" + filter + "'; " + (out.fields().isEmpty()
                    ? "it has no fields yet (its controller publishes them once it is active)"
                    : "its fields: " + String.join(", ", out.fields())));
        }
        PrintStream console = System.out; // the shell redirects System.out to the session that runs the command
        try {
            echo(out, samples, (long) (1e9 / perSecond), filter, console);
        } catch (InterruptedException ctrlC) {
            // Ctrl-C is how an echo without -n ends: the samples printed are the answer
        }
    }

    private static void echo(StateOutput out, int samples, long periodNanos, String filter, PrintStream console)
            throws InterruptedException {
        double[] values = new double[out.size()];
        long next = System.nanoTime();
        for (int i = 0; samples == 0 || i < samples; i++) {
            if (values.length != out.size()) {
                values = new double[out.size()];
            }
            long publications = out.read(values);
            // a controller just activated has not published yet: its first sample, not an empty one (bounded)
            for (long until = System.nanoTime() + FIRST_SAMPLE_WAIT_NANOS; publications == 0 && System.nanoTime() < until;) {
                Thread.sleep(1);
                publications = out.read(values);
            }
            console.println(format(out.fields(), values, publications, filter));
            console.flush();
            if (samples > 0 && i == samples - 1) {
                break;
            }
            next += periodNanos;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
        }
    }

    /**
     * Sends one command. The values must be finite numbers, as many as the channel has fields (a forward controller's
     * joints): anything else is refused here with one line, and the channel itself refuses it from any other sender.
     */
    @Descriptor("send values to a command channel (e.g. a forward command controller's <name>/commands)")
    @Example("channel:send forward_position_controller 0.35 -0.6 0.0 -2.2 0.0 1.6 0.8")
    public String send(@Descriptor("the robot whose channel a short name means (default: the one robot that has it)") @Parameter(names = { "--robot" }, absentValue = "") String robot,
            @Descriptor("channel name, or a controller name whose <name>/commands channel is meant") String name,
            @Descriptor("values, one per field in the channel's order (channel:list shows the fields)") String... values) {
        CommandInput in = commandInput(robot, name);
        List<String> fields = in.fields();
        if (values.length == 0) {
            throw new CommandFailed("give the values to send" + (fields.isEmpty() ? "" : ": " + in.name() + " takes "
                    + fields.size() + " (" + String.join(", ", fields) + ")"));
        }
        if (!fields.isEmpty() && values.length != fields.size()) {
            throw new CommandFailed(in.name() + " takes " + fields.size() + (fields.size() == 1 ? " value (" : " values (")
                    + String.join(", ", fields) + "), got " + values.length);
        }
        double[] command = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            command[i] = Numbers.finite(fields.isEmpty() ? "value " + (i + 1)
                    : "value " + (i + 1) + " (" + fields.get(i) + ")", values[i]);
        }
        if (!in.offer(command)) {
            String why = in.explain(command);
            throw new CommandFailed(why != null ? why : in.name() + " refused " + Arrays.toString(command));
        }
        return "sent " + Arrays.toString(command) + " to " + in.name();
    }

    private StateOutput stateOutput(String robot, String name) {
        robots.awaitStarting(null); // a robot still starting has not published its channels yet
        Optional<StateOutput> out = resolve(robot, name, StateOutput.class, "/joint_states", "/state");
        return out.orElseThrow(() -> new CommandFailed("no state channel '" + name + "'"
                + Suggestions.didYouMeanOrKnown(name, stateNames())));
    }

    private CommandInput commandInput(String robot, String name) {
        robots.awaitStarting(null);
        Optional<CommandInput> in = resolve(robot, name, CommandInput.class, "/commands");
        return in.orElseThrow(() -> new CommandFailed("no command channel '" + name + "'"
                + Suggestions.didYouMeanOrKnown(name, registry.names().stream()
                        .filter(n -> registry.find(n).map(ch -> ch instanceof CommandInput).orElse(false)).toList())));
    }

    /**
     * The channel a name means. A name the registry has as written is that channel (as an absolute topic name is
     * in ROS 2), unless {@code --robot} names a robot whose namespace gives it another meaning. A name it does not
     * have is looked up in the robot's namespace ({@code --robot kr6 joint_states}: {@code kr6/joint_states}), or,
     * without a robot, in every robot's: the one robot that has it, or an error that names those that do.
     * {@code suffixes} are tried after each name ({@code joint_trajectory_controller} means its {@code /state}).
     */
    private <C extends Channel> Optional<C> resolve(String robot, String name, Class<C> type, String... suffixes) {
        if (!robot.isEmpty()) {
            ControllerManager m = robots.pick(robot);
            String ns = robots.namespace(m);
            return find(ns.isEmpty() || name.startsWith(ns + "/") ? name : ns + "/" + name, type, suffixes);
        }
        Optional<C> exact = find(name, type, suffixes);
        if (exact.isPresent()) {
            return exact;
        }
        Map<String, String> byRobot = new TreeMap<>(); // robot -> the name in its namespace
        for (ControllerManager m : robots.all()) {
            String ns = robots.namespace(m);
            if (!ns.isEmpty() && find(ns + "/" + name, type, suffixes).isPresent()) {
                byRobot.put(m.robot(), ns + "/" + name);
            }
        }
        if (byRobot.size() > 1) {
            throw new CommandFailed("'" + name + "' is a channel of " + byRobot.size() + " robots (" + String.join(", ",
                    byRobot.keySet()) + "): name one, " + String.join(" or ", byRobot.values())
                    + ", or choose with --robot");
        }
        return byRobot.values().stream().findFirst().flatMap(n -> find(n, type, suffixes));
    }

    private <C extends Channel> Optional<C> find(String name, Class<C> type, String... suffixes) {
        Optional<C> c = registry.find(name, type);
        for (int i = 0; c.isEmpty() && i < suffixes.length; i++) {
            c = registry.find(name + suffixes[i], type);
        }
        return c;
    }

    private List<String> stateNames() {
        return registry.names().stream()
                .filter(n -> registry.find(n).map(ch -> ch instanceof StateOutput).orElse(false)).toList();
    }

    static String format(List<String> fields, double[] values, long publications, String filter) {
        StringBuilder sb = new StringBuilder();
        sb.append("--- #").append(publications);
        for (int i = 0; i < fields.size() && i < values.length; i++) {
            if (!filter.isEmpty() && !fields.get(i).contains(filter)) {
                continue;
            }
            sb.append('\n').append(fields.get(i)).append(": ").append(String.format(Locale.ROOT, "%.6f", values[i]));
        }
        return sb.toString();
    }
}
