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
import org.robocell.benchmarks.jitter.Cells;
import org.robocell.jitter.BenchCell;
import org.robocell.resources.ResourceManager;

/**
 * Interface handle access as a controller does it in update(): the FR3's 14 state interfaces (position, velocity)
 * read and its 7 position commands written through {@link StateHandle}/{@link CommandHandle}, i.e. an index into the
 * resource manager's preallocated slots; one operation is all 21 accesses.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HandleBenchmark {

    private StateHandle[] states;
    private CommandHandle[] commands;

    @Setup(Level.Trial)
    public void setUp() {
        BenchCell cell = Cells.create(BenchCell.Robot.FR3, 1000);
        ResourceManager rm = cell.loop().resources();
        InterfaceSlots slots = rm.slots();
        List<String> joints = cell.joints();
        states = new StateHandle[2 * joints.size()];
        commands = new CommandHandle[joints.size()];
        for (int j = 0; j < joints.size(); j++) {
            String p = joints.get(j) + "/position";
            String v = joints.get(j) + "/velocity";
            states[j] = new StateHandle(p, slots, rm.claimState(p).slot());
            states[joints.size() + j] = new StateHandle(v, slots, rm.claimState(v).slot());
            commands[j] = new CommandHandle(p, slots, rm.claimCommand(p, "handle-benchmark").slot());
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
