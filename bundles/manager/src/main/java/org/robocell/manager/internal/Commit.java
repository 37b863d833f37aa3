package org.robocell.manager.internal;

import java.util.concurrent.CompletableFuture;

import org.robocell.api.cell.SwitchResult;
import org.robocell.resources.internal.ModeSwitch;

/**
 * A change the loop commits at one cycle boundary, prepared off the loop: a switch (mode switch → deactivate →
 * chained-mode changes → activate, rolled back completely when STRICT and anything fails), or a forced
 * deactivation (hardware going away or leaving ACTIVE by request, a controller type uninstalled) whose command
 * interfaces are left holding, optionally with the controllers' fallbacks activated.
 * <p>
 * The loop records the outcome in plain fields and sets {@link #done}; the manager's service side turns it into a
 * {@link SwitchResult} off the loop.
 */
final class Commit {

    static final int PENDING = 0;
    static final int OK = 1;
    /** The states it was validated against changed before the loop took it; nothing was changed. */
    static final int STALE = 2;
    static final int MODE_SWITCH_FAILED = 3;
    static final int ROLLED_BACK = 4;
    /** BEST_EFFORT: some activations failed, the rest took effect. */
    static final int PARTIAL = 5;

    static final int ACT_OK = 0;
    static final int ACT_CONFLICT = 1;
    static final int ACT_FAILURE = 2;
    static final int ACT_ERROR = 3;
    static final int ACT_THREW = 4;
    static final int ACT_CHAINED_MODE_REFUSED = 5;
    static final int ACT_NOT_INACTIVE = 6;
    static final int ACT_NOT_TRIED = 7;

    final boolean forced;
    final boolean strict;
    final boolean withFallbacks;
    final ManagedController[] deactivate;
    final ManagedController[] activate;
    final Prepared[] activateWith;
    final boolean[] chainedAfter;
    final ModeSwitch modeSwitch;
    final CompletableFuture<SwitchResult> future = new CompletableFuture<>();

    final long requestCycle;
    final long requestNanos;
    final long timeoutCycles;
    final long wallBoundNanos;

    // written by the loop
    volatile boolean taken;
    volatile boolean done;
    int outcome = PENDING;
    int modeFailedIndex = -1;
    final int[] activationCode;
    /** For ACT_CONFLICT: the interface that could not be claimed. */
    final String[] conflictInterface;
    final boolean[] deactivated;
    final boolean[] previouslyChained;
    long cycle = -1;
    /** What BEST_EFFORT dropped from the request, for the message. */
    String notes = "";

    Commit(boolean forced, boolean strict, boolean withFallbacks, ManagedController[] deactivate,
            ManagedController[] activate, Prepared[] activateWith, boolean[] chainedAfter, ModeSwitch modeSwitch,
            long requestCycle, long requestNanos, long timeoutCycles, long wallBoundNanos) {
        this.forced = forced;
        this.strict = strict;
        this.withFallbacks = withFallbacks;
        this.deactivate = deactivate;
        this.activate = activate;
        this.activateWith = activateWith;
        this.chainedAfter = chainedAfter;
        this.modeSwitch = modeSwitch;
        this.requestCycle = requestCycle;
        this.requestNanos = requestNanos;
        this.timeoutCycles = timeoutCycles;
        this.wallBoundNanos = wallBoundNanos;
        this.activationCode = new int[activate.length];
        java.util.Arrays.fill(activationCode, ACT_NOT_TRIED);
        this.conflictInterface = new String[activate.length];
        this.deactivated = new boolean[deactivate.length];
        this.previouslyChained = new boolean[deactivate.length];
    }
}
