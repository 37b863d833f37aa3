package org.robocell.api.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
