package org.robocell.benchmarks;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.driver.franka.control.CartesianPoseCommandShaper;
import org.robocell.driver.franka.control.CommandedState;
import org.robocell.driver.franka.control.FrankaLimits;
import org.robocell.driver.franka.control.JointPositionCommandShaper;
import org.robocell.driver.franka.control.ShapingResult;
import org.robocell.driver.franka.control.ShapingSettings;

/**
 * libfranka's client-side command pipeline per control cycle on the FR3: low-pass filter, rate limiter and final
 * check of one joint-position command (7 joints) and of one Cartesian pose command (with elbow). Each operation
 * also plays the robot taking the shaped command as its new last commanded value (a few array stores), so the
 * limiter always works on a moving state. {@code stages}: {@code all} = limit_rate true, 100 Hz filter;
 * {@code defaults} = libfranka's FR3 defaults (filter only).
 * Run: {@code java -jar benchmarks/target/benchmarks.jar FrankaShaping -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FrankaShapingBenchmark {

    private static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
    private static final double[] READY_POSE = {1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0.307, 0, 0.487, 1};

    @Param({"all", "defaults"})
    public String stages;

    private JointPositionCommandShaper joints;
    private CartesianPoseCommandShaper poses;
    private final CommandedState jointState = new CommandedState();
    private final CommandedState poseState = new CommandedState();
    private final double[] q = new double[7];
    private final double[] qOut = new double[7];
    private final double[] pose = new double[16];
    private final double[] poseOut = new double[16];
    private final double[] elbow = {0.0, -1};
    private final double[] elbowOut = new double[2];
    private int cycle;

    @Setup
    public void setUp() {
        ShapingSettings settings = stages.equals("all") ? new ShapingSettings(true, 100)
                : ShapingSettings.LIBFRANKA_DEFAULTS;
        joints = new JointPositionCommandShaper(FrankaLimits.FR3, settings);
        poses = new CartesianPoseCommandShaper(FrankaLimits.FR3, settings);
        System.arraycopy(READY, 0, jointState.qD(), 0, 7);
        System.arraycopy(READY_POSE, 0, poseState.oTEEc(), 0, 16);
        poseState.elbowC()[1] = -1;
        System.arraycopy(READY_POSE, 0, pose, 0, 16);
    }

    @Benchmark
    public ShapingResult jointPositionCycle() {
        double step = (cycle++ & 256) == 0 ? 1e-4 : -1e-4; // back and forth, 256 ms each way
        double[] qD = jointState.qD();
        for (int j = 0; j < 7; j++) {
            q[j] = qD[j] + step;
        }
        ShapingResult result = joints.shape(q, jointState, qOut);
        for (int j = 0; j < 7; j++) { // the robot takes it
            double dq = (qOut[j] - qD[j]) * 1e3;
            jointState.ddqD()[j] = (dq - jointState.dqD()[j]) * 1e3;
            jointState.dqD()[j] = dq;
            qD[j] = qOut[j];
        }
        return result;
    }

    @Benchmark
    public ShapingResult cartesianPoseCycle() {
        double step = (cycle++ & 256) == 0 ? 1e-4 : -1e-4;
        double[] last = poseState.oTEEc();
        // a turn about z by a small angle and a shift along x: the command keeps moving
        double c = Math.cos(step);
        double s = Math.sin(step);
        for (int col = 0; col < 3; col++) {
            double x = last[col * 4];
            double y = last[col * 4 + 1];
            pose[col * 4] = c * x - s * y;
            pose[col * 4 + 1] = s * x + c * y;
            pose[col * 4 + 2] = last[col * 4 + 2];
        }
        pose[12] = last[12] + step;
        pose[13] = last[13];
        pose[14] = last[14];
        elbow[0] = poseState.elbowC()[0] + step;
        ShapingResult result = poses.shape(pose, elbow, poseState, poseOut, elbowOut);
        System.arraycopy(poseOut, 0, last, 0, 16); // the robot takes it (derivatives left as reported: zero)
        poseState.elbowC()[0] = elbowOut[0];
        return result;
    }
}
