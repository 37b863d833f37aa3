package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;

class ChannelRegistrationsTest {

    private final ChannelDirectory directory = new ChannelDirectory();

    @Test
    void channelsAreRegisteredUnderTheirNamesAndClosedTogether() {
        ChannelRegistrations r = new ChannelRegistrations(directory);
        r.register(new StateOutput("c/state", List.of()), new CommandInput("c/commands"));
        r.registerAs("joint_states", new StateOutput("c/joint_states", List.of()));
        assertEquals(List.of("c/state", "c/commands", "joint_states"), r.names());
        assertEquals(List.of("c/commands", "c/state", "joint_states"), directory.names());
        r.closeAll();
        assertEquals(List.of(), directory.names());
        assertEquals(List.of(), r.names());
    }

    @Test
    void aTakenNameClosesEveryChannelHeldAndIsThrown() {
        directory.register("c/commands", new CommandInput("c/commands"));
        ChannelRegistrations r = new ChannelRegistrations(directory);
        r.register(new CommandInput("c/reference"));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> r.register(new StateOutput("c/state", List.of()), new CommandInput("c/commands")));
        assertTrue(e.getMessage().contains("'c/commands' is already taken"), e.getMessage());
        assertEquals(List.of("c/commands"), directory.names(), "only the other holder's channel is left");
        assertEquals(List.of(), r.names());
    }
}
