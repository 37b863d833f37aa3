package org.robocell.api.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CommandInputTest {

    @Test
    void pollHandsOverTheNewestCommandOnce() {
        CommandInput in = new CommandInput("c/commands");
        assertNull(in.poll());
        in.offer(1.0);
        in.offer(2.0, 3.0);
        assertArrayEquals(new double[] { 2.0, 3.0 }, in.poll());
        assertNull(in.poll());
    }

    @Test
    void theOfferedArrayIsCopiedSoTheSenderMayReuseIt() {
        CommandInput in = new CommandInput("c/commands");
        double[] buffer = { 1.0 };
        in.offer(buffer);
        buffer[0] = 99.0;
        assertEquals(1.0, in.poll()[0]);
    }

    @Test
    void finiteOnlyDropsAndCountsNonFiniteCommands() {
        CommandInput in = CommandInput.finiteOnly("c/commands");
        assertFalse(in.offer(Double.NaN));
        assertFalse(in.offer(Double.NEGATIVE_INFINITY));
        assertTrue(in.offer(0.5));
        assertEquals(2, in.rejectedCount());
        assertEquals(1, in.acceptedCount());
        assertEquals(0.5, in.poll()[0]);
    }

    @Test
    void clearForgetsAPendingCommand() {
        CommandInput in = new CommandInput("c/commands");
        in.offer(1.0);
        in.clear();
        assertNull(in.poll());
    }

    @Test
    void aMailboxWithFieldsRefusesTheWrongNumberOfValuesFromAnyCaller() {
        CommandInput in = CommandInput.of("fwd/commands", List.of("j1/position", "j2/position", "j3/position"),
                CommandInput.ValueRule.FINITE);
        assertFalse(in.offer(1.0, 2.0));
        assertFalse(in.offer(1.0, 2.0, 3.0, 4.0));
        assertEquals(CommandInput.Refusal.WRONG_COUNT, in.check(1.0));
        assertEquals("fwd/commands takes 3 values (j1/position, j2/position, j3/position), got 2",
                in.explain(1.0, 2.0));
        assertNull(in.poll(), "nothing refused reaches the loop");
        assertTrue(in.offer(1.0, 2.0, 3.0));
        assertArrayEquals(new double[] { 1.0, 2.0, 3.0 }, in.poll());
        assertEquals(2, in.rejectedCount());
        assertNull(in.explain(1.0, 2.0, 3.0));
    }

    @Test
    void aFiniteMailboxRefusesNaNAndInfinityNamingTheField() {
        CommandInput in = CommandInput.of("fwd/commands", List.of("j1/position", "j2/position"),
                CommandInput.ValueRule.FINITE);
        assertFalse(in.offer(0.0, Double.NaN));
        assertFalse(in.offer(Double.POSITIVE_INFINITY, 0.0));
        assertEquals(CommandInput.Refusal.NOT_FINITE, in.check(0.0, Double.NaN));
        assertEquals("fwd/commands takes finite numbers, got NaN for j2/position", in.explain(0.0, Double.NaN));
        assertNull(in.poll());
        assertTrue(in.offer(1e308, -1e308), "range is not the mailbox's business, only form");
    }

    @Test
    void aMailboxThatAllowsNaNStillRefusesInfinity() {
        CommandInput in = CommandInput.of("pid/reference", List.of("a/position", "b/position"),
                CommandInput.ValueRule.FINITE_OR_NAN);
        assertTrue(in.offer(Double.NaN, 1.0), "NaN: no reference for that DOF");
        assertFalse(in.offer(Double.NEGATIVE_INFINITY, 1.0));
        assertEquals("pid/reference takes finite numbers or NaN, got -Infinity for a/position",
                in.explain(Double.NEGATIVE_INFINITY, 1.0));
    }

    @Test
    void reshapingTakesNewFieldsAndDropsACommandForTheOldOnes() {
        CommandInput in = CommandInput.of("fwd/commands", List.of("a"), CommandInput.ValueRule.FINITE);
        assertTrue(in.offer(1.0));
        in.reshape(List.of("a", "b"));
        assertNull(in.poll());
        assertEquals(List.of("a", "b"), in.fields());
        assertFalse(in.offer(1.0));
        assertTrue(in.offer(1.0, 2.0));
        assertThrows(IllegalStateException.class, () -> new CommandInput("x").reshape(List.of("a")));
    }

    @Test
    void aMailboxWithoutFieldsTakesAnyLengthAsBefore() {
        CommandInput in = CommandInput.finiteOnly("c/commands");
        assertEquals(List.of(), in.fields());
        assertTrue(in.offer(1.0, 2.0, 3.0));
        assertEquals(CommandInput.Refusal.NOT_ACCEPTED, in.check(Double.NaN));
    }

    @Test
    void aMailboxWithItsOwnTestRefusesWhatItDoesNotAcceptAndSaysWhatItTakes() {
        CommandInput in = CommandInput.of("c/pose", List.of("x", "w"), CommandInput.ValueRule.FINITE,
                v -> Math.abs(v[1]) == 1.0, "w of 1 or -1");
        assertFalse(in.offer(0.5, 0.5));
        assertEquals(1, in.rejectedCount());
        assertEquals(CommandInput.Refusal.NOT_ACCEPTED, in.check(0.5, 0.5));
        assertEquals("c/pose takes w of 1 or -1, got [0.5, 0.5]", in.explain(0.5, 0.5));
        assertEquals("c/pose takes finite numbers, got NaN for w", in.explain(0.5, Double.NaN),
                "the rule is checked first: the test sees only well-formed commands");
        assertNull(in.poll());
        assertTrue(in.offer(0.5, -1.0));
        assertArrayEquals(new double[] { 0.5, -1.0 }, in.poll());
    }
}
