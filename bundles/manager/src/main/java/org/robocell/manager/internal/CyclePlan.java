package org.robocell.manager.internal;

import org.robocell.resources.internal.ManagedHardware;

/**
 * What the loop runs: immutable arrays built off the loop and handed over through one atomic reference, adopted at
 * a cycle boundary. The scratch array is the loop's own once adopted.
 */
final class CyclePlan {

    final ManagedHardware[] hardware;
    /** Every configured controller, preceding before following; the loop updates the ACTIVE ones. */
    final ManagedController[] order;
    /** Chain group (connected component of the chain graph) of each controller in {@link #order}. */
    final int[] group;
    /** Per controller in {@link #order}: its fallback controllers, followers first. */
    final ManagedController[][] fallbacks;
    /** Per controller in {@link #order}: the chained mode each of its fallbacks is activated in. */
    final boolean[][] fallbackChained;
    final Commit commit;

    CyclePlan(ManagedHardware[] hardware, ManagedController[] order, int[] group, ManagedController[][] fallbacks,
            boolean[][] fallbackChained, Commit commit) {
        this.hardware = hardware;
        this.order = order;
        this.group = group;
        this.fallbacks = fallbacks;
        this.fallbackChained = fallbackChained;
        this.commit = commit;
    }

    static CyclePlan empty() {
        return new CyclePlan(new ManagedHardware[0], new ManagedController[0], new int[0],
                new ManagedController[0][], new boolean[0][], null);
    }

    CyclePlan withCommit(Commit c) {
        return new CyclePlan(hardware, order, group, fallbacks, fallbackChained, c);
    }

    int indexOf(ManagedController mc) {
        for (int i = 0; i < order.length; i++) {
            if (order[i] == mc) {
                return i;
            }
        }
        return -1;
    }
}
