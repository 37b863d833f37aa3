package org.robocell.manager.internal;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.resources.internal.InterfaceEntry;
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
 */
final class ControlLoop {

    private final int rate;
    private final long periodNanos;
    private final InterfaceSlots slots;
    private final LoopStatistics stats;
    private final AtomicReference<CyclePlan> pending = new AtomicReference<>();
    private volatile Runnable wakeService = () -> { };

    private CyclePlan plan = CyclePlan.empty();
    /** Even between cycles, odd inside one: lets off-loop code wait for a cycle boundary without a lock. */
    private volatile long seq;
    private boolean started;
    private long startNanos;
    private long previousStart;
    private boolean eventsPending;
    /** Whether the last cycle read a component (a hardware clock then needs no sleep). Loop thread only. */
    boolean hardwarePaced;
    private volatile boolean serviceEvents;

    ControlLoop(String robot, int rate, ResourceManager resources, LoopStatistics stats) {
        this.rate = rate;
        this.periodNanos = 1_000_000_000L / rate;
        this.slots = resources.slots();
        this.stats = stats;
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

    // ------------------------------------------------------------------------------------------------ hand-over

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

    // ------------------------------------------------------------------------------------------------ the cycle

    /**
     * Runs one cycle. Real time: no allocation, no lock.
     *
     * @param nowNanos      the cycle's start on the loop's monotonic (or virtual) time line
     * @param latenessNanos how late the clock woke after its deadline
     */
    void runCycle(long nowNanos, long latenessNanos) {
        seq++;
        long t0 = System.nanoTime();
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
            boolean readable = false;
            for (int i = 0; i < hw.length; i++) {
                readable |= hw[i].loopAccess();
                boolean paces = hw[i].readPacesLoop();
                long before = paces ? System.nanoTime() : 0;
                ReturnType read = hw[i].read(nowNanos, time);
                if (paces) {
                    waitNanos += System.nanoTime() - before;
                }
                if (read != ReturnType.OK) {
                    hardwareFailed(p, hw[i], false);
                } else if (hw[i].takeActivation()) {
                    restartCommanders(p, hw[i]);
                }
            }
            hardwarePaced = readable;
            if (next != null && next.commit != null) {
                commit(next);
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
                controllersFailed(p);
            }
            for (int i = 0; i < hw.length; i++) {
                hw[i].enforceLimits(slots);
            }
            for (int i = 0; i < hw.length; i++) {
                ReturnType r = hw[i].write(nowNanos, time);
                if (r != ReturnType.OK) {
                    hardwareFailed(p, hw[i], r == ReturnType.DEACTIVATE);
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
        long start = System.nanoTime();
        ReturnType r = call(mc, time, period);
        if (r == ReturnType.OK && mc.budget.record(System.nanoTime() - start)) {
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

    // ------------------------------------------------------------------------------------------------ commits

    /** At the boundary, after the reads: the switch (or forced deactivation) the adopted plan carries. */
    private void commit(CyclePlan next) {
        Commit c = next.commit;
        c.taken = true;
        c.cycle = stats.cycles;
        if (c.forced) {
            forced(next, c);
        } else {
            commitSwitch(c);
        }
        stats.switches++;
        c.done = true;
        eventsPending = true;
    }

    private void commitSwitch(Commit c) {
        ManagedController[] deactivate = c.deactivate;
        ManagedController[] activate = c.activate;
        for (int i = 0; i < deactivate.length; i++) {
            if (deactivate[i].code() != ManagedController.ACTIVE) {
                c.outcome = Commit.STALE;
                return;
            }
        }
        for (int i = 0; i < activate.length; i++) {
            int code = activate[i].code();
            if (code != ManagedController.INACTIVE && !(code == ManagedController.ACTIVE && contains(deactivate, activate[i]))) {
                c.outcome = Commit.STALE;
                return;
            }
        }
        int failedComponent = c.modeSwitch.perform();
        if (failedComponent >= 0) {
            c.modeFailedIndex = failedComponent;
            c.outcome = Commit.MODE_SWITCH_FAILED;
            return;
        }
        for (int i = 0; i < deactivate.length; i++) {
            c.previouslyChained[i] = deactivate[i].chained;
        }
        for (int i = 0; i < deactivate.length; i++) {
            deactivate(deactivate[i], false);
            c.deactivated[i] = true;
        }
        boolean failed = false;
        for (int i = 0; i < activate.length; i++) {
            ManagedController mc = activate[i];
            if (mc.chainable != null && mc.chained != c.chainedAfter[i] && !setChained(mc, c.chainedAfter[i])) {
                c.activationCode[i] = Commit.ACT_CHAINED_MODE_REFUSED;
                failed = true;
            } else {
                int code = activate(mc, c.activateWith[i]);
                c.activationCode[i] = code;
                if (code == Commit.ACT_CONFLICT) {
                    c.conflictInterface[i] = lastConflict;
                }
                failed |= code != Commit.ACT_OK;
            }
            if (failed && c.strict) {
                break;
            }
        }
        if (!failed) {
            c.outcome = Commit.OK;
            return;
        }
        if (!c.strict) {
            c.outcome = Commit.PARTIAL;
            return;
        }
        // STRICT: roll back completely
        for (int i = activate.length - 1; i >= 0; i--) {
            if (c.activationCode[i] == Commit.ACT_OK) {
                deactivate(activate[i], false);
            }
        }
        for (int i = deactivate.length - 1; i >= 0; i--) {
            ManagedController mc = deactivate[i];
            boolean wasChained = c.previouslyChained[i];
            if (mc.chainable != null && mc.chained != wasChained) {
                setChained(mc, wasChained);
            }
            Prepared loans = mc.active;
            if (loans != null) {
                activate(mc, loans);
            }
            c.deactivated[i] = mc.code() != ManagedController.ACTIVE;
        }
        c.modeSwitch.performReverse();
        c.outcome = Commit.ROLLED_BACK;
    }

    private void forced(CyclePlan p, Commit c) {
        ManagedController[] list = c.deactivate;
        for (int i = 0; i < list.length; i++) {
            ManagedController mc = list[i];
            if (mc.code() != ManagedController.ACTIVE) {
                continue;
            }
            if (c.withFallbacks) {
                mc.failedThisCycle = true;
            } else {
                deactivate(mc, true);
            }
        }
        if (c.withFallbacks) {
            controllersFailed(p);
        }
        for (int i = 0; i < list.length; i++) {
            c.deactivated[i] = list[i].code() != ManagedController.ACTIVE;
        }
        c.outcome = Commit.OK;
    }

    private static boolean contains(ManagedController[] array, ManagedController mc) {
        for (int i = 0; i < array.length; i++) {
            if (array[i] == mc) {
                return true;
            }
        }
        return false;
    }

    private String lastConflict;

    /** Claims, then onActivate. Real time (the controller's onActivate is its own business). */
    private int activate(ManagedController mc, Prepared prep) {
        if (prep == null || prep.missingCommand != null) {
            lastConflict = prep == null ? null : prep.missingCommand;
            return Commit.ACT_CONFLICT;
        }
        if (!mc.cas(ManagedController.INACTIVE, ManagedController.ACTIVE)) {
            return Commit.ACT_NOT_INACTIVE;
        }
        InterfaceEntry[] cmds = prep.commands;
        for (int k = 0; k < cmds.length; k++) {
            InterfaceEntry e = cmds[k];
            if (!e.isAvailable() || !e.tryClaim(mc.name)) {
                for (int j = 0; j < k; j++) {
                    cmds[j].release(mc.name);
                }
                mc.set(ManagedController.INACTIVE);
                lastConflict = e.name();
                return Commit.ACT_CONFLICT;
            }
        }
        startFromMeasuredState(prep);
        CallbackReturn r;
        try {
            r = mc.controller.onActivate(prep.loans);
        } catch (Throwable t) {
            mc.lastThrowable = t;
            r = null;
        }
        if (r != CallbackReturn.SUCCESS) {
            for (int j = 0; j < cmds.length; j++) {
                cmds[j].release(mc.name);
            }
            mc.set(ManagedController.INACTIVE);
            return r == CallbackReturn.FAILURE ? Commit.ACT_FAILURE
                    : r == CallbackReturn.ERROR ? Commit.ACT_ERROR : Commit.ACT_THREW;
        }
        mc.active = prep;
        ResourceManager.setAvailable(mc.ownEntries, true);
        mc.firstUpdate = true;
        mc.failedThisCycle = false;
        mc.budget.restart();
        return Commit.ACT_OK;
    }

    /**
     * Real time: the commands a controller is about to own start where the robot is (position = measured position,
     * velocity and acceleration = 0, others as they are), and the joint limits start from there too, so the
     * controller's first command moves the joints at most one limited step, whatever an earlier session left behind.
     */
    private void startFromMeasuredState(Prepared prep) {
        for (int k = 0; k < prep.commands.length; k++) {
            ManagedHardware owner = prep.commandOwners[k];
            if (owner != null) {
                owner.hold(slots, prep.commands[k]);
                owner.commandClaimed(prep.commands[k]);
            }
        }
    }

    /**
     * Real time, after the first read of a component that was just activated: every active controller commanding it
     * (and every controller chained before those) is restarted (onDeactivate, then onActivate with the same loans),
     * so that it starts from the state just measured instead of what it held before the hardware came up. A
     * controller that cannot start again is deactivated with its commands holding.
     */
    private void restartCommanders(CyclePlan p, ManagedHardware hw) {
        ManagedController[] order = p.order;
        String owner = hw.name();
        boolean any = false;
        for (int j = 0; j < order.length; j++) {
            ManagedController mc = order[j];
            Prepared a = mc.active;
            if (mc.isActive() && a != null && a.uses(owner, true)) {
                mc.mark = true;
                any = true;
            }
        }
        if (!any) {
            return;
        }
        markDependents(order);
        for (int j = 0; j < order.length; j++) {
            if (order[j].mark) {
                try {
                    order[j].controller.onDeactivate(LifecycleState.ACTIVE);
                } catch (Throwable t) {
                    order[j].lastThrowable = t;
                }
            }
        }
        for (int j = order.length - 1; j >= 0; j--) {
            ManagedController mc = order[j];
            if (!mc.mark) {
                continue;
            }
            mc.mark = false;
            Prepared loans = mc.active;
            startFromMeasuredState(loans);
            CallbackReturn r;
            try {
                r = mc.controller.onActivate(loans.loans);
            } catch (Throwable t) {
                mc.lastThrowable = t;
                r = null;
            }
            mc.firstUpdate = true;
            mc.budget.restart();
            if (r != CallbackReturn.SUCCESS) {
                mc.fault = r == null ? Fault.EXCEPTION : ControllerCalls.ownFault(mc, Fault.CALLBACK_FAILURE);
                mc.errors++;
                stats.controllerErrors++;
                deactivate(mc, true);
            }
        }
        eventsPending = true;
    }

    /** onDeactivate, release claims (optionally leaving the hardware commands holding), unchain. Real time. */
    private void deactivate(ManagedController mc, boolean hold) {
        if (mc.code() != ManagedController.ACTIVE) {
            return;
        }
        try {
            mc.controller.onDeactivate(LifecycleState.ACTIVE);
        } catch (Throwable t) {
            mc.lastThrowable = t;
        }
        Prepared p = mc.active;
        if (p != null) {
            for (int k = 0; k < p.commands.length; k++) {
                if (hold && p.commandOwners[k] != null) {
                    p.commandOwners[k].hold(slots, p.commands[k]);
                }
                p.commands[k].release(mc.name);
            }
        }
        ResourceManager.setAvailable(mc.ownEntries, false);
        if (mc.chainable != null && mc.chained) {
            setChained(mc, false);
        }
        mc.set(ManagedController.INACTIVE);
    }

    private static boolean setChained(ManagedController mc, boolean chained) {
        boolean ok;
        try {
            ok = mc.chainable.onSetChainedMode(chained);
        } catch (Throwable t) {
            mc.lastThrowable = t;
            ok = false;
        }
        if (ok) {
            mc.chained = chained;
        }
        return ok;
    }

    // ------------------------------------------------------------------------------------------------ failures

    /**
     * Controllers whose update failed (or that are forced out): each one's whole chain group is deactivated with
     * its command interfaces holding, then its fallbacks are activated (all or none).
     */
    private void controllersFailed(CyclePlan p) {
        ManagedController[] order = p.order;
        for (int i = 0; i < order.length; i++) {
            ManagedController mc = order[i];
            if (!mc.failedThisCycle) {
                continue;
            }
            mc.failedThisCycle = false;
            deactivateGroup(p, i);
            ManagedController[] fallbacks = p.fallbacks[i];
            if (fallbacks.length > 0) {
                activateFallbacks(p, fallbacks, p.fallbackChained[i]);
            }
        }
        eventsPending = true;
    }

    private void deactivateGroup(CyclePlan p, int index) {
        int g = p.group[index];
        ManagedController[] order = p.order;
        for (int j = 0; j < order.length; j++) {
            if (p.group[j] == g) {
                deactivate(order[j], true);
            }
        }
    }

    private void activateFallbacks(CyclePlan p, ManagedController[] fallbacks, boolean[] chainedModes) {
        // first free what the fallbacks need from controllers that hold it
        for (int k = 0; k < fallbacks.length; k++) {
            Prepared prep = fallbacks[k].prepared;
            if (prep == null || fallbacks[k].isActive()) {
                continue;
            }
            for (int e = 0; e < prep.commands.length; e++) {
                String holder = prep.commands[e].claimedBy();
                if (holder == null) {
                    continue;
                }
                int h = indexOf(p, holder);
                if (h >= 0 && !contains(fallbacks, p.order[h])) {
                    deactivateGroup(p, h);
                }
            }
        }
        boolean failed = false;
        for (int k = 0; k < fallbacks.length; k++) {
            ManagedController fb = fallbacks[k];
            fb.mark = false;
            if (fb.isActive()) {
                continue;
            }
            if (fb.chainable != null && fb.chained != chainedModes[k] && !setChained(fb, chainedModes[k])) {
                failed = true;
                break;
            }
            if (activate(fb, fb.prepared) != Commit.ACT_OK) {
                failed = true;
                break;
            }
            fb.mark = true;
        }
        for (int k = 0; k < fallbacks.length; k++) {
            if (failed && fallbacks[k].mark) {
                deactivate(fallbacks[k], true);
            }
            fallbacks[k].mark = false;
        }
        if (failed) {
            stats.controllerErrors++;
        }
    }

    private static int indexOf(CyclePlan p, String name) {
        ManagedController[] order = p.order;
        // the holder of a claim is active (during a reload an inactive namesake may be in the plan too)
        for (int j = 0; j < order.length; j++) {
            if ((order[j].name == name || order[j].name.equals(name)) && order[j].isActive()) {
                return j;
            }
        }
        return -1;
    }

    /**
     * A component failed in read or write: every ACTIVE controller using its interfaces (only its command interfaces
     * for DEACTIVATE), and every controller depending on those through a chain, is deactivated now, before the next
     * updates. The component itself is handled off the loop (error handling or deactivation).
     */
    private void hardwareFailed(CyclePlan p, ManagedHardware hw, boolean commandsOnly) {
        stats.hardwareErrors++;
        stats.error(hw, null);
        ManagedController[] order = p.order;
        String owner = hw.name();
        boolean any = false;
        for (int j = 0; j < order.length; j++) {
            ManagedController mc = order[j];
            Prepared a = mc.active;
            if (mc.isActive() && a != null && a.uses(owner, commandsOnly)) {
                mc.mark = true;
                any = true;
            }
        }
        if (any) {
            markDependents(order);
            for (int j = 0; j < order.length; j++) {
                if (order[j].mark) {
                    order[j].mark = false;
                    deactivate(order[j], true);
                }
            }
        }
        eventsPending = true;
    }

    /** Marks every ACTIVE controller that uses an interface exported by a marked controller, transitively. */
    static void markDependents(ManagedController[] order) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int j = 0; j < order.length; j++) {
                ManagedController x = order[j];
                Prepared a = x.active;
                if (x.mark || !x.isActive() || a == null) {
                    continue;
                }
                for (int k = 0; k < order.length; k++) {
                    if (order[k].mark && a.uses(order[k].name, false)) {
                        x.mark = true;
                        changed = true;
                        break;
                    }
                }
            }
        }
    }
}
