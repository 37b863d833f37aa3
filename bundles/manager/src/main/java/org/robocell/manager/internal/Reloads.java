package org.robocell.manager.internal;

import static org.robocell.manager.internal.ControllerCalls.call;
import static org.robocell.manager.internal.ControllerCalls.reason;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.Controller;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ModeSwitch;
import org.robocell.resources.internal.ResourceException;

/**
 * Controller code that changes under a running loop: a reload moves a controller to the newest code of its type (an
 * ACTIVE one swapped at one cycle boundary, the old instance staying when the new one fails), and a type that goes
 * away takes its instances out (ACTIVE ones as if they had failed: command interfaces holding, fallbacks in).
 */
final class Reloads {

    private final ManagerState state;
    private final CommitTracker commits;
    private final PlanBuilder plans;
    private final SwitchPlanner planner;
    private final ControllerLifecycle lifecycle;

    Reloads(ManagerState state, CommitTracker commits, PlanBuilder plans, SwitchPlanner planner,
            ControllerLifecycle lifecycle) {
        this.state = state;
        this.commits = commits;
        this.plans = plans;
        this.planner = planner;
        this.lifecycle = lifecycle;
    }

    /** Under the lock (the answer to an ACTIVE controller's reload completes later, taking the lock again). */
    CompletionStage<Result> reload(ManagedController old) {
        String name = old.name;
        int code = old.code();
        if (code == ManagedController.BUSY || code == ManagedController.FINALIZED) {
            return done(Result.failed(code == ManagedController.BUSY ? Reason.BUSY : Reason.WRONG_STATE,
                    "Controller '" + name + "' is " + old.lifecycleState() + " and cannot be reloaded"));
        }
        if (code == ManagedController.ACTIVE && old.chainable != null) {
            return done(Result.failed(Reason.CHAIN, "Controller '" + name + "' is chainable and active; deactivate it"
                    + " (and the controllers chained to it) before reloading it"));
        }
        ControllerSource src = state.source;
        Controller c;
        try {
            c = src == null ? null : src.create(old.type);
        } catch (RuntimeException e) {
            return done(Result.failed(Reason.CALLBACK_FAILED, "Controller type '" + old.type
                    + "' failed to create an instance: " + e));
        }
        if (c == null) {
            return done(Result.failed(Reason.NOT_INSTALLED, "Controller type '" + old.type + "' is not installed; '"
                    + name + "' keeps its code"));
        }
        if (c == old.controller) {
            return done(Result.failed(Reason.SAME_CODE, "The factory of '" + old.type
                    + "' handed out the running instance again; nothing to reload"));
        }
        if (c.getClass() == old.controller.getClass()) {
            // the same class from the same class loader: the type is still served by the code that runs
            return done(Result.failed(Reason.SAME_CODE, "Controller '" + name + "' already runs the newest code of type '"
                    + old.type + "'; install a newer version of its bundle to reload it"));
        }
        ManagedController neu = new ManagedController(old.name, old.type, c, old.fallbacks, old.loadOrder,
                old.context.parameters(), state.config.rate(), state.robot(),
                state::jointLimits);
        neu.budget.set(old.budget.budgetNanos(), old.budget.limit());
        CallbackReturn init = call(() -> c.onInit(neu.context), neu);
        if (init != CallbackReturn.SUCCESS) {
            return done(Result.failed(Reason.CALLBACK_FAILED, "The new instance of '" + name
                    + "' failed to initialize (onInit answered " + init + ")" + reason(neu) + "; the old one stays"));
        }
        if (code == ManagedController.UNCONFIGURED) {
            replace(old, neu);
            return done(Result.ok("Reloaded controller '" + name + "'; it is unconfigured"));
        }
        if (code == ManagedController.INACTIVE) {
            Result cleaned = lifecycle.cleanupInactive(old);
            if (!cleaned.ok()) {
                call(() -> c.onShutdown(LifecycleState.UNCONFIGURED), neu);
                return done(cleaned);
            }
            replace(old, neu);
            Result configured = lifecycle.configureFresh(neu);
            plans.rebuild();
            return done(configured.ok() ? Result.ok("Reloaded controller '" + name + "'; it is inactive")
                    : Result.failed(configured.reason(), "Reloaded controller '" + name + "' but " + configured.message()));
        }
        // ACTIVE: configure the new instance beside the old one, swap them at one cycle boundary
        Result configured = lifecycle.configureFresh(neu);
        if (!configured.ok()) {
            call(() -> c.onShutdown(neu.lifecycleState()), neu);
            return done(Result.failed(configured.reason(), configured.message() + "; the old code keeps running"));
        }
        state.reloading.add(neu);
        plans.rebuild();
        Commit commit = swapCommit(old, neu);
        if (commit == null) {
            discard(neu);
            return done(Result.failed(Reason.INTERFACE_UNAVAILABLE, "The new instance of '" + name
                    + "' cannot take over the interfaces of the old one; the old code keeps running"));
        }
        commits.submit(commit);
        return commit.future.thenApply(r -> finishReload(old, neu, r));
    }

    private static CompletionStage<Result> done(Result r) {
        return CompletableFuture.completedFuture(r);
    }

    private Commit swapCommit(ManagedController old, ManagedController neu) {
        Prepared p = neu.prepared;
        Prepared current = old.active;
        if (p == null || p.missingCommand != null || p.missingState != null || current == null) {
            return null;
        }
        List<String> start = new ArrayList<>();
        List<String> stop = new ArrayList<>();
        for (InterfaceEntry e : p.commands) {
            String holder = e.claimedBy();
            if (holder != null && holder != old.name) {
                return null;
            }
            if (e.kind() == Kind.COMMAND) {
                start.add(e.name());
            }
        }
        for (InterfaceEntry e : current.commands) {
            if (e.kind() == Kind.COMMAND) {
                stop.add(e.name());
            }
        }
        ModeSwitch modeSwitch;
        try {
            modeSwitch = state.rm.prepareCommandModeSwitch(start, stop);
        } catch (ResourceException e) {
            return null;
        }
        int cycles = state.config.defaultSwitchTimeoutCycles();
        return new Commit(false, true, false, new ManagedController[] {old}, new ManagedController[] {neu},
                new Prepared[] {p}, new boolean[] {false}, modeSwitch, state.loop.cycles(), state.ticker.getAsLong(),
                cycles, commits.wallBound(cycles));
    }

    private Result finishReload(ManagedController old, ManagedController neu, SwitchResult r) {
        commits.lockSettled();
        try {
            state.reloading.remove(neu);
            if (!r.ok() || !neu.isActive()) {
                discard(neu);
                plans.rebuild();
                return Result.failed(Reason.CALLBACK_FAILED, "Reloading '" + old.name
                        + "' failed, the old code keeps running: " + r.message());
            }
            replace(old, neu);
            if (old.code() == ManagedController.INACTIVE) {
                lifecycle.cleanupInactive(old);
            }
            call(() -> old.controller.onShutdown(old.lifecycleState()), old);
            old.set(ManagedController.FINALIZED);
            plans.rebuild();
            return Result.ok("Reloaded controller '" + old.name + "': the new code runs from cycle " + r.cycle());
        } finally {
            commits.unlock();
        }
    }

    private void discard(ManagedController neu) {
        state.reloading.remove(neu);
        if (neu.code() == ManagedController.INACTIVE) {
            lifecycle.cleanupInactive(neu);
        }
        call(() -> neu.controller.onShutdown(neu.lifecycleState()), neu);
        neu.set(ManagedController.FINALIZED);
    }

    private void replace(ManagedController old, ManagedController neu) {
        state.controllers.put(old.name, neu);
        state.publishControllers();
        if (old.code() == ManagedController.UNCONFIGURED) {
            call(() -> old.controller.onShutdown(LifecycleState.UNCONFIGURED), old);
            old.set(ManagedController.FINALIZED);
        }
    }

    /**
     * A controller type went away (its bundle stopped): its ACTIVE instances are deactivated at a cycle boundary as
     * if their update had failed (chain group deactivated, command interfaces holding, fallbacks activated), then
     * every instance is cleaned up, shut down and unloaded.
     */
    CompletionStage<Result> typeRemoved(String type) {
        return takeOut(mc -> mc.type.equals(type), "its controller type '" + type + "' went away",
                "controller type '" + type + "' went away");
    }

    /**
     * Code went away (a bundle stopped) while another bundle still serves its types, and the instances that run it
     * could not move to that code: each of those named whose class {@code loader} loaded goes out as in
     * {@link #typeRemoved}, so that no code of a bundle that is gone runs in the loop.
     */
    CompletionStage<Result> codeRemoved(ClassLoader loader, java.util.Collection<String> names, String code) {
        return takeOut(mc -> names.contains(mc.name) && mc.controller.getClass().getClassLoader() == loader,
                "its code (" + code + ") went away",
                "the code of " + code + " went away");
    }

    private CompletionStage<Result> takeOut(Predicate<ManagedController> which, String fault, String what) {
        commits.lockSettled();
        List<ManagedController> gone = new ArrayList<>();
        Commit commit = null;
        try {
            for (ManagedController mc : state.controllers.values()) {
                if (which.test(mc)) {
                    gone.add(mc);
                }
            }
            List<ManagedController> active = gone.stream().filter(ManagedController::isActive).toList();
            for (ManagedController mc : active) {
                mc.recordFault(org.robocell.api.lifecycle.Fault.DEPARTED, fault);
            }
            if (!active.isEmpty()) {
                commit = planner.forced(active, true);
                commits.submit(commit);
            }
        } finally {
            commits.unlock();
        }
        CompletableFuture<SwitchResult> first = commit == null
                ? CompletableFuture.completedFuture(new SwitchResult(true, "", List.of(), List.of(), -1))
                : commit.future;
        return first.thenApply(r -> {
            commits.lockSettled();
            try {
                List<String> names = new ArrayList<>();
                for (ManagedController mc : gone) {
                    if (state.controller(mc.name) == mc) {
                        lifecycle.unload(mc);
                        names.add(mc.name);
                    }
                }
                return new Result(r.ok(), what + "; unloaded " + names + (r.ok() ? "" : ": " + r.message()),
                        r.reason());
            } finally {
                commits.unlock();
            }
        });
    }
}
