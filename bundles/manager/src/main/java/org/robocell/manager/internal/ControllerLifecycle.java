package org.robocell.manager.internal;

import static org.robocell.manager.internal.ControllerCalls.call;
import static org.robocell.manager.internal.ControllerCalls.reason;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.robocell.api.text.Suggestions;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Result;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.resources.internal.InterfaceEntry;
import org.robocell.resources.internal.RateRule;
import org.robocell.resources.internal.ResourceException;

/**
 * The controller lifecycle steps off the loop (ros2_control's load, configure, cleanup, unload and parameter
 * changes), each under the manager's lock: the callbacks run on the caller's thread while the controller is BUSY, so
 * the loop's fallback activation and the step cannot collide. Activation and deactivation are switches, committed
 * by the loop.
 */
final class ControllerLifecycle {

    private final ManagerState state;
    private final PlanBuilder plans;

    ControllerLifecycle(ManagerState state, PlanBuilder plans) {
        this.state = state;
        this.plans = plans;
    }

    /** Under the lock. */
    Result load(String name, String type) {
        if (state.controllers.containsKey(name)) {
            return Result.failed(Reason.ALREADY_EXISTS, "A controller named '" + name + "' was already loaded");
        }
        Declaration d = state.declarations.get(name);
        String t = type != null && !type.isBlank() ? type : d == null ? null : d.type();
        if (t == null) {
            return Result.failed(Reason.UNKNOWN_NAME, "Controller '" + name + "' is not declared in the controllers file"
                    + " and no type was given" + Suggestions.didYouMean(name, state.declarations.keySet()));
        }
        List<String> fallbacks = d == null ? List.of() : d.fallbackControllers();
        if (fallbacks.contains(name)) {
            return Result.failed(Reason.INVALID_ARGUMENT, "Controller '" + name
                    + "' lists itself in its fallback_controllers; it cannot be loaded");
        }
        ControllerSource src = state.source;
        Controller c;
        try {
            c = src == null ? null : src.create(t);
        } catch (RuntimeException e) {
            return Result.failed(Reason.CALLBACK_FAILED, "Controller type '" + t + "' failed to create an instance: " + e);
        }
        if (c == null) {
            Collection<String> known = src == null ? List.of() : src.types();
            return Result.failed(Reason.NOT_INSTALLED, "Controller type '" + t + "' is not installed"
                    + Suggestions.didYouMean(t, known));
        }
        Parameters params = d == null ? Parameters.empty(state.robot() + ": " + name) : d.parameters();
        if (Boolean.TRUE.equals(params.asMap().get("is_async"))) {
            // ros2_control runs such a controller on a thread of its own; running it in the loop instead would
            // silently change its timing
            return Result.failed(Reason.INVALID_ARGUMENT, "Controller '" + name + "' has is_async: true, but RoboCell "
                    + "runs every controller in its robot's loop; set is_async: false or leave it out ("
                    + d.origins().getOrDefault("is_async", params.source()) + ")");
        }
        String ignored = d == null ? "" : UnknownParameters.warn(state.robot(), name, c, params, d.origins());
        ManagedController mc = new ManagedController(name, t, c, fallbacks, state.loadCounter++, params,
                state.config.rate(), state.robot(),
                state::jointLimits);
        mc.budget.set(state.config.executionBudgetNanos(), state.config.budgetOverruns());
        CallbackReturn r = call(() -> c.onInit(mc.context), mc);
        if (r != CallbackReturn.SUCCESS) {
            return Result.failed(Reason.CALLBACK_FAILED, "Controller '" + name + "' failed to initialize (onInit answered "
                    + r + ")" + reason(mc));
        }
        state.controllers.put(name, mc);
        state.publishControllers();
        return Result.ok("Loaded controller '" + name + "' of type '" + t + "'; it is unconfigured" + ignored);
    }

    /** Under the lock: UNCONFIGURED → INACTIVE; an INACTIVE controller is cleaned up first. */
    Result configure(ManagedController mc) {
        String name = mc.name;
        int code = mc.code();
        if (code == ManagedController.ACTIVE) {
            return Result.failed(Reason.WRONG_STATE, "Controller '" + name
                    + "' is active; deactivate it before configuring it again");
        }
        if (code == ManagedController.FINALIZED || code == ManagedController.BUSY) {
            return Result.failed(code == ManagedController.BUSY ? Reason.BUSY : Reason.WRONG_STATE,
                    "Controller '" + name + "' is " + mc.lifecycleState() + " and cannot be configured");
        }
        if (code == ManagedController.INACTIVE) {
            Result cleaned = cleanupInactive(mc);
            if (!cleaned.ok()) {
                return cleaned;
            }
        }
        Result r = configureFresh(mc);
        if (r.ok()) {
            plans.rebuild();
        }
        return r;
    }

    /** Under the lock: UNCONFIGURED → INACTIVE (onConfigure, rate, interfaces, exports, chain check); no new plan. */
    Result configureFresh(ManagedController mc) {
        String name = mc.name;
        if (!mc.enterBusy(ManagedController.UNCONFIGURED)) {
            return Result.failed(Reason.BUSY, "Controller '" + name + "' is changing state; try again");
        }
        CallbackReturn r = call(() -> mc.controller.onConfigure(LifecycleState.UNCONFIGURED), mc);
        if (r != CallbackReturn.SUCCESS) {
            if (r == CallbackReturn.ERROR) {
                errorHandling(mc, LifecycleState.UNCONFIGURED);
            } else {
                mc.set(ManagedController.UNCONFIGURED);
            }
            return Result.failed(Reason.CALLBACK_FAILED, "Controller '" + name + "' failed to configure (onConfigure"
                    + " answered " + r + ")" + reason(mc));
        }
        String problem = adoptConfiguration(mc);
        if (problem != null) {
            state.rm.removeControllerInterfaces(mc.name);
            mc.ownEntries = new InterfaceEntry[0];
            call(() -> mc.controller.onCleanup(LifecycleState.INACTIVE), mc);
            mc.set(ManagedController.UNCONFIGURED);
            mc.recordFault(Fault.CONFIGURATION, problem);
            return Result.failed(Reason.INVALID_ARGUMENT, "Controller '" + name + "' failed to configure: " + problem);
        }
        mc.recordFault(Fault.NONE, null);
        mc.set(ManagedController.INACTIVE);
        return Result.ok("Configured controller '" + name + "'" + rateNote(mc) + "; it is inactive");
    }

    private String rateNote(ManagedController mc) {
        int loopRate = state.config.rate();
        int requested = mc.context.parameters().getInt("update_rate", 0);
        if (requested > loopRate) {
            return " (update_rate " + requested + " Hz is above the loop rate: it runs every cycle at " + loopRate
                    + " Hz)";
        }
        if (requested > 0 && requested != mc.rate) {
            return " (update_rate " + requested + " Hz does not divide the loop rate " + loopRate + " Hz: it runs at "
                    + mc.rate + " Hz)";
        }
        return "";
    }

    /** Reads rate and interfaces after a successful onConfigure; null, or what is wrong. */
    private String adoptConfiguration(ManagedController mc) {
        try {
            int requested = mc.context.parameters().getInt("update_rate", 0);
            if (requested < 0) {
                return "update_rate must not be negative, got " + requested;
            }
            mc.rate = RateRule.effectiveRate(requested, state.config.rate());
            InterfaceConfiguration cc = mc.controller.commandInterfaceConfiguration();
            InterfaceConfiguration sc = mc.controller.stateInterfaceConfiguration();
            mc.commandConfig = cc == null ? InterfaceConfiguration.NONE : cc;
            mc.stateConfig = sc == null ? InterfaceConfiguration.NONE : sc;
            String dup = duplicate(mc.commandConfig.names());
            if (dup != null) {
                return "the command interface '" + dup + "' is listed twice";
            }
            dup = duplicate(mc.stateConfig.names());
            if (dup != null) {
                return "the state interface '" + dup + "' is listed twice";
            }
            if (mc.chainable != null) {
                String exports = adoptExports(mc);
                if (exports != null) {
                    return exports;
                }
            }
            List<ManagedController> configured = new ArrayList<>();
            for (ManagedController c : state.controllers.values()) {
                if (c == mc || c.isConfigured()) {
                    configured.add(c);
                }
            }
            ChainResolver r = ChainResolver.resolve(configured, state.rm);
            if (!r.cycle.isEmpty()) {
                return "it would close the controller chain cycle " + String.join(" -> ", r.cycle);
            }
            return null;
        } catch (ResourceException | IllegalArgumentException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    /** A chainable controller's reference and exported state interfaces into the slot table; null or why not. */
    private String adoptExports(ManagedController mc) {
        List<String> refs = List.copyOf(mc.chainable.exportReferenceInterfaces());
        List<String> exported = List.copyOf(mc.chainable.exportStateInterfaces());
        if (refs.isEmpty() && exported.isEmpty()) {
            return "a chainable controller must export reference or state interfaces, it exports none";
        }
        List<String> all = new ArrayList<>(refs);
        all.addAll(exported);
        for (String n : all) {
            if (!n.startsWith(mc.name + "/")) {
                return "the exported interface '" + n + "' must start with the controller's name '" + mc.name + "/'";
            }
        }
        state.rm.addControllerInterfaces(mc.name, refs, exported);
        mc.references = refs;
        mc.exportedStates = exported;
        mc.ownEntries = state.rm.controllerInterfaces(mc.name).toArray(new InterfaceEntry[0]);
        return null;
    }

    private static String duplicate(List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                return n;
            }
        }
        return null;
    }

    /** Under the lock: INACTIVE → UNCONFIGURED; a no-op for an UNCONFIGURED controller. */
    Result cleanup(ManagedController mc) {
        int code = mc.code();
        if (code == ManagedController.UNCONFIGURED) {
            return Result.ok("Controller '" + mc.name + "' is unconfigured already");
        }
        if (code == ManagedController.ACTIVE) {
            return Result.failed(Reason.WRONG_STATE, "Controller '" + mc.name
                    + "' is active; deactivate it before cleaning it up");
        }
        if (code != ManagedController.INACTIVE) {
            return Result.failed(Reason.WRONG_STATE, "Controller '" + mc.name + "' is " + mc.lifecycleState()
                    + " and cannot be cleaned up");
        }
        Result r = cleanupInactive(mc);
        plans.rebuild();
        return r;
    }

    /** Under the lock: onCleanup of an INACTIVE controller and its exported interfaces out; no new plan. */
    Result cleanupInactive(ManagedController mc) {
        if (!mc.enterBusy(ManagedController.INACTIVE)) {
            return Result.failed(Reason.BUSY, "Controller '" + mc.name + "' is " + mc.lifecycleState()
                    + " and cannot be cleaned up");
        }
        CallbackReturn r = call(() -> mc.controller.onCleanup(LifecycleState.INACTIVE), mc);
        if (r == CallbackReturn.FAILURE) {
            mc.set(ManagedController.INACTIVE);
            return Result.failed(Reason.CALLBACK_FAILED, "Controller '" + mc.name
                    + "' failed to clean up (onCleanup answered FAILURE)" + reason(mc));
        }
        state.rm.removeControllerInterfaces(mc.name);
        mc.ownEntries = new InterfaceEntry[0];
        mc.references = List.of();
        mc.exportedStates = List.of();
        mc.prepared = null;
        if (r == CallbackReturn.ERROR) {
            errorHandling(mc, LifecycleState.INACTIVE);
            return Result.failed(Reason.CALLBACK_FAILED, "Controller '" + mc.name
                    + "' failed to clean up (onCleanup answered ERROR)" + reason(mc));
        }
        mc.set(ManagedController.UNCONFIGURED);
        return Result.ok("Cleaned up controller '" + mc.name + "'; it is unconfigured");
    }

    private static void errorHandling(ManagedController mc, LifecycleState previous) {
        CallbackReturn e = call(() -> mc.controller.onError(previous), mc);
        mc.set(e == CallbackReturn.SUCCESS ? ManagedController.UNCONFIGURED : ManagedController.FINALIZED);
    }

    /** Under the lock: cleans up (when INACTIVE), shuts down and removes a controller that is not ACTIVE. */
    Result unload(ManagedController mc) {
        int code = mc.code();
        if (code == ManagedController.ACTIVE) {
            return Result.failed(Reason.WRONG_STATE, "Controller '" + mc.name
                    + "' can not be unloaded because it is still active");
        }
        if (code == ManagedController.BUSY) {
            return Result.failed(Reason.BUSY, "Controller '" + mc.name + "' is changing state; try again");
        }
        if (code == ManagedController.INACTIVE) {
            Result r = cleanupInactive(mc);
            if (!r.ok() && mc.code() == ManagedController.INACTIVE) {
                return r;
            }
        }
        shutdown(mc);
        state.controllers.remove(mc.name);
        state.publishControllers();
        plans.rebuild();
        return Result.ok("Unloaded controller '" + mc.name + "'");
    }

    /** onShutdown of a controller that is not ACTIVE, and FINALIZED. */
    static void shutdown(ManagedController mc) {
        if (mc.code() != ManagedController.FINALIZED) {
            call(() -> mc.controller.onShutdown(mc.lifecycleState()), mc);
            mc.set(ManagedController.FINALIZED);
        }
    }

    /** Under the lock: new parameter values, taken at the next configure or, for live ones, right away. */
    Result setParameters(ManagedController mc, Map<String, ?> values) {
        String name = mc.name;
        Parameters p = mc.context.parameters();
        for (Map.Entry<String, ?> e : values.entrySet()) {
            p = p.with(e.getKey(), e.getValue());
        }
        if (!mc.isActive()) {
            mc.context.setParameters(p);
            return Result.ok("Controller '" + name + "' takes the parameters at its next configure");
        }
        Set<String> live = mc.controller.liveParameters();
        for (String k : values.keySet()) {
            if (live == null || !live.contains(k)) {
                return Result.failed(Reason.WRONG_STATE, "Controller '" + name + "' is active and parameter '" + k
                        + "' cannot change while it is; live parameters: " + (live == null ? Set.of() : new TreeSet<>(live)));
            }
        }
        boolean accepted;
        try {
            accepted = mc.controller.onParametersChanged(p);
        } catch (RuntimeException e) {
            return Result.failed(Reason.INVALID_ARGUMENT, "Controller '" + name + "' refused the parameters: "
                    + e.getMessage());
        }
        if (!accepted) {
            return Result.failed(Reason.INVALID_ARGUMENT, "Controller '" + name + "' refused the parameters" + reason(mc));
        }
        mc.context.setParameters(p);
        return Result.ok("Controller '" + name + "' took the parameters while active");
    }
}
