package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.RobotLifecycle;
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

    /**
     * With no mode active, the mode cell:activate would use is the one marked: the robot's configured default, which
     * need not be the first (fr3-dual's is its third), not the first one listed.
     */
    @Test
    void theModeCellActivateWouldUseIsMarkedDefaultNotTheFirstOne() {
        Map<String, List<String>> modes = new LinkedHashMap<>();
        modes.put("joint_position", List.of("left_trajectory_controller"));
        modes.put("joint_torque.dual_arm", List.of("dual_arm_cartesian_impedance_example_controller"));
        String inactive = LifecycleCommands.modeTable(lifecycle(modes, "", "joint_torque.dual_arm"), null);
        assertTrue(inactive.contains("joint_torque.dual_arm (default)"), inactive);
        assertFalse(inactive.contains("joint_position (default)"), inactive);

        String active = LifecycleCommands.modeTable(lifecycle(modes, "joint_position", "joint_torque.dual_arm"), null);
        assertTrue(active.contains("joint_position *"), active);
        assertFalse(active.contains("(default)"), active);
    }

    private static RobotLifecycle lifecycle(Map<String, List<String>> modes, String active, String defaultMode) {
        return (RobotLifecycle) Proxy.newProxyInstance(RobotLifecycle.class.getClassLoader(),
                new Class<?>[] {RobotLifecycle.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "controlModes" -> modes;
                    case "controlMode" -> active;
                    case "defaultControlMode" -> defaultMode;
                    case "controlModeInterfaces" -> Map.of();
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static InterfaceSnapshot state(String name, double value) {
        return new InterfaceSnapshot(name, Kind.STATE, "hw", DataType.DOUBLE, true, false, null, value);
    }

    private static InterfaceSnapshot command(String name, double value) {
        return new InterfaceSnapshot(name, Kind.COMMAND, "hw", DataType.DOUBLE, true, false, null, value);
    }
}
