package org.robocell.manager.internal;

import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ManagedHardware;
import org.robocell.resources.internal.ResourceManager;

/**
 * The steps that take one controller in and out of ACTIVE on the loop thread: claims and onActivate with its
 * commands starting from the measured state, onDeactivate with its commands optionally left holding, chained mode,
 * and the restart of the controllers commanding a component that was just activated. Real time: no allocation, no
 * lock; every throwable from a controller is caught and kept on it.
 */
final class ControllerActivation {

    private final InterfaceSlots slots;
    private final LoopStatistics stats;
    /** For {@link Commit#ACT_CONFLICT}: the interface the last activation could not claim. Loop thread only. */
    private String lastConflict;

    ControllerActivation(InterfaceSlots slots, LoopStatistics stats) {
        this.slots = slots;
        this.stats = stats;
    }

    /** The interface the last activation that answered {@link Commit#ACT_CONFLICT} could not claim, or null. */
    String lastConflict() {
        return lastConflict;
    }

    /** Claims, then onActivate. Real time (the controller's onActivate is its own business). */
    int activate(ManagedController mc, Prepared prep) {
        if (prep == null || prep.missingCommand != null || prep.missingState != null) {
            lastConflict = prep == null ? null : prep.missingCommand != null ? prep.missingCommand : prep.missingState;
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
     *
     * @return whether any controller was restarted (the service side then has something to report)
     */
    boolean restartCommanders(CyclePlan p, ManagedHardware hw) {
        ManagedController[] order = p.order;
        if (!markUsers(order, hw.name(), true)) {
            return false;
        }
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
        return true;
    }

    /** onDeactivate, release claims (optionally leaving the hardware commands holding), unchain. Real time. */
    void deactivate(ManagedController mc, boolean hold) {
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

    /** onSetChainedMode; the mode changes only when the controller accepts it. Real time. */
    static boolean setChained(ManagedController mc, boolean chained) {
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

    /**
     * Marks every ACTIVE controller that uses an interface of {@code component} (its command interfaces only, or its
     * state interfaces too), and then everything chained to those. Real time.
     *
     * @return whether any controller was marked
     */
    static boolean markUsers(ManagedController[] order, String component, boolean commandsOnly) {
        boolean any = false;
        for (int j = 0; j < order.length; j++) {
            ManagedController mc = order[j];
            Prepared a = mc.active;
            if (mc.isActive() && a != null && a.uses(component, commandsOnly)) {
                mc.mark = true;
                any = true;
            }
        }
        if (any) {
            markDependents(order);
        }
        return any;
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
