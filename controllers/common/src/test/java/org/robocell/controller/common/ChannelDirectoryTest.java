package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.ChannelRegistry;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;

class ChannelDirectoryTest {

    private final ChannelDirectory directory = new ChannelDirectory();

    @Test
    void channelsAreFoundByNameAndTypeAndListedSorted() {
        CommandInput in = new CommandInput("b/commands");
        StateOutput out = new StateOutput("a/state", List.of());
        directory.register(in.name(), in);
        directory.register(out.name(), out);
        assertEquals(List.of("a/state", "b/commands"), directory.names());
        assertEquals(in, directory.find("b/commands", CommandInput.class).orElseThrow());
        assertTrue(directory.find("b/commands", StateOutput.class).isEmpty());
    }

    @Test
    void aTakenNameIsRefusedAndFreedWhenItsHolderCloses() {
        ChannelRegistry.Registration first = directory.register("x", new CommandInput("x"));
        assertThrows(IllegalStateException.class, () -> directory.register("x", new CommandInput("x")));
        first.close();
        directory.register("x", new CommandInput("x"));
        first.close();
        assertTrue(directory.find("x").isPresent(), "a stale registration does not remove its successor");
    }
}
