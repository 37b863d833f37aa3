package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Result;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.ParameterException;
import org.robocell.api.controller.ParameterNames;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * setParameters asks the controller before it stores anything: a value the controller's configure would refuse, or
 * a name it does not know, is answered with one line and the parameters stay as they were.
 */
class ParameterGateTest {

    /** A controller that knows {@code joints} and {@code gain} (a number of at least 0), like the real ones do. */
    static final class CheckingController extends TestController {
        CheckingController(String name, List<String> log) {
            super(name, log, List.of("joint1/position"), List.of());
        }

        @Override
        public ParameterCheck checkParameters(Parameters candidate) {
            return ParameterCheck.check(candidate, ParameterNames.of("joints", "gain"), p -> {
                p.getStringList("joints");
                double g = p.getDouble("gain", 0.0);
                if (!(g >= 0) || Double.isInfinite(g)) {
                    throw new ParameterException("gain", "parameter 'gain' must be a finite number >= 0, got " + g);
                }
            });
        }
    }

    private Rig rig;
    private CheckingController c;

    @BeforeEach
    void arm() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        c = rig.declare("fwd", new CheckingController("fwd", rig.log), List.of(),
                Map.of("joints", List.of("joint1"), "gain", 1.0));
    }

    private Map<String, Object> stored() {
        return new HashMap<>(rig.cm.controller("fwd").orElseThrow().parameters().asMap());
    }

    @Test
    void aValueTheControllerWouldRefuseAtConfigureIsRefusedWhenSetAndNothingIsStored() {
        rig.loadAndConfigure("fwd");
        Map<String, Object> before = stored();
        Result negative = rig.cm.setParameters("fwd", Map.of("gain", -1L));
        assertFalse(negative.ok());
        assertEquals("Controller 'fwd' refused the parameters: parameter 'gain' must be a finite number >= 0, got -1.0",
                negative.message());
        Result text = rig.cm.setParameters("fwd", Map.of("gain", "abc"));
        assertEquals("Controller 'fwd' refused the parameters: parameter 'gain' must be a number, got 'abc'",
                text.message());
        Result nan = rig.cm.setParameters("fwd", Map.of("gain", Double.NaN, "joints", List.of("joint1")));
        assertFalse(nan.ok(), "one bad key refuses the whole change");
        Result notAList = rig.cm.setParameters("fwd", Map.of("joints", 5L));
        assertEquals("Controller 'fwd' refused the parameters: parameter 'joints' must be a list of strings, got 5",
                notAList.message());
        assertEquals(before, stored());
        assertTrue(rig.cm.configure("fwd").ok(), "the controller still configures with what it had");
    }

    @Test
    void anUnknownNameIsRefusedWithTheClosestKnownOne() {
        rig.cm.load("fwd");
        Result typo = rig.cm.setParameters("fwd", Map.of("gian", 2.0));
        assertEquals("Controller 'fwd' refused the parameters: unknown parameter 'gian' (did you mean 'gain'?)",
                typo.message());
        assertFalse(stored().containsKey("gian"));
        assertTrue(rig.cm.setParameters("fwd", Map.of("gain", 2.0, "update_rate", 10L)).ok(),
                "update_rate is every controller's");
        assertEquals(2.0, stored().get("gain"));
    }

    @Test
    void anActiveControllerIsAskedBeforeItsLiveParametersChange() {
        c.live = Set.of("gain");
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        assertFalse(rig.cm.setParameters("fwd", Map.of("gain", Double.POSITIVE_INFINITY)).ok());
        assertEquals(null, c.liveParameters, "onParametersChanged never saw the refused value");
        assertTrue(rig.cm.setParameters("fwd", Map.of("gain", 3.0)).ok());
        assertEquals(3.0, c.liveParameters.getDouble("gain"));
    }

    @Test
    void aKeyTheParametersAlreadyHadOrARequiredKeyStillMissingDoesNotBlockAnotherChange() {
        rig.declare("raw", new CheckingController("raw", rig.log), List.of(), Map.of("gian", 1.0));
        rig.cm.load("raw");
        assertTrue(rig.cm.setParameters("raw", Map.of("gain", 1.0)).ok(),
                "'joints' is still missing and 'gian' came from the controllers file: configure will say so");
    }

    @Test
    void aControllerWithoutItsOwnCheckTakesAnyParameterAsBefore() {
        rig.controller("plain", List.of("joint2/position"), List.of());
        rig.cm.load("plain");
        assertTrue(rig.cm.setParameters("plain", Map.of("anything", "goes")).ok());
    }

    @Test
    void aParameterWithoutANameOrAValueIsRefused() {
        rig.cm.load("fwd");
        Map<String, Object> nullValue = new HashMap<>();
        nullValue.put("gain", null);
        assertEquals("Controller 'fwd' refused the parameters: parameter 'gain' has no value",
                rig.cm.setParameters("fwd", nullValue).message());
        assertFalse(rig.cm.setParameters("fwd", Map.of(" ", 1.0)).ok());
    }
}
