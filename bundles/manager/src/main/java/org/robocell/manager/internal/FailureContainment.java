package org.robocell.manager.internal;

import org.robocell.resources.internal.ManagedHardware;

/**
 * What the loop thread does within the cycle when something fails: a failed controller's whole chain group goes out
 * with its commands holding and its fallbacks come in (all or none); a component that failed in read or write takes
 * the controllers using it out. Real time: no allocation, no lock. The caller flags the service side, which reports
 * and handles the component off the loop.
 */
final class FailureContainment {

    private final ControllerActivation activation;
    private final LoopStatistics stats;

    FailureContainment(ControllerActivation activation, LoopStatistics stats) {
        this.activation = activation;
        this.stats = stats;
    }

    /**
     * Controllers whose update failed (or that are forced out): each one's whole chain group is deactivated with
     * its command interfaces holding, then its fallbacks are activated (all or none).
     */
    void controllersFailed(CyclePlan p) {
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
    }

    private void deactivateGroup(CyclePlan p, int index) {
        int g = p.group[index];
        ManagedController[] order = p.order;
        for (int j = 0; j < order.length; j++) {
            if (p.group[j] == g) {
                activation.deactivate(order[j], true);
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
                int h = indexOfActive(p, holder);
                if (h >= 0 && !p.order[h].isIn(fallbacks)) {
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
            if (fb.chainable != null && fb.chained != chainedModes[k]
                    && !ControllerActivation.setChained(fb, chainedModes[k])) {
                failed = true;
                break;
            }
            if (activation.activate(fb, fb.prepared) != Commit.ACT_OK) {
                failed = true;
                break;
            }
            fb.mark = true;
        }
        for (int k = 0; k < fallbacks.length; k++) {
            if (failed && fallbacks[k].mark) {
                activation.deactivate(fallbacks[k], true);
            }
            fallbacks[k].mark = false;
        }
        if (failed) {
            stats.controllerErrors++;
        }
    }

    private static int indexOfActive(CyclePlan p, String name) {
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
    void hardwareFailed(CyclePlan p, ManagedHardware hw, boolean commandsOnly) {
        stats.hardwareErrors++;
        stats.error(hw, null);
        ManagedController[] order = p.order;
        if (ControllerActivation.markUsers(order, hw.name(), commandsOnly)) {
            for (int j = 0; j < order.length; j++) {
                if (order[j].mark) {
                    order[j].mark = false;
                    activation.deactivate(order[j], true);
                }
            }
        }
    }
}
