package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.InterfaceSnapshot.Kind;
import org.robocell.api.hardware.DataType;

/** How cell:status writes a control mode's command interfaces and the KUKA drivers' counters. */
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

    @Test
    void theRsiFriAndEacDriversCountersAreOneLineEachAndNothingElseIsCounted() {
        List<InterfaceSnapshot> interfaces = List.of(state("joint_a1/position", 0.5), state("eac/received_packets", 812),
                state("eac/old_ipoc_packets", 3), state("fri/session_state", 4), state("rsi/ipoc", 1200),
                state("fri/held_commands", Double.NaN), command("eac/not_a_counter", 7));
        assertEquals("\nRSI: ipoc 1200\nFRI: session_state 4, held_commands -\nEAC: received_packets 812,"
                + " old_ipoc_packets 3", LifecycleCommands.driverCounters(interfaces));
        assertEquals("", LifecycleCommands.driverCounters(List.of(state("joint_a1/position", 0.5))));
    }

    private static InterfaceSnapshot state(String name, double value) {
        return new InterfaceSnapshot(name, Kind.STATE, "hw", DataType.DOUBLE, true, false, null, value);
    }

    private static InterfaceSnapshot command(String name, double value) {
        return new InterfaceSnapshot(name, Kind.COMMAND, "hw", DataType.DOUBLE, true, false, null, value);
    }
}
