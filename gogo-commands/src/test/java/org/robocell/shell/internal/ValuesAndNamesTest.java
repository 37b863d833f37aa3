package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class ValuesAndNamesTest {

    @Test
    void typedValuesAreReadAsYamlWouldReadThem() {
        assertEquals(2L, Values.parse("2"));
        assertEquals(2.5, Values.parse("2.5"));
        assertEquals(-1e-3, Values.parse("-1e-3"));
        assertEquals(Boolean.TRUE, Values.parse("true"));
        assertEquals(List.of("a1", "a2"), Values.parse("[a1, a2]"));
        assertEquals(List.of(1L, 2.5), Values.parse("[1,2.5]"));
        assertEquals(List.of(), Values.parse("[]"));
        assertEquals("position", Values.parse("position"));
        assertEquals("12", Values.parse("'12'"), "quotes keep a string a string");
        assertEquals("Infinity", Values.parse("Infinity"), "words are strings, not doubles");
        assertEquals("NaN", Values.parse("NaN"));
    }

    @Test
    void aMistypedNameGetsTheClosestKnownOne() {
        assertEquals("; did you mean 'joint_trajectory_controller'?",
                Names.suggest("joint_trajectroy_controller", List.of("joint_state_broadcaster", "joint_trajectory_controller")));
        assertEquals("; known: jsb, fwd", Names.suggest("something_else_entirely", List.of("jsb", "fwd")));
        assertEquals("", Names.suggest("x", List.of()));
    }

    @Test
    void aFailedCommandPrintsAsOneLine() {
        String printed = new CommandFailed("controller 'x' is not loaded").toString();
        assertEquals("error: controller 'x' is not loaded", printed);
        assertTrue(!printed.contains("\n"));
    }
}
