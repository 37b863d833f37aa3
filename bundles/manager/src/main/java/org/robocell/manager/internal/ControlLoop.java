package org.robocell.manager.internal;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.resources.internal.LapTimer;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.RateRule;
import org.robocell.resources.internal.ResourceManager;

/**
 * One control cycle of one robot, whoever owns the clock:
 *
 * <pre>
 * adopt the pending plan → read INACTIVE/ACTIVE components (after a component's activation, restart the
 * controllers commanding it) → commit the plan's switch → update ACTIVE controllers in chain order at their rates, each
 * timed against its execution budget → deactivate failed controllers with their chain group, activate their
 * fallbacks → enforce command limits → write ACTIVE components → record statistics
 * </pre>
 *
 * The loop thread owns the adopted {@link CyclePlan}; everything else builds plans off the loop and hands them over
 * through one {@link AtomicReference}. The cycle allocates nothing, takes no lock, logs nothing and catches every
 * throwable from controllers and drivers (counted, kept for the manager to report). Events the manager must handle
 * off the loop (a committed switch, a hardware failure) are flagged and the manager's service thread is woken.
 * <p>
 * This class owns the hand-over and the cycle's order; the steps it calls on the loop thread are {@link CommitApplier}
 * (the plan's switch), {@link FailureContainment} (failed controllers and components) and {@link ControllerActivation}
 * (controllers restarted after their component's activation).
 */
final class ControlLoop {

    private final int rate;
    private final long periodNanos;
    private final InterfaceSlots slots;
    /** One clock read per timed call: each update's and read's or write's lap is its execution time. */
    private final LapTimer lapTimer;
    private final LoopStatistics stats;
    private final ControllerActivation activation;
    private final FailureContainment failures;
    private final CommitApplier commits;
    private final AtomicReference<CyclePlan> pending = new AtomicReference<>();
    private volatile Runnable wakeService = () -> { };

    private CyclePlan plan = CyclePlan.empty();
    /** Even between cycles, odd inside one: lets off-loop code wait for a cycle boundary without a lock. */
    private volatile long seq;
    private boolean started;
    private long startNanos;
    private long previousStart;
    /** Something happened in this cycle that the service side must handle. Loop thread only. */
    private boolean eventsPending;
    /**
     * Whether the last cycle read a component whose read waits for the robot (a hardware clock then needs no sleep);
     * a read that answers at once (a mock sensor beside a disconnected robot) paces nothing. Loop thread only.
     */
    boolean hardwarePaced;
    private volatile boolean serviceEvents;

    ControlLoop(String robot, int rate, ResourceManager resources, LoopStatistics stats) {
        this.rate = rate;
        this.periodNanos = 1_000_000_000L / rate;
        this.slots = resources.slots();
        this.lapTimer = resources.lapTimer();
        this.stats = stats;
        this.activation = new ControllerActivation(slots, stats);
        this.failures = new FailureContainment(activation, stats);
        this.commits = new CommitApplier(activation, failures, stats);
    }

    long periodNanos() {
        return periodNanos;
    }

    LoopStatistics stats() {
        return stats;
    }

    void setWakeService(Runnable wake) {
        this.wakeService = wake;
    }

    /** Whether the loop flagged something for the service side since the last call; clears the flag. */
    boolean takeServiceEvents() {
        if (!serviceEvents) {
            return false;
        }
        serviceEvents = false;
        return true;
    }

    /** Off the loop: hands a new plan over; a commit still waiting in the previous one is carried along. */
    void handOver(CyclePlan next) {
        while (true) {
            CyclePlan prev = pending.get();
            CyclePlan merged = next;
            if (next.commit == null && prev != null && prev.commit != null) {
                merged = next.withCommit(prev.commit);
            }
            if (pending.compareAndSet(prev, merged)) {
                return;
            }
        }
    }

    /** Off the loop: takes a commit back if the loop has not adopted it yet. */
    boolean withdraw(Commit c) {
        while (true) {
            CyclePlan prev = pending.get();
            if (prev == null || prev.commit != c || c.taken) {
                return false;
            }
            if (pending.compareAndSet(prev, prev.withCommit(null))) {
                return true;
            }
        }
    }

    /**
     * Off the loop: waits until the loop is between cycles or has finished the cycle it was in. Anything made
     * invisible to the loop before this call (a detached component) is then no longer touched by it.
     *
     * @return false when the loop did not reach a boundary within the bound
     */
    boolean awaitBoundary(long boundNanos) {
        long s = seq;
        if ((s & 1) == 0) {
            return true;
        }
        long deadline = System.nanoTime() + boundNanos;
        while (seq == s) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(20_000);
        }
        return true;
    }

    long cycles() {
        return stats.cycles;
    }

    /**
     * Runs one cycle. Real time: no allocation, no lock.
     *
     * @param nowNanos      the cycle's start on the loop's monotonic (or virtual) time line
     * @param latenessNanos how late the clock woke after its deadline
     */
    void runCycle(long nowNanos, long latenessNanos) {
        seq++;
        long t0 = lapTimer.mark();
        long waitNanos = 0;
        if (!started) {
            started = true;
            startNanos = nowNanos;
            previousStart = nowNanos - periodNanos;
        }
        double time = (nowNanos - startNanos) * 1e-9;
        try {
            // the new plan's structure first, so that a component added or activated since is read this cycle;
            // its switch after the reads, as ros2_control does: controllers activated at this boundary start from
            // the state measured in this cycle
            CyclePlan next = pending.getAndSet(null);
            if (next != null) {
                plan = next;
            }
            CyclePlan p = plan;
            ManagedHardware[] hw = p.hardware;
            boolean paced = false;
            for (int i = 0; i < hw.length; i++) {
                boolean paces = hw[i].readPacesLoop();
                paced |= paces && hw[i].loopAccess();
                if (paces) {
                    lapTimer.mark(); // the lap of a read that waits for the robot is the wait
                }
                ReturnType read = hw[i].read(nowNanos, time);
                if (paces) {
                    waitNanos += lapTimer.lap();
                }
                if (read != ReturnType.OK) {
                    failures.hardwareFailed(p, hw[i], false);
                    eventsPending = true;
                    lapTimer.mark();
                } else if (hw[i].takeActivation() && activation.restartCommanders(p, hw[i])) {
                    eventsPending = true;
                    lapTimer.mark(); // nor the restarts the next call's
                }
            }
            hardwarePaced = paced;
            if (next != null && next.commit != null) {
                commits.apply(next);
                eventsPending = true;
                lapTimer.mark(); // the controllers' activations are not the first update's time
            }
            ManagedController[] order = p.order;
            boolean failed = false;
            for (int i = 0; i < order.length; i++) {
                ManagedController mc = order[i];
                if (mc.code() != ManagedController.ACTIVE) {
                    continue;
                }
                double period;
                if (mc.firstUpdate) {
                    mc.firstUpdate = false;
                    period = 1.0 / mc.rate;
                } else {
                    long since = nowNanos - mc.lastUpdateNanos;
                    if (mc.rate < rate && !RateRule.due(mc.rate, since, periodNanos)) {
                        continue;
                    }
                    period = since * 1e-9;
                }
                mc.lastUpdateNanos = nowNanos;
                mc.updates++;
                if (update(mc, time, period) != ReturnType.OK) {
                    if (mc.lastThrowable == null) {
                        mc.lastError = ManagedController.UPDATE_ANSWERED_ERROR;
                    }
                    mc.errors++;
                    stats.controllerErrors++;
                    stats.error(mc, mc.lastThrowable);
                    mc.failedThisCycle = true;
                    failed = true;
                }
            }
            if (failed) {
                failures.controllersFailed(p);
                eventsPending = true;
                lapTimer.mark();
            }
            for (int i = 0; i < hw.length; i++) {
                hw[i].enforceLimits(slots);
            }
            for (int i = 0; i < hw.length; i++) {
                ReturnType r = hw[i].write(nowNanos, time);
                if (r != ReturnType.OK) {
                    failures.hardwareFailed(p, hw[i], r == ReturnType.DEACTIVATE);
                    eventsPending = true;
                }
            }
        } catch (Throwable t) {
            stats.loopErrors++;
            stats.error(null, t);
        }
        long t1 = System.nanoTime();
        stats.record(nowNanos - previousStart, t1 - t0 - waitNanos, latenessNanos, waitNanos);
        previousStart = nowNanos;
        seq++;
        if (eventsPending) {
            eventsPending = false;
            serviceEvents = true;
            wakeService.run();
        }
    }

    private ReturnType update(ManagedController mc, double time, double period) {
        ReturnType r = call(mc, time, period);
        boolean overBudget = false;
        if (r == ReturnType.OK) {
            overBudget = mc.budget.record(lapTimer.lap());
            lapTimer.mark(); // recording this update's time is not the next update's time
        }
        if (overBudget) {
            mc.fault = Fault.BUDGET_OVERRUN;
            mc.overBudget = true;
            return ReturnType.ERROR;
        }
        if (r != ReturnType.OK && mc.lastThrowable == null) {
            mc.fault = ControllerCalls.ownFault(mc, Fault.REALTIME_ERROR);
        }
        return r;
    }

    private static ReturnType call(ManagedController mc, double time, double period) {
        try {
            ReturnType r;
            if (mc.chainable != null) {
                r = ReturnType.OK;
                if (!mc.chained) {
                    r = mc.chainable.updateReferenceFromInputs(time, period);
                }
                if (r == ReturnType.OK) {
                    r = mc.chainable.updateAndWriteCommands(time, period);
                }
            } else {
                r = mc.controller.update(time, period);
            }
            return r == null ? ReturnType.ERROR : r;
        } catch (Throwable t) {
            mc.lastThrowable = t;
            mc.fault = Fault.EXCEPTION;
            return ReturnType.ERROR;
        }
    }
}
