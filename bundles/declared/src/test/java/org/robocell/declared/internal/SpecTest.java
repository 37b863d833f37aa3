package org.robocell.declared.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Reading a controller configuration: names, target state and parameters in their two forms. */
class SpecTest {

    private static Map<String, Object> config(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    @Test
    void aCfgFileDeclaresAnActiveControllerWithTypedParameters() {
        Spec s = Spec.of(config("name", "fwd", "robot", "fr3",
                "type", "forward_command_controller/ForwardCommandController", "param.joints", "[joint1, joint2]",
                "param.interface_name", "position", "param.gains.joint1.p", "2.5", "param.steps", "3",
                "param.open_loop", "true", "service.factoryPid", "org.robocell.controller"));
        assertEquals("fr3", s.robot());
        assertEquals("fwd", s.name());
        assertEquals(2, s.target());
        assertEquals(Map.of("joints", List.of("joint1", "joint2"), "interface_name", "position", "gains.joint1.p", 2.5,
                "steps", 3L, "open_loop", true), s.parameters());
    }

    @Test
    void theParametersAttributeAndTypedValuesAreReadToo() {
        Spec s = Spec.of(config("name", "pid", "state", "configured",
                "parameters", new String[] { "joints=[joint3]", "gains.joint3.i=0.1" },
                "param.limits", new double[] { 1.0, 2.0 }, "param.names", new String[] { "a", "b" }));
        assertEquals(1, s.target());
        assertEquals("", s.robot());
        assertEquals(Map.of("joints", List.of("joint3"), "gains.joint3.i", 0.1, "limits", List.of(1.0, 2.0),
                "names", List.of("a", "b")), s.parameters());
    }

    @Test
    void aWrongDeclarationIsRefusedWithOneLine() {
        IllegalArgumentException noName = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("type", "x/Y")));
        assertEquals("a controller configuration (org.robocell.controller) needs a 'name'", noName.getMessage());
        IllegalArgumentException state = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "state", "running")));
        assertEquals("controller 'fwd': state 'running' is not one of loaded, configured, active", state.getMessage());
        IllegalArgumentException entry = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "parameters", new String[] { "joints" })));
        assertEquals("controller 'fwd': 'joints' is not key=value (e.g. gains.joint1.p=2.5)", entry.getMessage());
    }

    @Test
    void aMistypedKeyOrStateIsRefusedWithTheClosestKnownOne() {
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "stat", "active")));
        assertEquals("controller 'fwd': unknown key 'stat' (did you mean 'state'?); expected robot, name, type, state,"
                + " parameters or param.<parameter>", key.getMessage());
        IllegalArgumentException state = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "state", "activ")));
        assertEquals("controller 'fwd': state 'activ' is not one of loaded, configured, active (did you mean 'active'?)",
                state.getMessage());
        Spec.of(config("name", "fwd", "service.pid", "x", "felix.fileinstall.filename", "file:/x.cfg",
                "component.id", 3L));
    }

    @Test
    void valuesReadAsTheShellReadsThemWithTheSameRefusals() {
        Spec s = Spec.of(config("name", "fwd", "param.a", "NaN", "param.b", ".nan", "param.c", "'12'",
                "param.d", "0x10", "param.e", "[[1, 2], [x]]", "param.f", "yes"));
        assertEquals("NaN", s.parameters().get("a"), "Java's NaN is text, so a number parameter refuses it");
        assertTrue(Double.isNaN((Double) s.parameters().get("b")));
        assertEquals("12", s.parameters().get("c"));
        assertEquals(16L, s.parameters().get("d"));
        assertEquals(List.of(List.of(1L, 2L), List.of("x")), s.parameters().get("e"));
        assertEquals("yes", s.parameters().get("f"));
        IllegalArgumentException unclosed = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "param.joints", "[joint1, joint2")));
        assertEquals("controller 'fwd': parameter 'joints': the '[' at character 1 is not closed; expected ']'",
                unclosed.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> Spec.of(config("name", "fwd", "param.", "1")));
        assertTrue(empty.getMessage().contains("names no parameter"), empty.getMessage());
    }
}
