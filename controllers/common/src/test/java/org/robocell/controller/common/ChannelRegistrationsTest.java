package org.robocell.controller.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.ControllerContext;
import org.robocell.api.controller.Parameters;
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

    /** A reconfigure keeps the registered state channel and reshapes it; the first configure registers it. */
    @Test
    void theStateChannelIsRegisteredOnceAndReshapedWhenItsFieldsChange() {
        ChannelRegistrations r = new ChannelRegistrations(directory);
        StateOutput first = r.stateOutput(null, "c/state", List.of("a"));
        assertEquals(List.of("c/state"), r.names());
        assertSame(first, r.stateOutput(first, "c/state", List.of("a")), "the same fields: kept as it is");
        StateOutput reshaped = r.stateOutput(first, "c/state", List.of("a", "b"));
        assertSame(first, reshaped);
        assertEquals(List.of("a", "b"), reshaped.fields());
        assertEquals(List.of("c/state"), r.names(), "registered once");
        directory.register("d/state", new StateOutput("d/state", List.of()));
        assertThrows(IllegalStateException.class, () -> r.stateOutput(null, "d/state", List.of("a")));
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

    @Test
    void aReloadedInstanceOfTheSameControllerTakesItsChannelsOverWhenTheOldOneCloses() {
        ControllerContext context = new TestContext("kr6/jsb", "kr6");
        ChannelRegistrations old = new ChannelRegistrations(directory, () -> context);
        StateOutput oldStates = new StateOutput("kr6/jsb/joint_states", List.of());
        old.register(oldStates);
        old.registerAs("kr6/joint_states", oldStates);
        ChannelRegistrations successor = new ChannelRegistrations(directory, () -> new TestContext("kr6/jsb", "kr6"));
        StateOutput newStates = new StateOutput("kr6/jsb/joint_states", List.of());
        successor.register(newStates);
        successor.registerAs("kr6/joint_states", newStates);
        assertSame(oldStates, directory.find("kr6/joint_states").orElseThrow());
        old.closeAll();
        assertSame(newStates, directory.find("kr6/jsb/joint_states").orElseThrow());
        assertSame(newStates, directory.find("kr6/joint_states").orElseThrow());

        ChannelRegistrations unowned = new ChannelRegistrations(directory);
        assertThrows(IllegalStateException.class, () -> unowned.register(new StateOutput("kr6/jsb/joint_states", List.of())),
                "without its controller's context a registration never takes a held name");
        ChannelRegistrations otherRobot = new ChannelRegistrations(directory, () -> new TestContext("kr6/jsb", "kr7"));
        assertThrows(IllegalStateException.class, () -> otherRobot.register(new StateOutput("kr6/jsb/joint_states", List.of())),
                "a controller of the same name on another robot is another owner");
    }

    private record TestContext(String name, String robot) implements ControllerContext {
        @Override
        public String type() {
            return "t";
        }

        @Override
        public Parameters parameters() {
            return Parameters.empty("test");
        }

        @Override
        public int loopRate() {
            return 100;
        }
    }
}
