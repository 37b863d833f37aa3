package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.List;

import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ManagedHardware;

/**
 * Builds the {@link CyclePlan} the loop runs from the manager's model, off the loop and under the manager's lock:
 * every configured controller's loans resolved, the chain order and groups, each controller's fallbacks with the
 * chained mode they start in, and the hardware components. The plan is handed over through the loop's atomic
 * reference and adopted at the next cycle boundary.
 */
final class PlanBuilder {

    private final ManagerState state;

    PlanBuilder(ManagerState state) {
        this.state = state;
    }

    /** A new plan from the current model, handed over to the loop. */
    void rebuild() {
        List<ManagedController> configured = state.configured();
        for (ManagedController mc : configured) {
            mc.prepared = Prepared.of(mc, state.rm);
        }
        ChainResolver r = ChainResolver.resolve(configured, state.rm);
        state.chain = r;
        List<ManagedController> order = new ArrayList<>(r.order);
        for (ManagedController mc : configured) {
            if (!order.contains(mc)) {
                order.add(mc);
            }
        }
        int n = order.size();
        int[] group = new int[n];
        ManagedController[][] fallbacks = new ManagedController[n][];
        boolean[][] chained = new boolean[n][];
        for (int i = 0; i < n; i++) {
            ManagedController mc = order.get(i);
            group[i] = r.group.getOrDefault(mc, -1 - i);
            List<ManagedController> fbs = new ArrayList<>();
            for (String f : mc.fallbacks) {
                ManagedController fb = state.controller(f);
                if (fb != null && fb.isConfigured()) {
                    fbs.add(fb);
                }
            }
            fbs.sort((x, y) -> Integer.compare(order.indexOf(y), order.indexOf(x)));
            fallbacks[i] = fbs.toArray(new ManagedController[0]);
            chained[i] = new boolean[fbs.size()];
            for (int k = 0; k < fbs.size(); k++) {
                ManagedController f = fbs.get(k);
                for (ManagedController x : fbs) {
                    if (x != f && f.chainable != null && x.prepared != null && usesReferenceOf(x.prepared, f)) {
                        chained[i][k] = true;
                    }
                }
            }
        }
        List<ManagedHardware> hw = state.rm.hardware();
        state.lastPlan = new CyclePlan(hw.toArray(new ManagedHardware[0]), order.toArray(new ManagedController[0]),
                group, fallbacks, chained, null);
        state.loop.handOver(state.lastPlan);
    }

    /** Whether the loans {@code p} write a reference interface of the chainable controller {@code f}. */
    static boolean usesReferenceOf(Prepared p, ManagedController f) {
        for (InterfaceEntry e : p.commands) {
            if (e.kind() == Kind.REFERENCE && e.owner() == f.name) {
                return true;
            }
        }
        return false;
    }
}
