package org.robocell.declared.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.ControllerManager;
import org.robocell.api.cell.ControllerSnapshot;
import org.robocell.api.cell.HardwareSnapshot;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * A declaration whose parameters the controller refuses leaves the controller as it was, with one line saying why:
 * a running controller is not taken down for a value it would not take.
 */
class AttemptTest {

    private static final String TYPE = "forward_command_controller/ForwardCommandController";

    /** The forward controller's rule: joints, a list of strings; interface_name, not empty. */
    private static final Attempt.Checker FORWARD = (type, candidate) -> ParameterCheck.check(candidate,
            ParameterNames.of("joints", "interface_name"), p -> {
                p.getStringList("joints");
                if (p.getString("interface_name").isBlank()) {
                    throw new ParameterException("interface_name", "parameter 'interface_name' must not be empty");
                }
            });

    private final ScriptedManager m = new ScriptedManager();
    private final List<String> problems = new ArrayList<>();

    private Spec spec(Object... params) {
        Map<String, Object> p = new LinkedHashMap<>(Map.of("name", "jog", "robot", "fr3", "type", TYPE,
                "state", "active"));
        for (int i = 0; i < params.length; i += 2) {
            p.put("param." + params[i], params[i + 1]);
        }
        return Spec.of(p);
    }

    private boolean run(Spec s, Map<String, Object> changed) {
        return new Attempt(m, s, FORWARD, problems::add).run(changed);
    }

    @Test
    void aGoodDeclarationIsLoadedGivenItsParametersConfiguredAndActivated() {
        Spec s = spec("joints", "[joint7]", "interface_name", "position");
        assertTrue(run(s, null), problems.toString());
        assertEquals(LifecycleState.ACTIVE, m.state);
        assertEquals(List.of("joint7"), m.parameters.get("joints"));
        assertEquals(List.of(), problems);
    }

    @Test
    void aNewDeclarationWithAValueTheControllerRefusesIsLoadedButNotConfiguredAndSaysWhy() {
        Spec s = spec("joints", "5", "interface_name", "position");
        assertFalse(run(s, null));
        assertEquals(LifecycleState.UNCONFIGURED, m.state);
        assertFalse(m.parameters.containsKey("joints"), "nothing was set");
        assertEquals(List.of("parameters refused, nothing changed: parameter 'joints' must be a list of strings,"
                + " got 5"), problems);
    }

    @Test
    void aRunningControllerIsNotTakenDownForAChangeItWouldRefuse() {
        Spec good = spec("joints", "[joint7]", "interface_name", "position");
        assertTrue(run(good, null));
        int switches = m.switches;
        Spec typo = spec("joints", "[joint7]", "interface_nme", "velocity");
        assertFalse(run(typo, typo.parameters()));
        assertEquals(LifecycleState.ACTIVE, m.state, "still running");
        assertEquals(switches, m.switches, "never deactivated");
        assertEquals("position", m.parameters.get("interface_name"));
        assertEquals("parameters refused, nothing changed: unknown parameter 'interface_nme' (did you mean"
                + " 'interface_name'?)", problems.get(0));
    }

    @Test
    void aRunningControllerTakesAGoodChangeByDeactivatingReconfiguringAndActivating() {
        assertTrue(run(spec("joints", "[joint7]", "interface_name", "position"), null));
        Spec wider = spec("joints", "[joint6, joint7]", "interface_name", "position");
        assertTrue(run(wider, wider.parameters()), problems.toString());
        assertEquals(LifecycleState.ACTIVE, m.state);
        assertEquals(List.of("joint6", "joint7"), m.parameters.get("joints"));
    }

    /** One controller, {@code jog}, in a manager that checks parameters the way the real one does. */
    private static final class ScriptedManager implements ControllerManager {
        LifecycleState state;
        final Map<String, Object> parameters = new TreeMap<>();
        int switches;

        @Override
        public String robot() {
            return "fr3";
        }

        @Override
        public int updateRate() {
            return 1000;
        }

        @Override
        public List<ControllerSnapshot> controllers() {
            return controller("jog").stream().toList();
        }

        @Override
        public Optional<ControllerSnapshot> controller(String name) {
            if (state == null || !name.equals("jog")) {
                return Optional.empty();
            }
            return Optional.of(new ControllerSnapshot("jog", TYPE, state, 1000, List.of(), List.of(), List.of(), false,
                    false, List.of(), List.of(), List.of(), 0, 0, null, new Parameters("fr3: jog", parameters)));
        }

        @Override
        public Map<String, String> declaredControllers() {
            return Map.of();
        }

        @Override
        public List<String> types() {
            return List.of(TYPE);
        }

        @Override
        public Result load(String name) {
            return Result.failed("not declared");
        }

        @Override
        public Result load(String name, String type) {
            state = LifecycleState.UNCONFIGURED;
            return Result.ok("loaded");
        }

        @Override
        public Result configure(String name) {
            ParameterCheck c = FORWARD.check(TYPE, new Parameters("fr3: jog", parameters));
            if (!c.ok() || state == LifecycleState.ACTIVE) {
                return Result.failed("failed to configure: " + c.message());
            }
            state = LifecycleState.INACTIVE;
            return Result.ok("configured");
        }

        @Override
        public Result cleanup(String name) {
            state = LifecycleState.UNCONFIGURED;
            return Result.ok("cleaned up");
        }

        @Override
        public Result unload(String name) {
            state = null;
            return Result.ok("unloaded");
        }

        @Override
        public CompletionStage<Result> reload(String name) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Result setParameters(String controller, Map<String, ?> values) {
            Map<String, Object> merged = new TreeMap<>(parameters);
            merged.putAll(values);
            ParameterCheck c = FORWARD.check(TYPE, new Parameters("fr3: jog", merged)).relevantTo(values.keySet());
            if (!c.ok()) {
                return Result.failed("refused: " + c.message());
            }
            if (state == LifecycleState.ACTIVE) {
                return Result.failed("not live");
            }
            parameters.putAll(values);
            return Result.ok("set");
        }

        @Override
        public CompletionStage<SwitchResult> switchControllers(List<String> activate, List<String> deactivate,
                Strictness strictness, int timeoutCycles) {
            switches++;
            if (!activate.isEmpty()) {
                state = LifecycleState.ACTIVE;
            } else if (!deactivate.isEmpty()) {
                state = LifecycleState.INACTIVE;
            }
            return CompletableFuture.completedFuture(new SwitchResult(true, "switched", activate, deactivate, 1));
        }

        @Override
        public ChainGraph chains() {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<HardwareSnapshot> hardware() {
            return List.of();
        }

        @Override
        public Optional<HardwareSnapshot> hardware(String name) {
            return Optional.empty();
        }

        @Override
        public List<InterfaceSnapshot> interfaces() {
            return List.of();
        }

        @Override
        public CompletionStage<HardwareStateResult> requestHardwareState(String name, LifecycleState target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public LoopStats stats() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void resetStats() {
        }
    }
}
