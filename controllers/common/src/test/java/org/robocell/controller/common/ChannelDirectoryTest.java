package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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

    @Test
    void theSuccessorOfTheSameOwnerWaitsAndTakesTheNameOverWhenTheHolderCloses() {
        StateOutput old = new StateOutput("jsb/joint_states", List.of());
        StateOutput successor = new StateOutput("jsb/joint_states", List.of());
        ChannelRegistry.Registration held = directory.register(old.name(), old, "controller jsb of robot r");
        ChannelRegistry.Registration waiting = directory.register(successor.name(), successor, "controller jsb of robot r");
        assertSame(old, directory.find("jsb/joint_states").orElseThrow(), "the holder keeps the name until it lets go");
        held.close();
        assertSame(successor, directory.find("jsb/joint_states").orElseThrow(), "the successor holds it at once");
        held.close();
        assertSame(successor, directory.find("jsb/joint_states").orElseThrow(), "a stale close changes nothing");
        waiting.close();
        assertTrue(directory.find("jsb/joint_states").isEmpty());
    }

    @Test
    void aWithdrawnSuccessorLeavesTheHolderAndTheNameIsFreedWhenTheHolderCloses() {
        StateOutput old = new StateOutput("c/state", List.of());
        ChannelRegistry.Registration held = directory.register("c/state", old, "controller c");
        directory.register("c/state", new StateOutput("c/state", List.of()), "controller c").close();
        assertSame(old, directory.find("c/state").orElseThrow());
        held.close();
        assertEquals(List.of(), directory.names(), "the withdrawn successor never takes the name");
    }

    @Test
    void anotherOwnerOrNoOwnerIsRefusedWithTheHolderNamed() {
        directory.register("c/state", new StateOutput("c/state", List.of()), "controller c of robot r1");
        IllegalStateException other = assertThrows(IllegalStateException.class,
                () -> directory.register("c/state", new StateOutput("c/state", List.of()), "controller c of robot r2"));
        assertTrue(other.getMessage().startsWith("channel name 'c/state' is already taken by ")
                && other.getMessage().endsWith(" of controller c of robot r1"), other.getMessage());
        assertThrows(IllegalStateException.class, () -> directory.register("c/state", new StateOutput("c/state", List.of())));
        ChannelRegistry.Registration unowned = directory.register("d", new CommandInput("d"));
        assertThrows(IllegalStateException.class, () -> directory.register("d", new CommandInput("d"), "controller d"),
                "a name held without an owner is never handed over");
        unowned.close();
    }
}
