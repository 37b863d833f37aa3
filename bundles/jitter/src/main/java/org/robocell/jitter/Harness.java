package org.robocell.jitter;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.manager.RobotLoop;
import org.robocell.manager.realtime.RealTime;

/**
 * Runs the RoboCell loop and the bare reference loop <b>concurrently</b>, each on its own thread, for the same
 * wall-clock window, so that whatever the machine does during the run (other processes, the other core's load,
 * GC safepoints, the storms) hits both alike; the bare loop's deadlines are half a period after the RoboCell
 * loop's so the two do not compete for the same instant. Both run {@link PeriodicLoop} with the same idle strategy:
 * <ul>
 * <li>RoboCell: one real cycle of the controller manager per deadline ({@link RobotLoop#cycleOnly()}: adopt a
 * pending switch, read the mock hardware, update the controllers in chain order, enforce limits, write, record the
 * manager's own statistics); the service work (completing switches) runs on a service thread every 10 ms, as the
 * manager's loop runner does. Controllers: the joint state broadcaster, a joint trajectory controller executing a
 * long spline trajectory on the first half of the joints, a forward position controller on the other half.</li>
 * <li>bare: reads the robot's state values from a double array and writes one command per joint. No framework.</li>
 * </ul>
 * Optional load on other threads: a hot-swap storm (switches between two forward controllers on the same joints,
 * through {@link ControllerManager#switchControllers}), a shell storm (controller:list + controller:info: the
 * caller's {@code shellCall}, e.g. through Gogo's CommandProcessor, or {@link #introspect} on the manager), and an
 * allocation storm.
 */
public final class Harness {

    private static final String RC = "robocell";
    private static final String BARE = "bare";
    private static final String CONTROL = "control";

    private Harness() {
    }

    /**
     * Runs the harness on {@code cell} (fresh: no controller active) and returns the report.
     *
     * @param shellCall one controller:list + controller:info pair of the shell storm (null: {@link #introspect})
     * @param progress  progress lines (null: none)
     */
    public static JitterReport run(JitterOptions o, BenchCell cell, Runnable shellCall, Consumer<String> progress)
            throws InterruptedException {
        Consumer<String> say = progress == null ? s -> { } : progress;
        List<String> notes = new ArrayList<>();
        String load0 = loadAverage();
        if (o.lockMemory()) {
            notes.add(RealTime.lockMemory());
        }
        RobotLoop loop = cell.loop();
        ControllerManager cm = cell.manager();
        long period = 1_000_000_000L / o.rate();
        // the RoboCell cell: broadcaster, trajectory on the first half of the joints, forward on the second half
        cell.activate("jsb", "jtc_part", "fwd_a_part");
        double total = o.warmupSeconds() + o.seconds();
        double spacing = Math.max(0.05, (total + 30) / 1000.0);
        GoalHandle goal = cell.sendLongTrajectory("jtc_part", 1000, spacing);

        int n = cell.joints().size();
        double[] state = new double[2 * n];
        double[] command = new double[n];
        for (int j = 0; j < n; j++) {
            state[j] = 0.1 * j;
        }
        double[] controlCommand = new double[n];
        PeriodicLoop rcLoop = new PeriodicLoop(period, o.idle(), o.control() ? now -> {
            for (int j = 0; j < n; j++) {
                controlCommand[j] = state[j] + 0.001 * state[n + j];
            }
        } : now -> loop.cycleOnly());
        PeriodicLoop bareLoop = new PeriodicLoop(period, o.idle(), now -> {
            for (int j = 0; j < n; j++) {
                command[j] = state[j] + 0.001 * state[n + j];
            }
        });

        long t0 = System.nanoTime() + 300_000_000L;
        long recordFrom = t0 + (long) (o.warmupSeconds() * 1e9);
        long end = recordFrom + (long) (o.seconds() * 1e9);
        CountDownLatch ready = new CountDownLatch(2);
        String[] threadInfo = new String[2];
        double[] allocated = { -1, -1 };
        Throwable[] failure = new Throwable[1];
        long rcFirst = o.bareFirst() ? t0 + period / 2 : t0;
        long bareFirst = o.bareFirst() ? t0 : t0 + period / 2;
        Thread rcThread = loopThread("robocell-jitter-loop", rcLoop, o.fifoPriority(), o.cpus(), rcFirst, recordFrom,
                end, ready, threadInfo, allocated, 0, failure);
        Thread bareThread = loopThread("robocell-jitter-bare", bareLoop, o.fifoPriority(), o.bareCpus(), bareFirst,
                recordFrom, end, ready, threadInfo, allocated, 1, failure);

        List<Thread> helpers = new ArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        helpers.add(daemon("robocell-jitter-service", () -> {
            while (!stop.get()) {
                loop.serviceNow();
                LockSupport.parkNanos(10_000_000L);
            }
        }));
        SwitchStorm switches = o.switchesPerSecond() > 0 ? new SwitchStorm(cell, o.switchesPerSecond(), o.rate()) : null;
        if (switches != null) {
            helpers.add(daemon("robocell-jitter-switch-storm", () -> switches.run(t0, end, stop)));
        }
        AtomicLong shellCalls = new AtomicLong();
        if (o.shellPerSecond() > 0) {
            Runnable call = shellCall != null ? shellCall : () -> introspect(cm);
            helpers.add(daemon("robocell-jitter-shell-storm", () -> paced(o.shellPerSecond(), t0, end, stop, () -> {
                call.run();
                shellCalls.incrementAndGet();
            })));
        }
        AtomicLong allocatedMb = new AtomicLong();
        if (o.allocMbPerSecond() > 0) {
            helpers.add(daemon("robocell-jitter-alloc-storm", () -> allocate(o.allocMbPerSecond(), t0, end, stop, allocatedMb)));
        }
        List<Long> gcBefore = gcCounts();
        say.accept(String.format(Locale.ROOT, "running %s; %.0f s in all", o.describe(), total + 0.3));
        rcThread.start();
        bareThread.start();
        for (Thread h : helpers) {
            h.start();
        }
        rcThread.join();
        bareThread.join();
        stop.set(true);
        for (Thread h : helpers) {
            h.join(TimeUnit.SECONDS.toMillis(30));
        }
        if (failure[0] != null) {
            throw new IllegalStateException("a loop thread failed: " + failure[0], failure[0]);
        }
        List<Long> gcAfter = gcCounts();

        List<String> load = new ArrayList<>();
        if (switches != null) {
            load.add(switches.describe(o.seconds() + o.warmupSeconds()));
        }
        if (o.shellPerSecond() > 0) {
            load.add(String.format(Locale.ROOT, "shell storm %d/s: %d controller:list + controller:info pairs%s",
                    o.shellPerSecond(), shellCalls.get(), shellCall != null ? " (Gogo CommandProcessor)" : " (ControllerManager calls)"));
        }
        if (o.allocMbPerSecond() > 0) {
            load.add(String.format(Locale.ROOT, "allocation storm %d MB/s: %d MB allocated", o.allocMbPerSecond(),
                    allocatedMb.get()));
        }
        String gcs = gcDelta(gcBefore, gcAfter);
        GoalStatus status = goal.status();
        if (o.control()) {
            notes.add("A/A control: the first loop ran the bare body, not the RoboCell cycle (the cell did not cycle during the run)");
        } else {
            notes.add("trajectory on " + cell.name("jtc_part") + " at the end: " + status
                    + (status == GoalStatus.EXECUTING ? " (it ran the whole time)" : ""));
        }
        notes.add("collections during the run: " + gcs);
        String machine = machine(load0);
        List<JitterReport.LoopResult> loops = List.of(
                result(o.control() ? CONTROL : RC, threadInfo[0], rcLoop, allocated[0]),
                result(BARE, threadInfo[1], bareLoop, allocated[1]));
        return new JitterReport(o, machine, loops, load, notes);
    }

    private static JitterReport.LoopResult result(String name, String thread, PeriodicLoop l, double allocated) {
        return new JitterReport.LoopResult(name, thread, l.cycles(), l.overruns(), l.rephases(),
                JitterReport.Percentiles.of(l.lateness()), JitterReport.Percentiles.of(l.execution()), allocated);
    }

    private static Thread loopThread(String name, PeriodicLoop loop, int fifo, BitSet cpus, long first, long recordFrom,
            long end, CountDownLatch ready, String[] info, double[] allocated, int index, Throwable[] failure) {
        Thread t = new Thread(() -> {
            try {
                try {
                    info[index] = RealTime.applyToCurrentThread(fifo, cpus);
                } catch (RuntimeException e) {
                    info[index] = "default scheduling: " + e.getMessage();
                }
                ThreadAllocation.bytes(); // first call initialises the counter's bean: not in the loop's count
                ready.countDown();
                loop.run(first, recordFrom, end);
                allocated[index] = loop.allocatedBytesPerCycle();
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, name);
        t.setDaemon(true);
        t.setPriority(Thread.MAX_PRIORITY);
        return t;
    }

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    /** Runs {@code op} {@code perSecond} times a second (absolute deadlines) from {@code start} until {@code end}. */
    static void paced(int perSecond, long start, long end, AtomicBoolean stop, Runnable op) {
        long interval = 1_000_000_000L / perSecond;
        long next = start;
        while (!stop.get()) {
            long now = System.nanoTime();
            if (now - end >= 0) {
                return;
            }
            if (next - now > 0) {
                LockSupport.parkNanos(next - now);
                continue;
            }
            op.run();
            next += interval;
            if (System.nanoTime() - next > 1_000_000_000L) {
                next = System.nanoTime(); // a second behind: do not burst
            }
        }
    }

    /** What controller:list and controller:info read, straight from the manager (the storm outside a runtime). */
    public static String introspect(ControllerManager cm) {
        StringBuilder s = new StringBuilder();
        List<ControllerSnapshot> all = cm.controllers();
        for (ControllerSnapshot c : all) {
            s.append(c.name()).append(' ').append(c.type()).append(' ').append(c.state()).append('\n');
        }
        if (!all.isEmpty()) {
            cm.controller(all.get(all.size() - 1).name()).ifPresent(c -> s.append(c).append('\n'));
        }
        return s.toString();
    }

    private static void allocate(int mbPerSecond, long start, long end, AtomicBoolean stop, AtomicLong mb) {
        Object[] ring = new Object[256];
        int chunk = 16 * 1024;
        long bytesPerMs = mbPerSecond * 1_000_000L / 1000;
        long[] total = { 0 };
        int[] slot = { 0 };
        paced(1000, start, end, stop, () -> {
            for (long b = 0; b < bytesPerMs; b += chunk) {
                ring[slot[0]] = new byte[chunk];
                slot[0] = (slot[0] + 1) & 255;
                total[0] += chunk;
            }
            mb.set(total[0] / 1_000_000L);
        });
    }

    /** Alternates {fwd_b_part on, fwd_a_part off} and back, N times a second; counts and measures the commits. */
    static final class SwitchStorm {
        private final BenchCell cell;
        private final int perSecond;
        private final int timeoutCycles;
        private final Histogram cycles = new Histogram(1_000_000, 2);
        private long ok;
        private long failed;
        private String lastFailure = "";

        SwitchStorm(BenchCell cell, int perSecond, int rate) {
            this.cell = cell;
            this.perSecond = perSecond;
            this.timeoutCycles = rate;
        }

        void run(long start, long end, AtomicBoolean stop) {
            ControllerManager cm = cell.manager();
            RobotLoop loop = cell.loop();
            List<String> a = List.of(cell.name("fwd_a_part"));
            List<String> b = List.of(cell.name("fwd_b_part"));
            boolean[] toB = { true };
            cm.load(b.get(0));
            cm.configure(b.get(0));
            paced(perSecond, start, end, stop, () -> {
                long requestedAt = loop.cycles();
                SwitchResult r = cm.switchControllersAndWait(toB[0] ? b : a, toB[0] ? a : b, Strictness.STRICT,
                        timeoutCycles);
                if (r.ok()) {
                    ok++;
                    cycles.recordValue(Math.max(0, r.cycle() - requestedAt + 1));
                    toB[0] = !toB[0];
                } else {
                    failed++;
                    lastFailure = r.message();
                }
            });
        }

        String describe(double seconds) {
            return String.format(Locale.ROOT,
                    "hot-swap storm %d/s: %d switches committed (%.0f/s), %d failed%s; request → commit in cycles:"
                            + " p50 %d, p99 %d, max %d",
                    perSecond, ok, ok / seconds, failed, failed > 0 ? " (" + lastFailure + ")" : "",
                    cycles.getValueAtPercentile(50), cycles.getValueAtPercentile(99), cycles.getMaxValue());
        }
    }

    private static List<Long> gcCounts() {
        List<Long> counts = new ArrayList<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            counts.add(gc.getCollectionCount());
        }
        return counts;
    }

    private static String gcDelta(List<Long> before, List<Long> after) {
        List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < gcs.size() && i < before.size() && i < after.size(); i++) {
            parts.add(gcs.get(i).getName() + " " + (after.get(i) - before.get(i)));
        }
        return String.join(", ", parts);
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }

    private static String machine(String load0) {
        StringBuilder gcs = new StringBuilder();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs.append(gcs.length() == 0 ? "" : " + ").append(gc.getName());
        }
        return String.format(Locale.ROOT, "nproc %d, Java %s (%s %s), GC %s, AlwaysPreTouch %s, load average %s at start, %s at end",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), gcs,
                ThreadAllocation.vmOption("AlwaysPreTouch"), load0, loadAverage());
    }
}
