package org.robocell.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.ejml.data.DMatrixRMaj;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.model.RobotModel;
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.IkOptions;
import org.robocell.kinematics.IkResult;
import org.robocell.kinematics.KinematicModel;
import org.robocell.kinematics.KinematicWorkspace;
import org.robocell.kinematics.ReferenceFrame;

/**
 * Kinematics and dynamics of the Franka FR3 (7 joints) to its flange, link8, on one warmed workspace.
 * Run: {@code java -jar benchmarks/target/benchmarks.jar Kinematics -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class KinematicsBenchmark {

    static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};
    static final double[] RATES = {0.3, -0.2, 0.4, -0.5, 0.6, -0.7, 0.8};
    static final double[] ACCELERATIONS = {1.0, -1.5, 2.0, -0.5, 1.2, -2.2, 0.9};

    private KinematicWorkspace workspace;
    private int flange;
    private final double[] q = READY.clone();
    private final double[] dq = RATES.clone();
    private final double[] ddq = ACCELERATIONS.clone();
    private final double[] tau = new double[7];
    private final double[] acceleration = new double[7];
    private final double[] transform = new double[16];
    private final DMatrixRMaj jacobian = new DMatrixRMaj(6, 7);
    private final DMatrixRMaj massMatrix = new DMatrixRMaj(7, 7);
    private final double[] ikTarget = new double[16];
    private final double[] ikSeed = READY.clone();
    private final double[] ikSolution = new double[7];

    @Setup
    public void setUp() throws IOException {
        KinematicModel model = KinematicModel.of(fr3());
        workspace = model.newWorkspace();
        flange = model.linkIndex("link8");
        workspace.inverseDynamics(q, dq, ddq, tau);
        // IK target: the ready pose moved by a few centimetres and degrees, solved from the ready pose
        double[] moved = {0.1, -0.6, 0.15, -2.2, -0.1, 1.7, 0.9};
        workspace.forwardKinematics(moved);
        workspace.linkTransform(flange, ikTarget);
        IkResult result = workspace.inverseKinematics(flange, ikTarget, ikSeed, IkOptions.DEFAULT, ikSolution);
        if (!result.converged()) {
            throw new IllegalStateException("the benchmark's IK target must be reachable: " + result);
        }
    }

    private static RobotModel fr3() throws IOException {
        try (InputStream in = KinematicsBenchmark.class.getResourceAsStream("/robots/fr3.urdf")) {
            return RobotDescription.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "fr3.urdf").robot();
        }
    }

    @Benchmark
    public double[] tipForwardKinematics() {
        workspace.forwardKinematics(q);
        workspace.linkTransform(flange, transform);
        return transform;
    }

    /** The flange pose alone: {@code forwardKinematics(q, link, transform)} places no other body (since 1.2). */
    @Benchmark
    public double[] tipOnlyForwardKinematics() {
        workspace.forwardKinematics(q, flange, transform);
        return transform;
    }

    @Benchmark
    public DMatrixRMaj forwardKinematicsAndJacobian() {
        workspace.forwardKinematics(q);
        workspace.jacobian(flange, ReferenceFrame.BASE, jacobian);
        return jacobian;
    }

    @Benchmark
    public double[] inverseDynamics() {
        workspace.inverseDynamics(q, dq, ddq, tau);
        return tau;
    }

    @Benchmark
    public DMatrixRMaj massMatrix() {
        workspace.massMatrix(q, massMatrix);
        return massMatrix;
    }

    @Benchmark
    public double[] forwardDynamics() {
        workspace.forwardDynamics(q, dq, tau, acceleration);
        return acceleration;
    }

    /** The same accelerations as {@link #forwardDynamics} by the O(n) articulated-body algorithm. */
    @Benchmark
    public double[] articulatedBodyDynamics() {
        workspace.articulatedBodyDynamics(q, dq, tau, acceleration);
        return acceleration;
    }

    @Benchmark
    public IkResult inverseKinematics() {
        return workspace.inverseKinematics(flange, ikTarget, ikSeed, IkOptions.DEFAULT, ikSolution);
    }
}
