package org.robocell.jitter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.RobotDescription;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * A robot for measurements: a URDF with mock {@code <ros2_control>} blocks (shipped in this bundle), the real
 * controller manager on a stepped loop (the caller decides when a cycle runs: {@link RobotLoop#cycleOnly()}), and a
 * controllers file declaring the standard controllers under a name prefix (channels of a live cell are not taken):
 * <ul>
 * <li>{@code <p>jsb}: joint_state_broadcaster on every joint;</li>
 * <li>{@code <p>jtc}: joint_trajectory_controller on every joint; {@code <p>jtc_part} on the first half;</li>
 * <li>{@code <p>fwd_a}, {@code <p>fwd_b}: forward position controllers on every joint; {@code <p>fwd_a_part},
 * {@code <p>fwd_b_part} on the second half (so a trajectory and a hot swap can run side by side);</li>
 * <li>{@code <p>pid} (pid_controller on every joint's position) chained under {@code <p>pid_feed} (a forward
 * controller writing the PID's reference interfaces {@code <p>pid/<joint>/position}).</li>
 * </ul>
 * Hardware comes from {@code drivers} by the URDF's {@code <plugin>}; controllers from {@code controllers}.
 */
public final class BenchCell {

    /** The robots shipped with the harness. */
    public enum Robot {
        /** KUKA KR 6 R900 sixx: 6 joints. */
        KR6("kr6.urdf"),
        /** Franka FR3: 7 joints. */
        FR3("fr3.urdf"),
        /** Two FR3 arms, each its own mock system: 2×7 joints. */
        DUAL_FR3("dual_fr3.urdf");

        private final String file;

        Robot(String file) {
            this.file = file;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Robot fromLabel(String label) {
            for (Robot r : values()) {
                if (r.label().equals(label.trim().toLowerCase(Locale.ROOT).replace('-', '_'))) {
                    return r;
                }
            }
            throw new IllegalArgumentException("unknown robot '" + label + "': kr6, fr3 or dual_fr3");
        }
    }

    private final Robot robot;
    private final String prefix;
    private final RobotLoop loop;
    private final List<String> joints;
    private final ChannelRegistry channels;

    private BenchCell(Robot robot, String prefix, RobotLoop loop, List<String> joints, ChannelRegistry channels) {
        this.robot = robot;
        this.prefix = prefix;
        this.loop = loop;
        this.joints = joints;
        this.channels = channels;
    }

    /**
     * Builds the robot's stepped loop at {@code rate} Hz, adds and activates its hardware.
     *
     * @param drivers     the hardware factory for a URDF {@code <plugin>} string (null when there is none)
     * @param controllers where controllers come from (the same registry must be behind {@code channels})
     * @param channels    the channel registry the controller factories register with (trajectory goals go there)
     */
    public static BenchCell create(Robot robot, int rate, String prefix, Function<String, HardwareFactory> drivers,
            ControllerSource controllers, ChannelRegistry channels) {
        return create(robot, name -> LoopConfig.stepped(name, rate, 4096), prefix, drivers, controllers, channels);
    }

    /**
     * As {@link #create(Robot, int, String, Function, ControllerSource, ChannelRegistry)}, the loop as {@code loop}
     * configures it for the robot's name: an internal clock runs the runtime's own loop thread (or loop group) from
     * here on, and {@link #activate}, {@link #stepUntilCommitted} and {@link #close} wait for it instead of stepping.
     *
     * @since 2.2
     */
    public static BenchCell create(Robot robot, Function<String, LoopConfig> loop, String prefix,
            Function<String, HardwareFactory> drivers, ControllerSource controllers, ChannelRegistry channels) {
        RobotDescription description;
        try (InputStream in = BenchCell.class.getResourceAsStream("cells/" + robot.file)) {
            if (in == null) {
                throw new IllegalStateException("cells/" + robot.file + " is missing from the harness bundle");
            }
            description = RobotDescription.parse(in, robot.file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> joints = new ArrayList<>();
        for (HardwareInfo hw : description.hardware()) {
            for (ComponentInfo j : hw.joints()) {
                joints.add(j.name());
            }
        }
        String p = prefix == null ? "" : prefix;
        String robotName = p + robot.label();
        LoopConfig loopConfig = loop.apply(robotName);
        int rate = loopConfig.rate();
        RobotLoop robotLoop = RobotLoop.create(loopConfig, controllers);
        ControllersConfig config = ControllersConfig.parse(controllersYaml(p, rate, joints), robot.label() + ".yaml");
        List<Declaration> declarations = new ArrayList<>();
        for (ControllerDeclaration d : config.controllers().values()) {
            declarations.add(new Declaration(d.name(), d.type(), d.fallbackControllers(), d.parameters()));
        }
        robotLoop.setDeclarations(declarations);
        robotLoop.setPluginAvailability(plugin -> drivers.apply(plugin) != null);
        robotLoop.start();
        for (HardwareInfo hw : description.hardware()) {
            HardwareFactory f = drivers.apply(hw.plugin());
            if (f == null) {
                throw new IllegalStateException("no hardware factory serves '" + hw.plugin() + "'");
            }
            robotLoop.addHardware(hw, f.create(hw));
        }
        BenchCell cell = new BenchCell(robot, p, robotLoop, List.copyOf(joints), channels);
        for (HardwareInfo hw : description.hardware()) {
            var r = robotLoop.manager().setHardwareState(hw.name(), LifecycleState.ACTIVE);
            if (!r.ok()) {
                throw new IllegalStateException("hardware '" + hw.name() + "' did not activate: " + r.message());
            }
        }
        return cell;
    }

    static String controllersYaml(String p, int rate, List<String> joints) {
        int half = (joints.size() + 1) / 2;
        List<String> first = joints.subList(0, half);
        List<String> second = joints.subList(half, joints.size());
        List<String> references = joints.stream().map(j -> p + "pid/" + j).toList();
        StringBuilder y = new StringBuilder();
        y.append("controller_manager:\n  ros__parameters:\n    update_rate: ").append(rate).append('\n');
        declare(y, p + "jsb", "joint_state_broadcaster/JointStateBroadcaster");
        for (String n : List.of("jtc", "jtc_part")) {
            declare(y, p + n, "joint_trajectory_controller/JointTrajectoryController");
        }
        for (String n : List.of("fwd_a", "fwd_b", "fwd_a_part", "fwd_b_part", "pid_feed")) {
            declare(y, p + n, "forward_command_controller/ForwardCommandController");
        }
        declare(y, p + "pid", "pid_controller/PidController");
        trajectory(y, p + "jtc", joints);
        trajectory(y, p + "jtc_part", first);
        forward(y, p + "fwd_a", joints);
        forward(y, p + "fwd_b", joints);
        forward(y, p + "fwd_a_part", second);
        forward(y, p + "fwd_b_part", second);
        forward(y, p + "pid_feed", references);
        y.append(p).append("pid:\n  ros__parameters:\n");
        list(y, "dof_names", joints);
        y.append("    command_interface: position\n");
        list(y, "reference_and_state_interfaces", List.of("position"));
        y.append("    gains:\n");
        for (String j : joints) {
            // a position loop: the reference fed forward plus half the error, which settles on the reference
            y.append("      ").append(j).append(": {p: 0.5, i: 0.0, d: 0.0, feedforward_gain: 1.0}\n");
        }
        return y.toString();
    }

    private static void declare(StringBuilder y, String name, String type) {
        y.append("    ").append(name).append(":\n      type: ").append(type).append('\n');
    }

    private static void trajectory(StringBuilder y, String name, List<String> joints) {
        y.append(name).append(":\n  ros__parameters:\n");
        list(y, "joints", joints);
        list(y, "command_interfaces", List.of("position"));
        list(y, "state_interfaces", List.of("position", "velocity"));
    }

    private static void forward(StringBuilder y, String name, List<String> joints) {
        y.append(name).append(":\n  ros__parameters:\n");
        list(y, "joints", joints);
        y.append("    interface_name: position\n");
    }

    private static void list(StringBuilder y, String key, Collection<String> values) {
        y.append("    ").append(key).append(":\n");
        for (String v : values) {
            y.append("      - ").append(v).append('\n');
        }
    }

    public Robot robot() {
        return robot;
    }

    public RobotLoop loop() {
        return loop;
    }

    public ControllerManager manager() {
        return loop.manager();
    }

    /** The joints of the robot, in URDF {@code <ros2_control>} order. */
    public List<String> joints() {
        return joints;
    }

    /** The controller's full name: the prefix and {@code shortName} (jsb, jtc, jtc_part, fwd_a, ...). */
    public String name(String shortName) {
        return prefix + shortName;
    }

    /** Loads, configures and activates the controllers (short names) in one switch; throws when that fails. */
    public void activate(String... shortNames) {
        List<String> names = new ArrayList<>();
        for (String s : shortNames) {
            String n = name(s);
            Result r = manager().load(n);
            if (!r.ok()) {
                throw new IllegalStateException("load " + n + ": " + r.message());
            }
            r = manager().configure(n);
            if (!r.ok()) {
                throw new IllegalStateException("configure " + n + ": " + r.message());
            }
            names.add(n);
        }
        SwitchResult s = stepUntilCommitted(names, List.of());
        if (!s.ok()) {
            throw new IllegalStateException("activate " + names + ": " + s.message());
        }
    }

    /**
     * Requests a switch and steps the loop until it is committed (at most 100 cycles), on the calling thread; for a
     * loop nobody else is cycling.
     */
    public SwitchResult stepUntilCommitted(List<String> activate, List<String> deactivate) {
        CompletableFuture<SwitchResult> f = manager().switchControllers(activate, deactivate, Strictness.STRICT, 100)
                .toCompletableFuture();
        if (loop.isRunning()) {
            return await(f, SwitchResult.failed("the switch did not complete within 10 s"));
        }
        for (int i = 0; i < 200 && !f.isDone(); i++) {
            loop.step();
        }
        return f.getNow(SwitchResult.failed("the switch did not complete within 200 cycles"));
    }

    /**
     * Takes the cell down on the calling thread (nobody else may be cycling it): deactivates the active controllers,
     * unloads every controller and removes the hardware, so its channels are free again.
     */
    public void close() {
        List<String> active = new ArrayList<>();
        for (ControllerSnapshot c : manager().controllers()) {
            if (c.state() == LifecycleState.ACTIVE) {
                active.add(c.name());
            }
        }
        if (!active.isEmpty()) {
            stepUntilCommitted(List.of(), active);
        }
        for (ControllerSnapshot c : manager().controllers()) {
            manager().unload(c.name());
        }
        for (var hw : manager().hardware()) {
            CompletableFuture<Result> f = loop.removeHardware(hw.name()).toCompletableFuture();
            if (loop.isRunning()) {
                await(f, null);
            }
            for (int i = 0; i < 200 && !f.isDone(); i++) {
                loop.step();
            }
        }
        loop.stop(1000);
    }

    /** The answer of a loop that cycles on its own thread, or {@code otherwise} after 10 s. */
    private static <T> T await(CompletableFuture<T> f, T otherwise) {
        try {
            return f.get(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return otherwise;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return otherwise;
        }
    }

    /** The current value of a state or command interface ({@code joint1/position}), from the manager's snapshot. */
    public double value(String interfaceName) {
        for (InterfaceSnapshot i : manager().interfaces()) {
            if (i.name().equals(interfaceName) && i.kind() == InterfaceSnapshot.Kind.STATE) {
                return i.value();
            }
        }
        throw new IllegalArgumentException("no state interface '" + interfaceName + "'");
    }

    /** Offers a command to the forward controller (short name) through its {@code <name>/commands} channel. */
    public boolean command(String shortName, double... values) {
        String n = name(shortName);
        return channels.find(n + "/commands", CommandInput.class)
                .orElseThrow(() -> new IllegalStateException("no channel " + n + "/commands")).offer(values);
    }

    /** The current positions of the joints (state interfaces {@code <joint>/position}). */
    public double[] positions() {
        double[] q = new double[joints.size()];
        for (int j = 0; j < q.length; j++) {
            q[j] = value(joints.get(j) + "/position");
        }
        return q;
    }

    /**
     * Sends the trajectory controller (short name) a long goal through its {@link FollowJointTrajectory} channel:
     * {@code points} points {@code spacing} seconds apart, each joint swinging ±0.2 rad around where it is now, so
     * the controller interpolates (splines) for {@code points × spacing} seconds of loop time.
     */
    public GoalHandle sendLongTrajectory(String shortName, int points, double spacing) {
        String n = name(shortName);
        FollowJointTrajectory action = channels.find(n + "/follow_joint_trajectory", FollowJointTrajectory.class)
                .orElseThrow(() -> new IllegalStateException("no channel " + n + "/follow_joint_trajectory"));
        List<String> goalJoints = action.joints();
        double[] start = new double[goalJoints.size()];
        for (int j = 0; j < start.length; j++) {
            start[j] = value(goalJoints.get(j) + "/position");
        }
        List<TrajectoryPoint> list = new ArrayList<>(points);
        for (int k = 1; k <= points; k++) {
            double[] q = new double[start.length];
            for (int j = 0; j < q.length; j++) {
                q[j] = start[j] + 0.2 * Math.sin(0.7 * k + j);
            }
            list.add(TrajectoryPoint.positions(k * spacing, q));
        }
        return action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(goalJoints, list)));
    }
}
