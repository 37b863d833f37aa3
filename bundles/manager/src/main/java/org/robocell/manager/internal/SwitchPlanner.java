package org.robocell.manager.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.robocell.api.text.Suggestions;
import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.manager.internal.SwitchPlan.Problem;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.ModeSwitch;
import org.robocell.resources.internal.ResourceException;

/**
 * Validates a switch request off the loop, under the manager's lock, with ros2_control's rules and messages: names,
 * lifecycle states, fallbacks, chains (following controllers must be or become active, preceding ones must not stay
 * active), claims, the hardware's command mode switch (prepared here, performed by the loop). STRICT refuses the
 * whole request at the first problem; BEST_EFFORT drops what cannot be done and says what it dropped. A follower
 * whose chained mode changes is restarted within the same commit. Deactivations run preceding first, activations
 * following first.
 */
final class SwitchPlanner {

    static final String NOTHING_TO_SWITCH =
            "After checking the controllers, no controllers need to be activated or deactivated.";

    private final ManagerState state;
    private final CommitTracker commits;

    SwitchPlanner(ManagerState state, CommitTracker commits) {
        this.state = state;
        this.commits = commits;
    }

    SwitchPlan plan(List<String> activateNames, List<String> deactivateNames, Strictness strictness, int timeoutCycles) {
        boolean strict = strictness == Strictness.STRICT;
        List<String> notes = new ArrayList<>();
        if (activateNames.isEmpty() && deactivateNames.isEmpty()) {
            return new SwitchPlan.NothingToDo(new SwitchResult(true, NOTHING_TO_SWITCH, List.of(), List.of(), -1));
        }
        List<ManagedController> a = new ArrayList<>();
        List<ManagedController> d = new ArrayList<>();
        String unknown = resolve(activateNames, a, strict, notes);
        if (unknown == null) {
            unknown = resolve(deactivateNames, d, strict, notes);
        }
        if (unknown != null) {
            return SwitchPlan.Refused.because(Reason.UNKNOWN_NAME, unknown);
        }
        // deactivations must be active
        for (ManagedController mc : List.copyOf(d)) {
            if (!mc.isActive()) {
                String m = "Controller '" + mc.name + "' is not active";
                if (strict) {
                    return SwitchPlan.Refused.because(Reason.WRONG_STATE, m + "; nothing was switched");
                }
                d.remove(mc);
                notes.add(m);
            }
        }
        // activations: state, fallbacks, following controllers; BEST_EFFORT drops until stable
        boolean changed = true;
        while (changed) {
            changed = false;
            for (ManagedController mc : List.copyOf(a)) {
                Problem problem = activationProblem(mc, a, d);
                if (problem != null) {
                    if (strict) {
                        return SwitchPlan.Refused.because(problem.reason(), problem.message());
                    }
                    a.remove(mc);
                    notes.add(problem.message());
                    changed = true;
                }
            }
            for (ManagedController mc : List.copyOf(d)) {
                String problem = deactivationProblem(mc, a, d);
                if (problem != null) {
                    if (strict) {
                        return SwitchPlan.Refused.because(Reason.CHAIN, problem);
                    }
                    d.remove(mc);
                    notes.add(problem);
                    changed = true;
                }
            }
        }
        if (a.isEmpty() && d.isEmpty()) {
            return new SwitchPlan.NothingToDo(new SwitchResult(true, NOTHING_TO_SWITCH + suffix(notes), List.of(),
                    List.of(), -1, notes.isEmpty() ? Reason.NONE : Reason.PARTIAL));
        }
        Map<ManagedController, Boolean> chainedAfter = chainedModes(a, d);
        // interfaces: one request fails as a whole, whatever the strictness
        Set<String> leaving = new HashSet<>();
        for (ManagedController mc : d) {
            leaving.add(mc.name);
        }
        Map<InterfaceEntry, ManagedController> willClaim = new LinkedHashMap<>();
        List<String> start = new ArrayList<>();
        List<String> stop = new ArrayList<>();
        for (ManagedController mc : a) {
            Prepared p = mc.prepared;
            if (p == null) {
                return SwitchPlan.Refused.because(Reason.WRONG_STATE, "Controller '" + mc.name + "' is not configured");
            }
            if (p.missingCommand != null) {
                return SwitchPlan.Refused.because(Reason.INTERFACE_UNAVAILABLE, "Unable to activate controller '"
                        + mc.name + "' since the command interface '" + p.missingCommand + "' is not available.");
            }
            if (p.missingState != null) {
                return SwitchPlan.Refused.because(Reason.INTERFACE_UNAVAILABLE, "Unable to activate controller '"
                        + mc.name + "' since the state interface '" + p.missingState + "' is not available.");
            }
            for (InterfaceEntry e : p.commands) {
                if (e.kind() == Kind.COMMAND) {
                    if (!e.isAvailable() || state.hardwareInTransition.contains(e.owner())) {
                        return SwitchPlan.Refused.because(Reason.INTERFACE_UNAVAILABLE, "Unable to activate controller '"
                                + mc.name + "' since the command interface '" + e.name() + "' is not available.");
                    }
                    start.add(e.name());
                }
                String holder = e.claimedBy();
                if (holder != null && !leaving.contains(holder)) {
                    return SwitchPlan.Refused.because(Reason.INTERFACE_CLAIMED, "Unable to activate controller '"
                            + mc.name + "' since the command interface '" + e.name()
                            + "' is currently claimed by another controller, '" + holder + "' (deactivate it in the"
                            + " same switch: controller:switch -a " + mc.name + " -d " + holder + ").");
                }
                ManagedController other = willClaim.putIfAbsent(e, mc);
                if (other != null) {
                    return SwitchPlan.Refused.because(Reason.INTERFACE_CLAIMED, "Unable to activate controller '"
                            + mc.name + "' since the command interface '" + e.name()
                            + "' will be used by another controller that is being activated, '" + other.name + "'.");
                }
            }
        }
        for (ManagedController mc : d) {
            Prepared p = mc.active;
            if (p != null) {
                for (InterfaceEntry e : p.commands) {
                    if (e.kind() == Kind.COMMAND) {
                        stop.add(e.name());
                    }
                }
            }
        }
        ModeSwitch modeSwitch;
        try {
            modeSwitch = state.rm.prepareCommandModeSwitch(start, stop);
        } catch (ResourceException e) {
            return SwitchPlan.Refused.because(Reason.HARDWARE_REFUSED,
                    "Could not switch controllers since prepare command mode switch was rejected. " + e.getMessage());
        }
        List<ManagedController> planOrder = List.of(state.lastPlan.order);
        d.sort((x, y) -> Integer.compare(planOrder.indexOf(x), planOrder.indexOf(y)));
        a.sort((x, y) -> Integer.compare(planOrder.indexOf(y), planOrder.indexOf(x)));
        Prepared[] with = new Prepared[a.size()];
        boolean[] chainedModes = new boolean[a.size()];
        for (int i = 0; i < with.length; i++) {
            with[i] = a.get(i).prepared;
            chainedModes[i] = chainedAfter.getOrDefault(a.get(i), false);
        }
        int cycles = timeoutCycles > 0 ? timeoutCycles : state.config.defaultSwitchTimeoutCycles();
        Commit c = new Commit(false, strict, false, d.toArray(new ManagedController[0]),
                a.toArray(new ManagedController[0]), with, chainedModes, modeSwitch, state.loop.cycles(),
                state.ticker.getAsLong(), cycles, commits.wallBound(cycles));
        c.notes = suffix(notes);
        return new SwitchPlan.Ready(c);
    }

    /**
     * A follower's chained mode follows whether an active controller will write its references. set_chained_mode is
     * only allowed while inactive, so a follower staying active whose mode changes is restarted in the same switch.
     */
    private Map<ManagedController, Boolean> chainedModes(List<ManagedController> a, List<ManagedController> d) {
        Set<ManagedController> post = new LinkedHashSet<>();
        for (ManagedController mc : state.controllers.values()) {
            if (mc.isActive() && !d.contains(mc)) {
                post.add(mc);
            }
        }
        post.addAll(a);
        Map<ManagedController, Boolean> chainedAfter = new LinkedHashMap<>();
        for (ManagedController f : post) {
            if (f.chainable == null) {
                continue;
            }
            boolean want = false;
            for (ManagedController x : post) {
                Prepared p = a.contains(x) ? x.prepared : x.active;
                if (x != f && p != null && PlanBuilder.usesReferenceOf(p, f)) {
                    want = true;
                    break;
                }
            }
            if (!a.contains(f) && f.chained != want) {
                d.add(f);
                a.add(f);
            }
            chainedAfter.put(f, want);
        }
        return chainedAfter;
    }

    /**
     * A deactivation the loop does at a boundary with the command interfaces holding (no rollback), optionally
     * activating the controllers' fallbacks; not yet submitted.
     */
    Commit forced(List<ManagedController> out, boolean withFallbacks) {
        List<ManagedController> planOrder = List.of(state.lastPlan.order);
        List<ManagedController> sorted = new ArrayList<>(out);
        sorted.sort((x, y) -> Integer.compare(planOrder.indexOf(x), planOrder.indexOf(y)));
        int cycles = state.config.defaultSwitchTimeoutCycles();
        return new Commit(true, false, withFallbacks, sorted.toArray(new ManagedController[0]),
                new ManagedController[0], new Prepared[0], new boolean[0], ModeSwitch.NONE, state.loop.cycles(),
                state.ticker.getAsLong(), cycles, commits.wallBound(cycles));
    }

    private static String suffix(List<String> notes) {
        return notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")";
    }

    /** Adds the loaded controllers named; the message for an unknown one (STRICT) or for none known; else null. */
    private String resolve(List<String> names, List<ManagedController> into, boolean strict, List<String> notes) {
        if (names.isEmpty()) {
            return null;
        }
        for (String n : new LinkedHashSet<>(names)) {
            ManagedController mc = state.controller(n);
            if (mc == null) {
                String m = "Controller '" + n + "' is not loaded" + Suggestions.didYouMean(n, state.controllers.keySet());
                if (strict) {
                    return m + "; nothing was switched";
                }
                notes.add(m);
            } else {
                into.add(mc);
            }
        }
        if (into.isEmpty()) {
            return "None of the controllers " + names + " is loaded" + suffix(notes);
        }
        return null;
    }

    private Problem activationProblem(ManagedController mc, List<ManagedController> a, List<ManagedController> d) {
        int code = mc.code();
        if (code == ManagedController.ACTIVE && !d.contains(mc)) {
            return new Problem(Reason.WRONG_STATE, "Controller '" + mc.name + "' is already active");
        }
        if (code == ManagedController.UNCONFIGURED) {
            return new Problem(Reason.WRONG_STATE, "Controller '" + mc.name + "' is in 'unconfigured' state. The"
                    + " controller needs to be configured to be in 'inactive' state before it can be activated.");
        }
        if (code != ManagedController.INACTIVE && code != ManagedController.ACTIVE) {
            return new Problem(Reason.WRONG_STATE, "Controller '" + mc.name + "' is in '" + mc.lifecycleState()
                    + "' state and cannot be activated");
        }
        for (String f : mc.fallbacks) {
            ManagedController fb = state.controller(f);
            if (fb == null) {
                return new Problem(Reason.UNKNOWN_NAME, "Controller '" + mc.name + "' cannot be activated: its fallback"
                        + " controller '" + f + "' is not loaded");
            }
            if (!fb.isConfigured()) {
                return new Problem(Reason.WRONG_STATE, "Controller '" + mc.name + "' cannot be activated: its fallback"
                        + " controller '" + f + "' is " + fb.lifecycleState());
            }
        }
        Prepared p = mc.prepared;
        if (p == null) {
            return new Problem(Reason.WRONG_STATE, "Controller '" + mc.name + "' is not configured");
        }
        for (InterfaceEntry e : p.commands) {
            if (e.kind() == Kind.REFERENCE && !activeAfter(state.controller(e.owner()), a, d)) {
                return new Problem(Reason.CHAIN, "Unable to activate controller '" + mc.name + "' since its following"
                        + " controller '" + e.owner() + "' is not active and will not be activated");
            }
        }
        for (InterfaceEntry e : p.states) {
            if (e.kind() == Kind.EXPORTED_STATE && !activeAfter(state.controller(e.owner()), a, d)) {
                return new Problem(Reason.CHAIN, "Unable to activate controller '" + mc.name + "' since the controller '"
                        + e.owner() + "' whose state interface '" + e.name()
                        + "' it reads is not active and will not be activated");
            }
        }
        return null;
    }

    private static boolean activeAfter(ManagedController f, List<ManagedController> a, List<ManagedController> d) {
        return f != null && ((f.isActive() && !d.contains(f)) || a.contains(f));
    }

    private String deactivationProblem(ManagedController mc, List<ManagedController> a, List<ManagedController> d) {
        for (ManagedController x : state.controllers.values()) {
            if (x == mc) {
                continue;
            }
            boolean staysActive = x.isActive() && !d.contains(x);
            boolean becomesActive = a.contains(x) && !a.contains(mc);
            Prepared p = becomesActive ? x.prepared : x.active;
            if ((staysActive || becomesActive) && p != null && p.uses(mc.name, false) && !a.contains(mc)) {
                return "Unable to deactivate controller '" + mc.name + "' since its preceding controller '" + x.name
                        + "' is currently active";
            }
        }
        return null;
    }
}
