package org.robocell.manager.internal;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.robocell.api.text.Suggestions;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.cell.ClockKind;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.ResourceException;

/**
 * Hardware components coming, going and changing lifecycle state while the loop runs. A transition first takes the
 * controllers that use the component out at a cycle boundary (commands holding), then detaches the component from
 * the loop, waits for the cycle boundary, and runs the callbacks off the loop. Failures the loop flagged (a read or
 * write that answered ERROR, the budget) are handled here too, on the service side.
 */
final class HardwareTransitions {

    private static final System.Logger LOG = System.getLogger("org.robocell.manager");
    private static final long BOUNDARY_NANOS = 5_000_000_000L;
    /** How long an activation waits for the loop's first read of the component: the robot's first packets. */
    private static final long FIRST_READ_NANOS = 2_000_000_000L;

    private final ManagerState state;
    private final CommitTracker commits;
    private final PlanBuilder plans;
    private final SwitchPlanner planner;

    HardwareTransitions(ManagerState state, CommitTracker commits, PlanBuilder plans, SwitchPlanner planner) {
        this.state = state;
        this.commits = commits;
        this.plans = plans;
        this.planner = planner;
    }

    /** Adds a hardware component (initialized, UNCONFIGURED or FINALIZED afterwards). */
    ManagedHardware add(HardwareInfo info, HardwareComponent component) {
        commits.lockSettled();
        try {
            ManagedHardware hw;
            try {
                hw = state.rm.addHardware(info, component);
            } catch (ResourceException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            hw.setReadPacesLoop(state.config.clock() == ClockKind.HARDWARE && readWaitsForRobot(component));
            hw.setBudget(state.config.executionBudgetNanos(), state.config.budgetOverruns());
            plans.rebuild();
            return hw;
        } finally {
            commits.unlock();
        }
    }

    /** What the driver says; one that cannot say is taken at the default, a read that waits for the robot. */
    private static boolean readWaitsForRobot(HardwareComponent component) {
        try {
            return component.readWaitsForRobot();
        } catch (RuntimeException e) {
            return true;
        }
    }

    /**
     * Removes a hardware component whose driver went away: controllers using it are deactivated at a cycle boundary
     * (their other command interfaces hold), the component is shut down off the loop and its slots freed.
     */
    CompletionStage<Result> remove(String name) {
        CompletionStage<HardwareStateResult> down = request(name, LifecycleState.FINALIZED);
        return down.thenApply(r -> {
            commits.lockSettled();
            try {
                ManagedHardware hw = state.rm.hardware(name);
                if (hw != null) {
                    hw.detachFromLoop();
                    state.loop.awaitBoundary(BOUNDARY_NANOS);
                    state.rm.removeHardware(name);
                    plans.rebuild();
                }
                return new Result(true, "removed hardware component '" + name + "' (" + r.message() + ")");
            } finally {
                commits.unlock();
            }
        });
    }

    CompletionStage<HardwareStateResult> request(String name, LifecycleState target) {
        commits.lockSettled();
        try {
            ManagedHardware hw = state.rm.hardware(name);
            if (hw == null) {
                List<String> names = state.rm.hardware().stream().map(ManagedHardware::name).toList();
                return answered(new HardwareStateResult(false, LifecycleState.UNKNOWN, "Hardware component '" + name
                        + "' does not exist" + Suggestions.didYouMean(name, names), Reason.UNKNOWN_NAME));
            }
            if (target == null || target == LifecycleState.UNKNOWN) {
                return answered(new HardwareStateResult(false, hw.state(), "'" + target
                        + "' is not a state a hardware component can be set to", Reason.INVALID_ARGUMENT));
            }
            if (state.hardwareInTransition.contains(name)) {
                return answered(new HardwareStateResult(false, hw.state(), "Hardware component '" + name
                        + "' is changing state already", Reason.BUSY));
            }
            LifecycleState from = hw.state();
            List<ManagedController> out = List.of();
            if (from != target && from != LifecycleState.FINALIZED && target != LifecycleState.ACTIVE) {
                out = state.activeUsersOf(hw.name(), target == LifecycleState.INACTIVE);
                out = new java.util.ArrayList<>(out);
                state.addDependents(out);
            }
            state.hardwareInTransition.add(name);
            if (out.isEmpty()) {
                return answered(transition(hw, target, List.of()));
            }
            Commit c = planner.forced(out, false);
            commits.submit(c);
            return c.future.thenApply(r -> {
                if (!r.ok()) {
                    commits.lockSettled();
                    try {
                        state.hardwareInTransition.remove(name);
                    } finally {
                        commits.unlock();
                    }
                    return new HardwareStateResult(false, hw.state(), "Could not deactivate the controllers using '"
                            + name + "': " + r.message(), r.reason());
                }
                return transition(hw, target, r.deactivated());
            });
        } finally {
            commits.unlock();
        }
    }

    private static CompletionStage<HardwareStateResult> answered(HardwareStateResult r) {
        return CompletableFuture.completedFuture(r);
    }

    private HardwareStateResult transition(ManagedHardware hw, LifecycleState target, List<String> deactivated) {
        state.opLock.lock();
        try {
            hw.detachFromLoop();
            if (!state.loop.awaitBoundary(BOUNDARY_NANOS)) {
                hw.attachToLoop();
                return new HardwareStateResult(false, hw.state(), "the loop did not reach a cycle boundary within 5 s",
                        Reason.TIMED_OUT);
            }
            HardwareStateResult r = state.rm.setComponentState(hw, target);
            hw.attachToLoop();
            plans.rebuild();
            if (r.ok() && target == LifecycleState.ACTIVE) {
                awaitFirstRead(hw);
            }
            if (!deactivated.isEmpty()) {
                r = new HardwareStateResult(r.ok(), r.state(), r.message() + "; deactivated controllers " + deactivated,
                        r.reason());
            }
            if (!r.ok()) {
                LOG.log(Level.WARNING, "robot {0}: {1}", state.robot(), r.message());
            }
            return r;
        } finally {
            state.hardwareInTransition.remove(hw.name());
            state.opLock.unlock();
        }
    }

    /**
     * Until the running loop has read a just activated component and restarted the controllers commanding it from
     * that state (bounded): a goal sent as soon as the activation is answered is then not aborted by that restart.
     * A loop driven by a stepped clock is stepped by the caller, who sees the restart in its next cycle.
     */
    private void awaitFirstRead(ManagedHardware hw) {
        if (!state.running) {
            return;
        }
        long deadline = System.nanoTime() + FIRST_READ_NANOS;
        while (!hw.activationTakenIn() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(100_000);
        }
        state.loop.awaitBoundary(BOUNDARY_NANOS);
    }

    /** Service side: error handling or deactivation of the components whose read or write failed on the loop. */
    void handleFailures() {
        for (ManagedHardware hw : state.rm.hardware()) {
            if (hw.pendingEvent() == ManagedHardware.PendingEvent.NONE) {
                continue;
            }
            state.opLock.lock();
            try {
                ManagedHardware.PendingEvent e = hw.pendingEvent();
                Fault fault = hw.fault();
                String why = hw.lastError();
                LifecycleState s = hw.handlePendingEvent();
                hw.attachToLoop();
                LOG.log(state.shuttingDown.getAsBoolean() ? Level.DEBUG : Level.WARNING,
                        "robot {0}: hardware component ''{1}'' failed ({2}, {3}) and is now {4}{5}", state.robot(),
                        hw.name(), e, fault, s, why == null ? "" : ": " + why);
            } finally {
                state.opLock.unlock();
            }
        }
    }
}
