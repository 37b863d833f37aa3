package org.robocell.jitter;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * N robots of one rate in one JVM, each the real controller manager's cycle on a mock robot ({@link BenchCell}: the
 * joint state broadcaster and a joint trajectory controller executing a long spline trajectory on every joint), in
 * two windows of the same run: first robot 0 <b>alone</b>, then all N <b>together</b>; each robot's wake-up lateness
 * next to the lone robot's. Loop {@code k}'s deadlines are {@code k × period / N} after loop 0's in both
 * {@link Scheduling}s, so the two differ only in who waits:
 * <ul>
 * <li>{@link Scheduling#THREAD_PER_ROBOT}: each robot on its own thread ({@link PeriodicLoop}), as the runtime's
 * loop runner does today;</li>
 * <li>{@link Scheduling#SHARED}: all on one thread ({@link PhasedLoopGroup}).</li>
 * <li>{@link Scheduling#RUNTIME} and {@link Scheduling#RUNTIME_GROUP}: the runtime's own loops, each robot's loop
 * thread or one loop group ({@code loop.group}) for all, started and stopped as the cell does; the figures are the
 * controller manager's own statistics ({@code cell:stats}), reset after the warm-up. The cells must be built with an
 * internal clock ({@link #loopConfig}).</li>
 * </ul>
 * The service work of every robot (completing switches) runs on one service thread every 10 ms (the runtime's
 * schedulings: each robot's own service thread).
 *
 * @since 2.1
 */
public final class ManyRobots {

    /** Who waits for the deadlines. */
    public enum Scheduling {
        /** One thread per robot, each with the idle strategy. */
        THREAD_PER_ROBOT,
        /** One thread for all robots, phase-shifted deadlines, one idle strategy. */
        SHARED,
        /** The runtime's loop runner: each robot's own loop thread. */
        RUNTIME,
        /** The runtime's loop group: one thread runs every robot's cycles. */
        RUNTIME_GROUP;

        /** Whether the runtime's own loops run the robots (cells with an internal clock). */
        public boolean runtime() {
            return this == RUNTIME || this == RUNTIME_GROUP;
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Scheduling fromLabel(String label) {
            for (Scheduling s : values()) {
                if (s.label().equals(label.trim().toLowerCase(Locale.ROOT).replace('_', '-'))) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown scheduling '" + label
                    + "': thread-per-robot, shared, runtime or runtime-group");
        }
    }

    /** One robot's figures in a window (nanoseconds). */
    public record RobotResult(String name, long cycles, long overruns, long rephases, JitterReport.Percentiles lateness,
            JitterReport.Percentiles execution) {
    }

    /** The run: the lone robot, then each of the N together. */
    public record Report(int robots, int rate, IdleStrategy idle, Scheduling scheduling, double seconds, String machine,
            RobotResult alone, List<RobotResult> together) {

        public Report {
            together = List.copyOf(together);
        }

        /** The worst robot's p99 lateness together / the lone robot's p99. */
        public double worstP99Ratio() {
            long worst = together.stream().mapToLong(r -> r.lateness().p99()).max().orElse(0);
            return ratio(worst, alone.lateness().p99());
        }

        public String table() {
            StringBuilder s = new StringBuilder();
            s.append(String.format(Locale.ROOT, "%d robots at %d Hz in one JVM, %s, idle %s, %.0f s per window%n", robots,
                    rate, scheduling.label(), idle.name().toLowerCase(Locale.ROOT), seconds));
            s.append("machine: ").append(machine).append('\n');
            s.append(String.format(Locale.ROOT, "%-8s %8s %9s %9s %9s %9s %9s %10s%n", "robot", "cycles", "overruns",
                    "late p50", "late p99", "late max", "exec p50", "p99/alone"));
            row(s, alone, alone);
            for (RobotResult r : together) {
                row(s, r, alone);
            }
            s.append(String.format(Locale.ROOT, "(µs; 'alone' ran first, on its own; worst p99 together / alone: %.2f)%n",
                    worstP99Ratio()));
            return s.toString();
        }

        private static void row(StringBuilder s, RobotResult r, RobotResult alone) {
            s.append(String.format(Locale.ROOT, "%-8s %8d %9d %9.1f %9.1f %9.1f %9.1f %10.2f%n", r.name(), r.cycles(),
                    r.overruns(), r.lateness().p50() / 1e3, r.lateness().p99() / 1e3, r.lateness().max() / 1e3,
                    r.execution().p50() / 1e3, ratio(r.lateness().p99(), alone.lateness().p99())));
        }

        private static double ratio(long a, long b) {
            return b == 0 ? (a == 0 ? 1.0 : Double.POSITIVE_INFINITY) : (double) a / b;
        }
    }

    private ManyRobots() {
    }

    /** The loop configuration a cell of this run needs: stepped (the harness cycles it) or the runtime's own loop. */
    public static LoopConfig loopConfig(String robot, int rate, IdleStrategy idle, Scheduling scheduling) {
        if (!scheduling.runtime()) {
            return LoopConfig.stepped(robot, rate, 4096);
        }
        LoopConfig c = new LoopConfig(robot, rate, ClockKind.INTERNAL, idle, 4096, false, rate);
        return scheduling == Scheduling.RUNTIME_GROUP ? c.inGroup("robots") : c;
    }

    /**
     * Builds {@code robots} cells with {@code cells} (index → a fresh cell at {@code rate}), brings up each one's
     * broadcaster and trajectory, runs the two windows and closes the cells.
     */
    public static Report run(int robots, int rate, double warmupSeconds, double seconds, IdleStrategy idle,
            Scheduling scheduling, IntFunction<BenchCell> cells) throws InterruptedException {
        if (robots < 1) {
            throw new IllegalArgumentException("robots must be at least 1, got " + robots);
        }
        if (rate < 1) {
            throw new IllegalArgumentException("rate must be at least 1 Hz, got " + rate);
        }
        String load0 = Harness.loadAverage();
        long period = 1_000_000_000L / rate;
        List<BenchCell> all = new ArrayList<>();
        double total = 2 * (warmupSeconds + seconds);
        double spacing = Math.max(0.05, (total + 30) / 1000.0);
        try {
            for (int k = 0; k < robots; k++) {
                BenchCell cell = cells.apply(k);
                all.add(cell);
                cell.activate("jsb", "jtc");
                cell.sendLongTrajectory("jtc", 1000, spacing);
            }
            RobotResult first;
            List<RobotResult> together;
            if (scheduling.runtime()) {
                for (BenchCell c : all.subList(1, all.size())) {
                    c.loop().stop(1000);
                }
                first = runtimeWindow(all.subList(0, 1), warmupSeconds, seconds).get(0);
                for (BenchCell c : all.subList(1, all.size())) {
                    c.loop().start();
                }
                together = runtimeWindow(all, warmupSeconds, seconds);
            } else {
                first = window(List.of(all.get(0)), period, warmupSeconds, seconds, idle, scheduling).get(0);
                together = window(all, period, warmupSeconds, seconds, idle, scheduling);
            }
            RobotResult alone = new RobotResult("alone", first.cycles(), first.overruns(), first.rephases(),
                    first.lateness(), first.execution());
            String machine = String.format(Locale.ROOT, "nproc %d, Java %s, load average %s at start, %s at end",
                    Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), load0,
                    Harness.loadAverage());
            return new Report(robots, rate, idle, scheduling, seconds, machine, alone, together);
        } finally {
            for (BenchCell c : all) {
                c.close();
            }
        }
    }

    private static List<RobotResult> window(List<BenchCell> cells, long period, double warmupSeconds, double seconds,
            IdleStrategy idle, Scheduling scheduling) throws InterruptedException {
        int n = cells.size();
        PeriodicLoop.Body[] bodies = new PeriodicLoop.Body[n];
        for (int k = 0; k < n; k++) {
            RobotLoop loop = cells.get(k).loop();
            bodies[k] = now -> loop.cycleOnly();
        }
        long t0 = System.nanoTime() + 200_000_000L;
        long recordFrom = t0 + (long) (warmupSeconds * 1e9);
        long end = recordFrom + (long) (seconds * 1e9);
        AtomicBoolean stop = new AtomicBoolean();
        Thread service = new Thread(() -> {
            while (!stop.get()) {
                for (BenchCell c : cells) {
                    c.loop().serviceNow();
                }
                LockSupport.parkNanos(10_000_000L);
            }
        }, "robocell-robots-service");
        service.setDaemon(true);
        service.start();
        Throwable[] failure = new Throwable[1];
        List<RobotResult> results = new ArrayList<>();
        try {
            if (scheduling == Scheduling.SHARED) {
                PhasedLoopGroup group = new PhasedLoopGroup(period, idle, bodies);
                Thread t = loopThread("robocell-robots-shared", () -> group.run(t0, recordFrom, end), failure);
                t.start();
                t.join();
                rethrow(failure);
                for (int k = 0; k < n; k++) {
                    results.add(new RobotResult("r" + k, group.cycles(k), group.overruns(k), group.rephases(k),
                            JitterReport.Percentiles.of(group.lateness(k)),
                            JitterReport.Percentiles.of(group.execution(k))));
                }
            } else {
                List<PeriodicLoop> loops = new ArrayList<>();
                List<Thread> threads = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    PeriodicLoop loop = new PeriodicLoop(period, idle, bodies[k]);
                    long first = t0 + k * period / n;
                    loops.add(loop);
                    threads.add(loopThread("robocell-robots-r" + k, () -> loop.run(first, recordFrom, end), failure));
                }
                threads.forEach(Thread::start);
                for (Thread t : threads) {
                    t.join();
                }
                rethrow(failure);
                for (int k = 0; k < n; k++) {
                    PeriodicLoop l = loops.get(k);
                    results.add(new RobotResult("r" + k, l.cycles(), l.overruns(), l.rephases(),
                            JitterReport.Percentiles.of(l.lateness()), JitterReport.Percentiles.of(l.execution())));
                }
            }
        } finally {
            stop.set(true);
            service.join(1000);
        }
        return results;
    }

    /** The runtime's loops of {@code cells} running: statistics reset after the warm-up, read after the window. */
    private static List<RobotResult> runtimeWindow(List<BenchCell> cells, double warmupSeconds, double seconds)
            throws InterruptedException {
        Thread.sleep((long) (warmupSeconds * 1000));
        for (BenchCell c : cells) {
            c.manager().resetStats();
        }
        Thread.sleep((long) (seconds * 1000));
        List<RobotResult> results = new ArrayList<>();
        for (int k = 0; k < cells.size(); k++) {
            LoopStats s = cells.get(k).manager().stats();
            // the manager's cycle counter runs from the loop's start; its histograms from the reset
            results.add(new RobotResult("r" + k, s.lateness().count(), s.overruns(), 0, percentiles(s.lateness()),
                    percentiles(s.execution())));
        }
        return results;
    }

    private static JitterReport.Percentiles percentiles(LoopStats.Percentiles p) {
        // the manager keeps no p90; this table does not print one
        return new JitterReport.Percentiles(p.count(), p.p50(), 0, p.p99(), p.p999(), p.max(), p.mean());
    }

    /** A loop thread as the runtime's loop runner makes one: highest Java priority, a daemon. */
    private static Thread loopThread(String name, Runnable body, Throwable[] failure) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                synchronized (failure) {
                    failure[0] = e;
                }
            }
        }, name);
        t.setDaemon(true);
        t.setPriority(Thread.MAX_PRIORITY);
        return t;
    }

    private static void rethrow(Throwable[] failure) {
        synchronized (failure) {
            if (failure[0] != null) {
                throw new IllegalStateException("a loop failed: " + failure[0], failure[0]);
            }
        }
    }
}
