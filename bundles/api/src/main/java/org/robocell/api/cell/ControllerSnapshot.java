package org.robocell.api.cell;

import java.util.List;

import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * One loaded controller at the time of the snapshot (ros2_control's {@code ControllerState}).
 *
 * @param updateRate                 the rate the controller actually runs at in Hz (after ros2_control's rate rule)
 * @param claimedInterfaces          command and reference interfaces it holds now
 * @param requiredCommandInterfaces  what it claims when activated (empty until configured; {@code ALL} expanded)
 * @param requiredStateInterfaces    what it reads when activated
 * @param chainable                  whether it exports reference or state interfaces for other controllers
 * @param chained                    whether a preceding controller writes its reference interfaces
 * @param referenceInterfaces        its exported reference interfaces
 * @param exportedStateInterfaces    its exported state interfaces
 * @param fallbackControllers        activated in its place when its update fails
 * @param updates                    number of updates so far
 * @param errors                     updates that answered ERROR or threw, so far
 * @param lastError                  the last error or failed callback reason, or null
 * @param parameters                 the parameters it was loaded or last configured with
 * @param fault                      why it last failed, {@link Fault#NONE} when it has not (since 1.4)
 * @param budgetOverruns             updates that took longer than its execution budget, so far (since 1.4)
 * @param updateTiming               how long its {@code update()} calls took, since it was loaded or the loop's last
 *                                   {@code resetStats()} (since 1.6)
 * @param code                       the bundle and version whose code the instance runs
 *                                   ({@code org.robocell.controller.jtc 0.2.0}), or null when unknown (since 1.6)
 */
public record ControllerSnapshot(String name, String type, LifecycleState state, int updateRate,
        List<String> claimedInterfaces, List<String> requiredCommandInterfaces, List<String> requiredStateInterfaces,
        boolean chainable, boolean chained, List<String> referenceInterfaces, List<String> exportedStateInterfaces,
        List<String> fallbackControllers, long updates, long errors, String lastError, Parameters parameters,
        Fault fault, long budgetOverruns, LoopStats.Percentiles updateTiming, String code) {

    public ControllerSnapshot {
        updateTiming = updateTiming == null ? LoopStats.Percentiles.EMPTY : updateTiming;
        fault = fault == null ? Fault.NONE : fault;
        claimedInterfaces = List.copyOf(claimedInterfaces);
        requiredCommandInterfaces = List.copyOf(requiredCommandInterfaces);
        requiredStateInterfaces = List.copyOf(requiredStateInterfaces);
        referenceInterfaces = List.copyOf(referenceInterfaces);
        exportedStateInterfaces = List.copyOf(exportedStateInterfaces);
        fallbackControllers = List.copyOf(fallbackControllers);
    }

    /** A snapshot without timing or code (as before 1.6). */
    public ControllerSnapshot(String name, String type, LifecycleState state, int updateRate,
            List<String> claimedInterfaces, List<String> requiredCommandInterfaces, List<String> requiredStateInterfaces,
            boolean chainable, boolean chained, List<String> referenceInterfaces, List<String> exportedStateInterfaces,
            List<String> fallbackControllers, long updates, long errors, String lastError, Parameters parameters,
            Fault fault, long budgetOverruns) {
        this(name, type, state, updateRate, claimedInterfaces, requiredCommandInterfaces, requiredStateInterfaces,
                chainable, chained, referenceInterfaces, exportedStateInterfaces, fallbackControllers, updates, errors,
                lastError, parameters, fault, budgetOverruns, null, null);
    }

    /** A snapshot without a fault or budget figures. */
    public ControllerSnapshot(String name, String type, LifecycleState state, int updateRate,
            List<String> claimedInterfaces, List<String> requiredCommandInterfaces, List<String> requiredStateInterfaces,
            boolean chainable, boolean chained, List<String> referenceInterfaces, List<String> exportedStateInterfaces,
            List<String> fallbackControllers, long updates, long errors, String lastError, Parameters parameters) {
        this(name, type, state, updateRate, claimedInterfaces, requiredCommandInterfaces, requiredStateInterfaces,
                chainable, chained, referenceInterfaces, exportedStateInterfaces, fallbackControllers, updates, errors,
                lastError, parameters, Fault.NONE, 0, null, null);
    }
}
