package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Result;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.internal.ControllerNameRule.Violation;

/** Controller names follow ROS 2's node and topic name rules; load refuses any other. */
class ControllerNameRuleTest {

    @Test
    void namesAndNamespacedNamesOfLettersDigitsAndUnderscoresAreValid() {
        for (String ok : List.of("jtc", "joint_trajectory_controller", "kr6/joint_trajectory_controller", "_private",
                "a1", "A/B/c_3", "x".repeat(ControllerNameRule.LONGEST))) {
            assertNull(ControllerNameRule.violation(ok), ok);
        }
    }

    @Test
    void everyRuleHasItsViolation() {
        assertEquals(Violation.EMPTY, ControllerNameRule.violation(""));
        assertEquals(Violation.TOO_LONG, ControllerNameRule.violation("x".repeat(ControllerNameRule.LONGEST + 1)));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("../../etc"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("a.b"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("a b"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("a-b"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("~/a"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("{ns}/a"));
        assertEquals(Violation.UNALLOWED_CHARACTER, ControllerNameRule.violation("caf\u00e9"));
        assertEquals(Violation.EMPTY_SEGMENT, ControllerNameRule.violation("/a"));
        assertEquals(Violation.EMPTY_SEGMENT, ControllerNameRule.violation("a/"));
        assertEquals(Violation.EMPTY_SEGMENT, ControllerNameRule.violation("a//b"));
        assertEquals(Violation.EMPTY_SEGMENT, ControllerNameRule.violation("/"));
        assertEquals(Violation.SEGMENT_STARTS_WITH_NUMBER, ControllerNameRule.violation("6axis"));
        assertEquals(Violation.SEGMENT_STARTS_WITH_NUMBER, ControllerNameRule.violation("kr6/6axis"));
    }

    @Test
    void theRefusalIsOneLineNamingTheNameAndWhatIsExpected() {
        assertEquals("Controller name '../../etc' is not a valid ROS 2 name: '.' at character 1 is not allowed;"
                + " expected letters, digits and '_', not starting with a digit, with '/' only between a namespace"
                + " and the name (e.g. kr6/joint_trajectory_controller)", ControllerNameRule.problem("../../etc"));
        String control = ControllerNameRule.problem("a\nb");
        assertFalse(control.contains("\n"), control);
        assertTrue(control.contains("U+000A at character 2"), control);
        assertTrue(ControllerNameRule.problem("a//b").contains("it has an empty segment ('//')"));
    }

    @Test
    void loadRefusesAnInvalidNameOnEveryPathAndLoadsNothing() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.controller("fwd", List.of("joint1/position"), List.of());
        for (String bad : List.of("../../etc", "a//b", "/abs", "1st", "name with spaces")) {
            Result r = rig.cm.load(bad, "test/fwd");
            assertFalse(r.ok(), bad);
            assertTrue(r.message().startsWith("Controller name '"), r.message());
            assertTrue(rig.cm.controller(bad).isEmpty(), bad);
        }
        assertTrue(rig.cm.controllers().isEmpty());
        assertTrue(rig.cm.load("kr6/fwd_copy", "test/fwd").ok(), "a namespaced name loads");
    }
}
