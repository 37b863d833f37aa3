package org.robocell.api.controller;

import org.osgi.annotation.versioning.ConsumerType;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A controller. Lifecycle callbacks run off the loop; {@link #update} runs on the loop thread at the controller's
 * rate and must not allocate, lock, log or throw on the normal path.
 * <p>
 * Times are seconds: {@code time} since the loop started, {@code period} since this controller's previous update
 * (the controller's own period on the first update after activation).
 */
@ConsumerType
public interface Controller {

    /** Reads parameters it needs to exist at all; SUCCESS leaves the controller UNCONFIGURED. */
    default CallbackReturn onInit(ControllerContext context) {
        return CallbackReturn.SUCCESS;
    }

    /** The command interfaces to claim when activated. Asked after {@link #onConfigure}. */
    InterfaceConfiguration commandInterfaceConfiguration();

    /** The state interfaces to read when activated. Asked after {@link #onConfigure}. */
    InterfaceConfiguration stateInterfaceConfiguration();

    /** Reads parameters, preallocates everything {@code update} will need. */
    default CallbackReturn onConfigure(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onCleanup(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    /**
     * Takes the loans and starts from the current state (no jump: hold the measured position rather than a stale
     * command). Runs at the cycle boundary on the loop thread: keep it short.
     */
    default CallbackReturn onActivate(Loans loans) {
        return CallbackReturn.SUCCESS;
    }

    /** Runs at the cycle boundary on the loop thread; the loans are released after it returns. */
    default CallbackReturn onDeactivate(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onShutdown(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onError(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    /** Real time: read states, compute, write commands. ERROR deactivates the controller and its chain group. */
    ReturnType update(double time, double period);

    /**
     * Why the last lifecycle callback answered FAILURE or ERROR (e.g. which parameter is wrong), for the manager to
     * report; null when it did not fail or gave no reason.
     */
    default String lastError() {
        return null;
    }

    /**
     * Why the last lifecycle callback or update failed, as a type ({@link Fault#CONFIGURATION} for a wrong
     * parameter, {@link Fault#NO_MEASURED_STATE} when there is no position to hold); {@link Fault#NONE} when it did
     * not fail or cannot tell, and the manager then records what it saw. Must not allocate: return a constant.
     *
     * @since 1.1
     */
    default Fault fault() {
        return Fault.NONE;
    }

    /** Names of the parameters that may change while the controller is active; empty when none may. */
    default java.util.Set<String> liveParameters() {
        return java.util.Set.of();
    }

    /**
     * Off the loop: apply new values of {@link #liveParameters()} while active. The controller hands them to its
     * update through its own real-time-safe means. Return false to refuse the values.
     */
    default boolean onParametersChanged(Parameters parameters) {
        return false;
    }

    /**
     * Off the loop, before a parameter change is stored ({@code controller:set}, a declared controller's
     * {@code param.*}): whether the controller could configure with {@code candidate}, the parameters it has with the
     * change applied. Answer every problem with the offending key and what was expected, unknown keys included, by
     * {@link ParameterCheck#check} with the names the controller knows and the reader it configures with. Called on
     * any instance of the type, initialized or not; it must not change the controller. The manager refuses the change
     * (and stores nothing) when a problem concerns a key being set ({@link ParameterCheck#relevantTo}).
     * <p>
     * The default accepts everything, as before 1.1: such a controller finds out at its next configure.
     *
     * @since 1.1
     */
    default ParameterCheck checkParameters(Parameters candidate) {
        return ParameterCheck.ACCEPTED;
    }
}
