package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.cell.ClockKind;
import org.robocell.manager.DeadlineSchedule;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.realtime.RealTime;

/**
 * The threads of one robot loop: the loop thread (internal clock: absolute deadlines with an idle strategy;
 * hardware clock: no sleep, a driver's blocking read paces the loop) and the service thread that completes
 * switches and handles hardware failures off the loop. The loop thread applies the configured real-time settings
 * (SCHED_FIFO priority, CPU affinity, mlockall) to itself before its first cycle; one that cannot be applied is
 * logged once and the loop runs without it.
 * <p>
 * A robot whose configuration names a {@link LoopConfig#loopGroup() loop group} has no loop thread of its own: its
 * cycles run on the group's thread ({@link LoopGroups}); one that cannot share is told why, once, and gets its own.
 */
public final class LoopRunner {

    private final ControllerManagerImpl manager;
    private final ControlLoop cycle;
    private final ClockKind clock;
    private final IdleStrategy idle;
    private final long period;
    private final String robot;
    private final LoopConfig config;
    private final LoopGroups groups;
    private volatile String realTimeReport;
    private LoopGroups.Placement placement;
    private volatile boolean running;
    private Thread loopThread;
    private Thread serviceThread;

    public LoopRunner(ControllerManagerImpl manager, LoopConfig config) {
        this(manager, config, LoopGroups.process());
    }

    LoopRunner(ControllerManagerImpl manager, LoopConfig config, LoopGroups groups) {
        this.manager = manager;
        this.groups = groups;
        this.cycle = manager.loop();
        this.config = config;
        this.robot = config.robot();
        this.clock = config.clock();
        this.idle = config.idle();
        this.period = cycle.periodNanos();
    }

    /** What the loop thread made of the real-time settings at its last start; null before it started. */
    public String realTimeReport() {
        LoopGroups.Placement p = placement;
        return p != null && p.group() != null ? p.group().realTimeReport() : realTimeReport;
    }

    /** The loop group this robot's cycles run in, or empty when it has a loop thread of its own. */
    public String loopGroup() {
        LoopGroups.Placement p = placement;
        return p != null && p.group() != null ? p.group().name() : "";
    }

    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        serviceThread = new Thread(this::service, "robocell-" + robot + "-service");
        serviceThread.setDaemon(true);
        cycle.setWakeService(() -> LockSupport.unpark(serviceThread));
        serviceThread.start();
        if (!config.loopGroup().isEmpty()) {
            placement = groups.join(config, cycle, this::applyRealTime);
            if (placement.group() != null) {
                manager.setLoopGroup(placement.group().name());
                manager.setRunning(true);
                System.getLogger("org.robocell.manager").log(System.Logger.Level.INFO, "robot " + robot
                        + ": cycles on the thread of loop group " + placement.group().name());
                return;
            }
            System.getLogger("org.robocell.manager").log(System.Logger.Level.WARNING, placement.message());
        }
        loopThread = new Thread(this::loop, "robocell-" + robot + "-loop");
        loopThread.setDaemon(true);
        loopThread.setPriority(Thread.MAX_PRIORITY);
        loopThread.setUncaughtExceptionHandler((t, e) -> System.getLogger("org.robocell.manager")
                .log(System.Logger.Level.ERROR, "robot " + robot + ": the loop thread died", e));
        manager.setRunning(true);
        loopThread.start();
    }

    /** Stops the loop thread (waiting up to {@code boundMillis} for it), then the service thread. */
    public synchronized boolean stop(long boundMillis) {
        if (!running) {
            return true;
        }
        running = false;
        boolean stopped;
        if (placement != null && placement.group() != null) {
            stopped = groups.leave(placement, boundMillis);
            placement = null;
            manager.setLoopGroup("");
        } else {
            stopped = join(loopThread, boundMillis);
        }
        manager.setRunning(false);
        LockSupport.unpark(serviceThread);
        join(serviceThread, boundMillis);
        cycle.setWakeService(() -> { });
        manager.drain();
        return stopped;
    }

    private static boolean join(Thread t, long boundMillis) {
        try {
            t.join(boundMillis);
            if (t.isAlive()) {
                t.interrupt();
                t.join(boundMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }

    public boolean isRunning() {
        return running;
    }

    private void loop() {
        realTimeReport = applyRealTime();
        DeadlineSchedule schedule = new DeadlineSchedule(period);
        schedule.start(System.nanoTime());
        while (running) {
            long now;
            long late;
            if (clock == ClockKind.HARDWARE) {
                // the robot's packet starts the cycle: the blocking read is timed as the wait, not as lateness
                now = System.nanoTime();
                late = 0;
            } else {
                now = idle.idleUntil(schedule.next());
                late = now - schedule.next();
            }
            cycle.runCycle(now, late);
            if (clock == ClockKind.HARDWARE && cycle.hardwarePaced) {
                // the robot's packet set this cycle's pace: a cycle it does not pace (its driver stopping, not
                // connected yet, or unconfigured after a reflex) comes a period after this one began. Counted a
                // period per packet instead, the deadline ran seconds ahead of the clock when packets came faster
                // than the rate, and the loop that lost its pace slept until it, deaf to the stop.
                schedule.start(now + period);
            } else {
                schedule.advance(System.nanoTime());
                if (clock == ClockKind.HARDWARE) {
                    // nothing waited for the robot in read: do not spin, keep the rate
                    idle.idleUntil(schedule.next());
                }
            }
        }
    }

    /**
     * Applies the real-time settings to the calling (loop) thread, each on its own, and logs the outcome once: INFO
     * when all were applied, WARNING naming each refused one and why. Never throws.
     */
    private String applyRealTime() {
        if (!config.realTime()) {
            return "default scheduling";
        }
        List<String> applied = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        if (config.lockMemory()) {
            attempt("mlockall", RealTime::lockMemory, applied, refused);
        }
        if (!config.cpuAffinity().isEmpty()) {
            BitSet cpus = new BitSet();
            config.cpuAffinity().forEach(cpus::set);
            attempt("CPU affinity " + cpus, () -> RealTime.setAffinity(cpus), applied, refused);
        }
        if (config.threadPriority() > 0) {
            attempt("SCHED_FIFO " + config.threadPriority(), () -> RealTime.setFifo(config.threadPriority()), applied,
                    refused);
        }
        String tid;
        try {
            tid = " (tid " + RealTime.tid() + ")";
        } catch (RuntimeException | LinkageError e) {
            tid = "";
        }
        StringBuilder report = new StringBuilder("robot ").append(robot)
                .append(config.loopGroup().isEmpty() ? "" : " (first of loop group " + config.loopGroup() + ")")
                .append(": loop thread ")
                .append(Thread.currentThread().getName()).append(tid);
        if (refused.isEmpty()) {
            report.append(" runs with ").append(String.join(", ", applied));
        } else {
            report.append(" runs without ").append(String.join("; ", refused));
            if (!applied.isEmpty()) {
                report.append("; applied: ").append(String.join(", ", applied));
            }
        }
        String text = report.toString();
        System.getLogger("org.robocell.manager").log(
                refused.isEmpty() ? System.Logger.Level.INFO : System.Logger.Level.WARNING, text);
        return text;
    }

    private static void attempt(String what, java.util.function.Supplier<String> setting, List<String> applied,
            List<String> refused) {
        try {
            applied.add(setting.get());
        } catch (RuntimeException | LinkageError e) {
            refused.add(what + ": " + e.getMessage());
        }
    }

    private void service() {
        while (running) {
            try {
                manager.drain();
            } catch (RuntimeException e) {
                System.getLogger("org.robocell.manager").log(System.Logger.Level.ERROR,
                        "robot " + robot + ": service task failed", e);
            }
            if (!running) {
                break;
            }
            LockSupport.parkNanos(10_000_000L);
        }
    }
}
