package org.robocell.manager.internal;

/**
 * Applies the {@link Commit} an adopted plan carries, on the loop thread at the cycle boundary after the reads: a
 * switch (checked against the states it was planned for, mode switch, deactivations, chained modes, activations,
 * STRICT rollback) or a forced deactivation, and records the outcome in the commit for the service side. Real time:
 * no allocation, no lock.
 */
final class CommitApplier {

    private final ControllerActivation activation;
    private final FailureContainment failures;
    private final LoopStatistics stats;

    CommitApplier(ControllerActivation activation, FailureContainment failures, LoopStatistics stats) {
        this.activation = activation;
        this.failures = failures;
        this.stats = stats;
    }

    /** The switch (or forced deactivation) the adopted plan carries; the caller flags the service side. */
    void apply(CyclePlan next) {
        Commit c = next.commit;
        c.taken = true;
        c.cycle = stats.cycles;
        if (c.forced) {
            forced(next, c);
        } else {
            commitSwitch(c);
        }
        if (c.outcome == Commit.OK || c.outcome == Commit.PARTIAL) {
            stats.switches++; // a stale, refused or rolled-back switch changed nothing
        }
        c.done = true;
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
            if (code != ManagedController.INACTIVE && !(code == ManagedController.ACTIVE && activate[i].isIn(deactivate))) {
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
            activation.deactivate(deactivate[i], false);
            c.deactivated[i] = true;
        }
        boolean failed = false;
        for (int i = 0; i < activate.length; i++) {
            ManagedController mc = activate[i];
            if (mc.chainable != null && mc.chained != c.chainedAfter[i]
                    && !ControllerActivation.setChained(mc, c.chainedAfter[i])) {
                c.activationCode[i] = Commit.ACT_CHAINED_MODE_REFUSED;
                failed = true;
            } else {
                int code = activation.activate(mc, c.activateWith[i]);
                c.activationCode[i] = code;
                if (code == Commit.ACT_CONFLICT) {
                    c.conflictInterface[i] = activation.lastConflict();
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
        rollBack(c);
    }

    /** STRICT and something failed: everything the switch did is undone. */
    private void rollBack(Commit c) {
        ManagedController[] deactivate = c.deactivate;
        ManagedController[] activate = c.activate;
        for (int i = activate.length - 1; i >= 0; i--) {
            if (c.activationCode[i] == Commit.ACT_OK) {
                activation.deactivate(activate[i], false);
            }
        }
        for (int i = deactivate.length - 1; i >= 0; i--) {
            ManagedController mc = deactivate[i];
            boolean wasChained = c.previouslyChained[i];
            if (mc.chainable != null && mc.chained != wasChained) {
                ControllerActivation.setChained(mc, wasChained);
            }
            Prepared loans = mc.active;
            if (loans != null) {
                activation.activate(mc, loans);
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
                activation.deactivate(mc, true);
            }
        }
        if (c.withFallbacks) {
            failures.controllersFailed(p);
        }
        for (int i = 0; i < list.length; i++) {
            c.deactivated[i] = list[i].code() != ManagedController.ACTIVE;
        }
        c.outcome = Commit.OK;
    }
}
