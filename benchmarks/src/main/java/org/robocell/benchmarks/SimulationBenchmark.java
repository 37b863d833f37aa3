package org.robocell.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
import org.robocell.description.RobotDescription;
import org.robocell.kinematics.KinematicModel;
import org.robocell.simulation.ContactPoint;
import org.robocell.simulation.HalfSpace;
import org.robocell.simulation.Simulation;
import org.robocell.simulation.SimulationSettings;
import org.robocell.simulation.StepStatus;

/**
 * One 1 ms step of the FR3 simulation under gravity-compensating torques: free, and with friction and three contact
 * points over a table (two touching). Run: {@code java -jar benchmarks/target/benchmarks.jar Simulation -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulationBenchmark {

    private static final double[] READY = {0, -Math.PI / 4, 0, -3 * Math.PI / 4, 0, Math.PI / 2, Math.PI / 4};

    private Simulation free;
    private Simulation touching;
    private final double[] tau = new double[7];

    @Setup
    public void setUp() throws IOException {
        KinematicModel fr3;
        try (InputStream in = SimulationBenchmark.class.getResourceAsStream("/robots/fr3.urdf")) {
            fr3 = KinematicModel.of(RobotDescription.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    "fr3.urdf").robot());
        }
        fr3.newWorkspace().gravity(READY, tau);
        free = Simulation.create(fr3, SimulationSettings.defaults(7));
        free.reset(READY, new double[7]);
        touching = Simulation.create(fr3, SimulationSettings.defaults(7)
                .withJointFriction(new double[] {1, 1, 1, 1, 0.5, 0.5, 0.5}, new double[] {0.2, 0.2, 0.2, 0.2, 0.1, 0.1, 0.1}, 0.01)
                .withContacts(List.of(new HalfSpace(0, 0, 0.3, 0, 0, 1)), List.of(ContactPoint.origin("link8"),
                        new ContactPoint("link7", 0, 0, 0.05), ContactPoint.origin("link4")), 1e5, 300));
        touching.reset(READY, new double[7]);
        double[] zero = new double[7];
        for (int i = 0; i < 3000; i++) {
            touching.step(zero);
        }
        if (!touching.inContact()) {
            throw new IllegalStateException("the arm must lie on the table");
        }
    }

    /** One step: joint forces, ABA with armature, integration. */
    @Benchmark
    public StepStatus freeStep() {
        return free.step(tau);
    }

    /** One step with friction and contacts: FK, contact forces with point Jacobians, ABA, Jᵀ·wrench. */
    @Benchmark
    public StepStatus stepInContact() {
        return touching.step(tau);
    }
}
