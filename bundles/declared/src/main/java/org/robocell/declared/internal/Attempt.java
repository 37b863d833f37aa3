package org.robocell.declared.internal;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * One attempt to take a declared controller to its declared state, through the robot's {@link ControllerManager}
 * only: load, parameters, configure, switch at a cycle boundary. A parameter change is checked by the controller
 * ({@link ParameterCheck}) before anything changes, so that a wrong value leaves a running controller running as it
 * was, with one line saying why; the manager checks it again when it is set.
 */
final class Attempt {

    /** The controller's verdict on a candidate parameter set, for a controller of {@code type}. */
    interface Checker {
        ParameterCheck check(String type, Parameters candidate);
    }

    private final ControllerManager m;
    private final Spec s;
    private final Checker checker;
    private final Consumer<String> problem;

    /**
     * @param problem told, in one line, what keeps the declaration from being applied
     */
    Attempt(ControllerManager m, Spec s, Checker checker, Consumer<String> problem) {
        this.m = m;
        this.s = s;
        this.checker = checker;
        this.problem = problem;
    }

    /**
     * One attempt; whether the controller is in the declared state afterwards. {@code changed} are parameters a
     * configuration update changed (null: none).
     */
    boolean run(Map<String, Object> changed) {
        ControllerSnapshot c = m.controller(s.name()).orElse(null);
        if (c == null) {
            if (!s.type().isEmpty() && !m.types().contains(s.type())) {
                problem.accept("waiting for type " + s.type() + " on robot " + m.robot());
                return false;
            }
            Result r = s.type().isEmpty() ? m.load(s.name()) : m.load(s.name(), s.type());
            if (!r.ok() && m.controller(s.name()).isEmpty()) {
                problem.accept(r.message());
                return false;
            }
            changed = s.parameters();
            c = m.controller(s.name()).orElseThrow();
        } else if (!s.type().isEmpty() && !s.type().equals(c.type())) {
            problem.accept("robot " + m.robot() + " runs it as type " + c.type() + ", the configuration declares "
                    + s.type());
            return false;
        } else if (c.state() == LifecycleState.UNCONFIGURED && !s.parameters().isEmpty()) {
            changed = s.parameters();
        }
        boolean reconfigure = false;
        if (changed != null && !changed.isEmpty()) {
            String refused = refusal(c, changed);
            if (refused != null) {
                problem.accept(refused);
                return false;
            }
            if (c.state() == LifecycleState.ACTIVE && !m.setParameters(s.name(), changed).ok()) {
                // not live parameters: take it down, give it the parameters and bring it up again below
                if (!step(List.of(), List.of(s.name())) || !check(m.setParameters(s.name(), changed))) {
                    return false;
                }
                reconfigure = true;
            } else if (c.state() != LifecycleState.ACTIVE) {
                if (!check(m.setParameters(s.name(), changed))) {
                    return false;
                }
                reconfigure = c.state() == LifecycleState.INACTIVE;
            }
        }
        if (reconfigure && s.target() >= 1 && !check(m.configure(s.name()))) {
            return false;
        }
        for (int guard = 0; guard < 4; guard++) {
            int rank = rank(m.controller(s.name()).map(ControllerSnapshot::state).orElse(null));
            if (rank == s.target()) {
                return true;
            }
            if (rank < 0) {
                return false;
            }
            boolean moved;
            if (rank < s.target()) {
                moved = rank == 0 ? check(m.configure(s.name())) : step(List.of(s.name()), List.of());
            } else {
                moved = rank == 2 ? step(List.of(), List.of(s.name())) : check(m.cleanup(s.name()));
            }
            if (!moved) {
                return false;
            }
        }
        return false;
    }

    /** The controller's objection to the change, in one line; null when it has none. */
    private String refusal(ControllerSnapshot c, Map<String, Object> changed) {
        Parameters current = c.parameters() == null ? Parameters.empty(s.name()) : c.parameters();
        Map<String, Object> merged = new TreeMap<>(current.asMap());
        merged.putAll(changed);
        ParameterCheck verdict = checker.check(c.type(), new Parameters(current.source(), merged));
        if (verdict == null) {
            return null;
        }
        ParameterCheck relevant = verdict.relevantTo(changed.keySet());
        return relevant.ok() ? null : "parameters refused, nothing changed: " + relevant.message();
    }

    /** Deactivates (at one cycle boundary) and unloads the controller. */
    void remove() {
        ControllerSnapshot c = m.controller(s.name()).orElse(null);
        if (c == null) {
            return;
        }
        if (c.state() == LifecycleState.ACTIVE) {
            step(List.of(), List.of(s.name()));
        }
        check(m.unload(s.name()));
    }

    private boolean step(List<String> activate, List<String> deactivate) {
        SwitchResult r = m.switchControllers(activate, deactivate, Strictness.STRICT, 0).toCompletableFuture()
                .orTimeout(30, TimeUnit.SECONDS).join();
        if (!r.ok()) {
            problem.accept(r.message());
        }
        return r.ok();
    }

    private boolean check(Result r) {
        if (!r.ok()) {
            problem.accept(r.message());
        }
        return r.ok();
    }

    private static int rank(LifecycleState state) {
        if (state == null) {
            return -1;
        }
        return switch (state) {
            case UNCONFIGURED -> 0;
            case INACTIVE -> 1;
            case ACTIVE -> 2;
            default -> -1;
        };
    }
}
