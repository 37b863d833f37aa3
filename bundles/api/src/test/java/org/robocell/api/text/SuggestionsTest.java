package org.robocell.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * The one "did you mean" rule. The cases are those the controller manager, the cell, the description readers and the
 * shell answered with their own copies, so the helper replaces each of them without changing a message.
 */
class SuggestionsTest {

    @Test
    void aTypoWithinAThirdOfTheNameIsSuggested() {
        assertEquals(" (did you mean 'test/fwd'?)", Suggestions.didYouMean("test/fdw", List.of("test/fwd", "test/jtc")));
        assertEquals(" (did you mean 'joint_state_broadcaster'?)", Suggestions.didYouMean("joint_state_brodcaster",
                List.of("joint_trajectory_controller", "joint_state_broadcaster")));
        assertEquals(" (did you mean 'joint_trajectory_controller'?)", Suggestions.didYouMean(
                "joint_trajectroy_controller", List.of("joint_state_broadcaster", "joint_trajectory_controller")));
        assertEquals(" (did you mean 'ros__parameters'?)", Suggestions.didYouMean("ros_parameters",
                List.of("ros__parameters")));
        assertEquals(" (did you mean 'finger_left'?)", Suggestions.didYouMean("finger_lefft",
                List.of("finger_left", "finger_right", "spare_joint")));
    }

    @Test
    void shortNamesAllowTwoEditsSoSwappedLettersAreCaught() {
        assertEquals(Optional.of("jtc"), Suggestions.closest("jct", List.of("jtc")));
        assertEquals(Optional.of("hold"), Suggestions.closest("hld", List.of("hold", "move")));
        assertEquals(Optional.of("joint"), Suggestions.closest("joints", List.of("hardware", "joint", "sensor", "gpio")));
    }

    @Test
    void aNameThatContainsTheOtherIsSuggestedAsTheCellsControlModesWere() {
        assertEquals(" (did you mean 'holding'?)", Suggestions.didYouMean("hold", List.of("holding", "moving")));
        assertEquals(Optional.of("left_arm"), Suggestions.closest("left_arm_component", List.of("left_arm", "right_arm")));
    }

    @Test
    void caseDoesNotCountButTheSuggestionKeepsItsOwnCase() {
        assertEquals(Optional.of("FR3System"), Suggestions.closest("fr3system", List.of("FR3System", "KR6System")));
    }

    @Test
    void nothingCloseMeansNoSuggestionOrTheListOfKnownNames() {
        assertEquals("", Suggestions.didYouMean("something_else_entirely", List.of("jsb", "fwd")));
        assertEquals(" (known: jsb, fwd)", Suggestions.didYouMeanOrKnown("something_else_entirely", List.of("jsb", "fwd")));
        assertEquals("", Suggestions.didYouMeanOrKnown("x", List.of()));
        assertEquals("", Suggestions.didYouMean("x", List.of()));
    }

    @Test
    void longListsAreCutShort() {
        List<String> names = IntStream.range(0, 20).mapToObj(i -> "n" + i).toList();
        assertEquals("n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, ... (8 more)", Suggestions.list(names));
    }

    @Test
    void aHostileLongNameIsNotCompared() {
        String huge = "a".repeat(1_000_000);
        assertEquals(Optional.empty(), Suggestions.closest(huge, List.of("a", "aa")));
        assertEquals(Optional.empty(), Suggestions.closest("a", List.of(huge)));
    }
}
