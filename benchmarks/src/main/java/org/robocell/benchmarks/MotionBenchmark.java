package org.robocell.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.RobotModel;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.motion.internal.MotionControllerFactories;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;
import org.robocell.description.RobotDescription;
import org.robocell.motion.CartesianPose;
import org.robocell.motion.MotionParameters;
import org.robocell.motion.MotionPlanner;
import org.robocell.motion.Plan;
import org.robocell.motion.PlannerSettings;
import org.robocell.motion.PlanningException;
import org.robocell.motion.Primitive;

/**
 * Motion primitives on the KR 6 R900 sixx at its RSI rate (4 ms samples): planning a PTP, a LIN and a blended PTP → LIN
 * → CIRC sequence (off the loop), and the executor's cost per control cycle while it runs a plan (the loop's share).
 * Run: {@code java -jar benchmarks/target/benchmarks.jar Motion -prof gc}.
 */
public class MotionBenchmark {

    static final double[] HOME = { 0, -Math.PI / 2, Math.PI / 2, 0, Math.PI / 2, 0 };
    static final double[] PTP_GOAL = { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 };

    static RobotModel kr6() throws IOException {
        try (InputStream in = MotionBenchmark.class.getResourceAsStream("/robots/kr6r900sixx.urdf")) {
            return RobotDescription.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "kr6.urdf").robot();
        }
    }

    /** Planning, as the executor's goal input and its planning worker do it. */
    @State(Scope.Thread)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    @Fork(1)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Planning {
        MotionPlanner planner;
        List<Primitive> ptp;
        List<Primitive> lin;
        List<Primitive> sequence;

        @Setup
        public void setUp() throws IOException {
            planner = MotionPlanner.create(kr6(), PlannerSettings.DEFAULT.withSampleTime(0.004)
                    .withDefaultScaling(0.4, 0.4));
            CartesianPose home = planner.toolPose(HOME);
            CartesianPose after = planner.toolPose(PTP_GOAL);
            MotionParameters blend = MotionParameters.DEFAULT.withBlendRadius(0.03);
            ptp = List.of(new Primitive.Ptp(PTP_GOAL, MotionParameters.DEFAULT));
            lin = List.of(new Primitive.Lin(shifted(home, 0.15, 0, 0), MotionParameters.DEFAULT));
            sequence = List.of(new Primitive.Ptp(PTP_GOAL, blend), new Primitive.Lin(shifted(after, 0.15, 0, 0), blend),
                    Primitive.Circ.via(shifted(after, 0.2, 0.05, 0), shifted(after, 0.15, 0.1, 0),
                            MotionParameters.DEFAULT));
        }

        @Benchmark
        public Plan planPtp() throws PlanningException {
            return planner.plan(HOME, ptp);
        }

        @Benchmark
        public Plan planLin() throws PlanningException {
            return planner.plan(HOME, lin);
        }

        @Benchmark
        public Plan planBlendedPtpLinCirc() throws PlanningException {
            return planner.plan(HOME, sequence);
        }
    }

    /** One control cycle of the rig with the executor running a plan (its own goal), per cycle. */
    @State(Scope.Thread)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Fork(1)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Executing {
        static final int CYCLES = 250;
        ControllerRig rig;
        ControllerRig idle;
        ExecuteMotionPrimitiveSequence goals;
        MotionGoalHandle goal;
        boolean outbound;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            rig = rig();
            ChannelDirectory channels = new ChannelDirectory();
            MotionControllerFactories factories = new MotionControllerFactories(channels);
            factories.addRobotModel(kr6(), Map.of("robocell.robot", "kr6"));
            ControllerRig.Entry e = rig.load("motion_primitive", "robocell_motion/MotionPrimitiveExecutor",
                    factories.create("robocell_motion/MotionPrimitiveExecutor"), Map.of());
            require(e.configure());
            require(e.activate());
            goals = channels.find("motion_primitive/motion_sequence", ExecuteMotionPrimitiveSequence.class)
                    .orElseThrow();
        }

        /** A slow PTP between two poses (16 s), sent anew when the last one ended: planning is not measured. */
        @Setup(Level.Invocation)
        public void moving() {
            if (goal == null || goal.status().isFinal()) {
                outbound = !outbound;
                goal = goals.submit(List.of(MotionPrimitive.ptp(outbound ? PTP_GOAL : HOME, 0,
                        new MotionArgument("move_time", 16.0))));
                if (goal.status().isFinal()) {
                    throw new IllegalStateException("goal refused: " + goal.result());
                }
            }
        }

        @Benchmark
        @OperationsPerInvocation(CYCLES)
        public void executorCycle() {
            for (int i = 0; i < CYCLES; i++) {
                rig.step();
            }
        }

        static ControllerRig rig() {
            InterfaceTable table = new InterfaceTable(256);
            SimulatedRobot robot = new SimulatedRobot(table, List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4",
                    "joint_a5", "joint_a6"));
            for (int j = 0; j < 6; j++) {
                robot.setPosition(j, HOME[j]);
            }
            return new ControllerRig(table, robot, 250);
        }

        static void require(CallbackReturn r) {
            if (r != CallbackReturn.SUCCESS) {
                throw new IllegalStateException("lifecycle step answered " + r);
            }
        }
    }

    /** The same rig holding still (no controller work beyond the robot's read): the baseline to subtract. */
    @State(Scope.Thread)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Fork(1)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    public static class Baseline {
        ControllerRig rig;

        @Setup
        public void setUp() {
            rig = Executing.rig();
        }

        @Benchmark
        @OperationsPerInvocation(Executing.CYCLES)
        public void emptyCycle() {
            for (int i = 0; i < Executing.CYCLES; i++) {
                rig.step();
            }
        }
    }

    static CartesianPose shifted(CartesianPose p, double dx, double dy, double dz) {
        return new CartesianPose(p.x() + dx, p.y() + dy, p.z() + dz, p.qx(), p.qy(), p.qz(), p.qw());
    }
}
