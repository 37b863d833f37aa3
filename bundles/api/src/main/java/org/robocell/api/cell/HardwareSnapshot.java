package org.robocell.api.cell;

import java.util.List;
import java.util.Map;

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
 * @param readTiming      how long its {@code read()} calls took, since the start or the loop's last
 *                        {@code resetStats()} (not measured for a read that waits for the robot's packet) (since 1.6)
 * @param writeTiming     how long its {@code write()} calls took, likewise (since 1.6)
 * @param code            the bundle and version of the driver that serves it ({@code org.acme.driver 1.2.0}), or
 *                        null when unknown (since 1.6)
 * @param texts           the component's {@link org.robocell.api.hardware.HardwareComponent#texts() texts} at the
 *                        time of the snapshot, by name (since 1.7)
 */
public record HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
        LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
        List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError, Fault fault,
        long budgetOverruns, LoopStats.Percentiles readTiming, LoopStats.Percentiles writeTiming, String code,
        Map<String, String> texts) {

    public HardwareSnapshot {
        texts = texts == null ? Map.of() : Map.copyOf(texts);
        readTiming = readTiming == null ? LoopStats.Percentiles.EMPTY : readTiming;
        writeTiming = writeTiming == null ? LoopStats.Percentiles.EMPTY : writeTiming;
        fault = fault == null ? Fault.NONE : fault;
        commandInterfaces = List.copyOf(commandInterfaces);
        stateInterfaces = List.copyOf(stateInterfaces);
    }

    /**
     * A snapshot without texts (as before 1.7).
     *
     * @since 1.6
     */
    public HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
            LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
            List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError, Fault fault,
            long budgetOverruns, LoopStats.Percentiles readTiming, LoopStats.Percentiles writeTiming, String code) {
        this(name, type, plugin, pluginAvailable, state, rwRate, group, commandInterfaces, stateInterfaces, reads,
                writes, errors, lastError, fault, budgetOverruns, readTiming, writeTiming, code, null);
    }

    /** A snapshot without timing or code (as before 1.6). */
    public HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
            LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
            List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError, Fault fault,
            long budgetOverruns) {
        this(name, type, plugin, pluginAvailable, state, rwRate, group, commandInterfaces, stateInterfaces, reads,
                writes, errors, lastError, fault, budgetOverruns, null, null, null, null);
    }

    /** A snapshot without a fault or budget figures. */
    public HardwareSnapshot(String name, HardwareType type, String plugin, boolean pluginAvailable,
            LifecycleState state, int rwRate, String group, List<InterfaceSnapshot> commandInterfaces,
            List<InterfaceSnapshot> stateInterfaces, long reads, long writes, long errors, String lastError) {
        this(name, type, plugin, pluginAvailable, state, rwRate, group, commandInterfaces, stateInterfaces, reads,
                writes, errors, lastError, Fault.NONE, 0, null, null, null, null);
    }
}
