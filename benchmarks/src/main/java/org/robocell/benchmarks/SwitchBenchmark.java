package org.robocell.benchmarks;

import java.util.List;
import java.util.concurrent.CompletableFuture;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.benchmarks.jitter.Cells;
import org.robocell.jitter.BenchCell;
import org.robocell.manager.RobotLoop;

/**
 * The switch path, request to commit: on the FR3 with the joint state broadcaster active, one operation asks the
 * controller manager to swap two forward position controllers on the same seven joints (STRICT), then runs cycles
 * until the loop has committed the switch at a cycle boundary and the service work has answered. Reports the time
 * and allocation of the whole path (validation and plan building off the loop, the commit on the loop, the answer)
 * and, at the end, how many cycles each switch took from request to commit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SwitchBenchmark {

    private BenchCell cell;
    private RobotLoop loop;
    private ControllerManager cm;
    private List<String> a;
    private List<String> b;
    private boolean toB = true;
    private long switches;
    private long cycles;
    private long maxCycles;

    @Setup(Level.Trial)
    public void setUp() {
        cell = Cells.create(BenchCell.Robot.FR3, 1000);
        loop = cell.loop();
        cm = cell.manager();
        cell.activate("jsb", "fwd_a");
        a = List.of(cell.name("fwd_a"));
        b = List.of(cell.name("fwd_b"));
        cm.load(b.get(0));
        cm.configure(b.get(0));
        loop.step(10);
    }

    @Benchmark
    public SwitchResult switchRequestToCommit() {
        CompletableFuture<SwitchResult> f = cm.switchControllers(toB ? b : a, toB ? a : b, Strictness.STRICT, 100)
                .toCompletableFuture();
        int n = 0;
        while (!f.isDone() && n < 100) {
            loop.cycleOnly();
            n++;
            loop.serviceNow();
        }
        SwitchResult r = f.getNow(null);
        if (r == null || !r.ok()) {
            throw new IllegalStateException("switch failed after " + n + " cycles: " + r);
        }
        toB = !toB;
        switches++;
        cycles += n;
        maxCycles = Math.max(maxCycles, n);
        return r;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.printf("%nswitch request -> commit: %d switches, %.3f cycles on average, at most %d%n", switches,
                (double) cycles / Math.max(1, switches), maxCycles);
    }
}
