package org.robocell.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ControllerFactory;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.controller.admittance.internal.AdmittanceControllers;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.forward.internal.ForwardCommandControllerFactory;
import org.robocell.controller.jsb.internal.JointStateBroadcasterFactory;
import org.robocell.controller.jtc.internal.JointTrajectoryControllerFactory;
import org.robocell.description.ControllerDeclaration;
import org.robocell.description.ControllersConfig;
import org.robocell.description.RobotDescription;
import org.robocell.driver.mock.internal.GenericSystemFactory;
import org.robocell.kinematics.internal.EjmlKinematicsService;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * One control cycle of the real controller manager on the default cell's FR3 ({@code runtime/cell/fr3.urdf} and
 * {@code controllers.yaml}, packed into the jar): the mock with its force/torque sensor, 1 kHz, stepped
 * ({@link RobotLoop#cycleOnly()}). Controllers:
 * <ul>
 * <li>{@code admittance}: joint_state_broadcaster, chained_trajectory_controller executing a long trajectory into the
 * references of admittance_controller (all six axes selected, a wrench on all six from ft_sensor_command_controller,
 * so the law runs in full every cycle: five link transforms, the damped pseudo-inverse, two Jacobian products);</li>
 * <li>{@code trajectory}: joint_state_broadcaster and joint_trajectory_controller executing the same kind of trajectory
 * on the joints directly: the cycle without the admittance controller, for the difference.</li>
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class AdmittanceBenchmark {

    @Param({ "admittance", "trajectory" })
    public String controllers;

    private RobotLoop loop;
    private ChannelDirectory channels;
    private GoalHandle goal;
    private StateOutput admittanceState;

    @Setup(Level.Trial)
    public void setUp() {
        channels = new ChannelDirectory();
        RobotDescription description = RobotDescription.parse(resource("/cell/fr3.urdf"), "fr3.urdf");
        ControllersConfig controllersFile = ControllersConfig.parse(resource("/cell/controllers.yaml"),
                "controllers.yaml");
        Map<String, ControllerFactory> byType = new TreeMap<>();
        ForwardCommandControllerFactory forward = new ForwardCommandControllerFactory(channels);
        byType.put("joint_state_broadcaster/JointStateBroadcaster", new JointStateBroadcasterFactory(channels));
        byType.put("joint_trajectory_controller/JointTrajectoryController",
                new JointTrajectoryControllerFactory(channels));
        byType.put("forward_command_controller/MultiInterfaceForwardCommandController", forward);
        EjmlKinematicsService kinematics = new EjmlKinematicsService();
        byType.put("admittance_controller/AdmittanceController", type -> AdmittanceControllers.create(channels,
                kinematics, robot -> Optional.of(description.robot())));
        // the cost is measured here, not the guard: on a loaded machine the first, interpreted updates of the
        // admittance controller can overrun the 1 ms execution budget three times in a row, which takes the chain out
        LoopConfig config = LoopConfig.stepped("fr3", 1000, 4096).withBudget(1_000_000_000L, 3);
        loop = RobotLoop.create(config, new ControllerSource() {
            @Override
            public Controller create(String type) {
                ControllerFactory f = byType.get(type);
                return f == null ? null : f.create(type);
            }

            @Override
            public List<String> types() {
                return List.copyOf(byType.keySet());
            }
        });
        List<Declaration> declarations = new ArrayList<>();
        for (ControllerDeclaration d : controllersFile.controllers().values()) {
            declarations.add(new Declaration(d.name(), d.type(), d.fallbackControllers(), d.parameters()));
        }
        loop.setDeclarations(declarations);
        loop.start();
        GenericSystemFactory mock = new GenericSystemFactory();
        for (HardwareInfo hw : description.hardware()) {
            loop.addHardware(hw, mock.create(hw));
            var r = loop.manager().setHardwareState(hw.name(), LifecycleState.ACTIVE);
            if (!r.ok()) {
                throw new IllegalStateException(r.message());
            }
        }
        boolean admittance = controllers.equals("admittance");
        String trajectory = admittance ? "chained_trajectory_controller" : "joint_trajectory_controller";
        List<String> active = admittance
                ? List.of("joint_state_broadcaster", "admittance_controller", trajectory, "ft_sensor_command_controller")
                : List.of("joint_state_broadcaster", trajectory);
        for (String c : active) {
            require(loop.manager().load(c));
            require(loop.manager().configure(c));
        }
        CompletableFuture<SwitchResult> f = loop.manager().switchControllers(active, List.of(), Strictness.STRICT, 100)
                .toCompletableFuture();
        for (int i = 0; i < 200 && !f.isDone(); i++) {
            loop.step();
        }
        SwitchResult s = f.getNow(SwitchResult.failed("the switch did not complete"));
        if (!s.ok()) {
            throw new IllegalStateException(s.message());
        }
        if (admittance) {
            CommandInput wrench = channels.find("ft_sensor_command_controller/commands", CommandInput.class)
                    .orElseThrow();
            if (!wrench.offer(3.0, -2.0, 5.0, 0.1, -0.1, 0.2)) {
                throw new IllegalStateException("the wrench was refused: " + wrench.explain(3.0, -2.0, 5.0, 0.1, -0.1, 0.2));
            }
            admittanceState = channels.find("admittance_controller/state", StateOutput.class).orElseThrow();
        }
        goal = sendLongTrajectory(trajectory);
        loop.step(100);
    }

    private static void require(Result r) {
        if (!r.ok()) {
            throw new IllegalStateException(r.message());
        }
    }

    /** 1000 points 100 s apart: more loop time than a whole fork runs. */
    private GoalHandle sendLongTrajectory(String controller) {
        FollowJointTrajectory action = channels.find(controller + "/follow_joint_trajectory",
                FollowJointTrajectory.class).orElseThrow();
        List<String> joints = action.joints();
        double[] start = { 0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4 };
        List<TrajectoryPoint> points = new ArrayList<>();
        for (int k = 1; k <= 1000; k++) {
            double[] q = new double[joints.size()];
            for (int j = 0; j < q.length; j++) {
                q[j] = start[j] + 0.2 * Math.sin(0.7 * k + j);
            }
            points.add(TrajectoryPoint.positions(k * 100.0, q));
        }
        return action.submit(TrajectoryGoal.of(JointTrajectory.startingNow(joints, points)));
    }

    @TearDown(Level.Iteration)
    public void checkStillWorking() {
        if (goal.status() != GoalStatus.EXECUTING) {
            StringBuilder why = new StringBuilder();
            loop.manager().controllers().forEach(c -> why.append("; ").append(c.name()).append(' ').append(c.state())
                    .append(' ').append(c.fault()).append(' ').append(c.lastError()));
            throw new IllegalStateException("the trajectory is not executing: " + goal.status() + " " + goal.result()
                    + why);
        }
        if (loop.manager().stats().controllerErrors() != 0) {
            throw new IllegalStateException("controller errors: " + loop.manager().stats().lastError());
        }
        if (admittanceState != null) {
            StateOutput.Snapshot s = admittanceState.snapshot();
            double fz = s.values()[s.fields().indexOf("wrench_base/force.z")];
            if (!(Math.abs(fz) > 1.0)) {
                throw new IllegalStateException("the admittance controller does not see the wrench: " + fz);
            }
        }
    }

    @Benchmark
    public void cycle() {
        loop.cycleOnly();
    }

    private static String resource(String name) {
        try (InputStream in = AdmittanceBenchmark.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the benchmarks jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
