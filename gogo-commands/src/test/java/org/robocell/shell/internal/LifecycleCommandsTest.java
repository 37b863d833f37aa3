package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** How cell:status writes a control mode's command interfaces. */
class LifecycleCommandsTest {

    @Test
    void aRunOfOneInterfaceOverManyJointsIsWrittenAsARange() {
        assertEquals("joint_a1/position .. joint_a6/position", LifecycleCommands.compact(List.of("joint_a1/position",
                "joint_a2/position", "joint_a3/position", "joint_a4/position", "joint_a5/position", "joint_a6/position")));
        assertEquals("j1/position .. j3/position, j1/stiffness, j2/stiffness", LifecycleCommands.compact(List.of(
                "j1/position", "j2/position", "j3/position", "j1/stiffness", "j2/stiffness")));
        assertEquals("tcp/cart_position", LifecycleCommands.compact(List.of("tcp/cart_position")));
        assertEquals("-", LifecycleCommands.compact(List.of()));
    }
}
