package org.robocell.api.cell;

import java.util.List;

import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * One hardware component (a {@code <ros2_control>} block) at the time of the snapshot.
 *
 * @param plugin          the URDF {@code <plugin>} string that selects the driver
 * @param pluginAvailable whether a driver for the plugin is installed
 * @param rwRate          read/write rate in Hz, 0 = every cycle
 * @param group           the error-propagation group, or null
 * @param reads           number of {@code read()} calls so far
 * @param writes          number of {@code write()} calls so far
 * @param errors          read/write errors and exceptions caught so far
 * @param lastError       the last error, or null
 * @param fault           why it last failed, {@link Fault#NONE} when it has not (since 1.4)
 * @param budgetOverruns  reads and writes that took longer than its execution budget, so far (since 1.4)
 */
public record HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
        LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
        List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError, Fault fault,
        long budgetOverruns) {

    public HardwareSnapshot {
        fault = fault == null ? Fault.NONE : fault;
        commandInterfaces = List.copyOf(commandInterfaces);
        stateInterfaces = List.copyOf(stateInterfaces);
    }

    /** A snapshot without a fault or budget figures. */
    public HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
            LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
            List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError) {
        this(name, type, plugin, pluginAvailable, state, rwRate, group, commandInterfaces, stateInterfaces, reads,
                writes, errors, lastError, Fault.NONE, 0);
    }
}
