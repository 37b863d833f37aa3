package org.robocell.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.StateHandle;
import org.robocell.api.hardware.InterfaceSlots;

/**
 * Interface handle access as a controller does it in update(): the FR3's 14 state interfaces (position, velocity)
 * read and its 7 position commands written through {@link StateHandle}/{@link CommandHandle}, i.e. an index into a
 * preallocated slot table; one operation is all 21 accesses. The handles are the API classes the manager loans to
 * controllers, over a table of the default robot slot capacity laid out as the resource manager lays out the FR3
 * (a command and a state slot per joint interface, in URDF order).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HandleBenchmark {

    /** The robot settings' default slot capacity. */
    private static final int SLOT_CAPACITY = 4096;

    private StateHandle[] states;
    private CommandHandle[] commands;

    @Setup(Level.Trial)
    public void setUp() {
        List<String> joints = List.of("fr3_joint1", "fr3_joint2", "fr3_joint3", "fr3_joint4", "fr3_joint5",
                "fr3_joint6", "fr3_joint7");
        InterfaceSlots slots = new InterfaceSlots(SLOT_CAPACITY);
        states = new StateHandle[2 * joints.size()];
        commands = new CommandHandle[joints.size()];
        int slot = 0;
        for (int j = 0; j < joints.size(); j++) {
            String p = joints.get(j) + "/position";
            String v = joints.get(j) + "/velocity";
            commands[j] = new CommandHandle(p, slots, slot++);
            states[j] = new StateHandle(p, slots, slot++);
            states[joints.size() + j] = new StateHandle(v, slots, slot++);
            slots.set(states[j].slot(), 0.1 * j);
            slots.set(states[joints.size() + j].slot(), 0.0);
        }
    }

    @Benchmark
    public double readStatesWriteCommands() {
        double sum = 0;
        int n = commands.length;
        for (int j = 0; j < n; j++) {
            double q = states[j].get();
            double v = states[n + j].get();
            commands[j].set(q + 0.001 * v);
            sum += q;
        }
        return sum;
    }
}
