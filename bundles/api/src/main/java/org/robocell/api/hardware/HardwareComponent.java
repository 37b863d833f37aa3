package org.robocell.api.hardware;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A hardware component: a system, actuator or sensor driven by the control loop.
 * <p>
 * Lifecycle callbacks run off the loop and may block (connect, handshake). {@link #read} and {@link #write} run on
 * the loop thread every cycle: they must not allocate, lock or log on the normal path. {@code read} is called in
 * INACTIVE and ACTIVE, {@code write} only in ACTIVE and never for a sensor. A driver whose robot owns the cycle
 * blocks in {@code read} until the robot's packet arrives.
 * <p>
 * Times are seconds: {@code time} since the loop started, {@code period} since the previous call.
 * <p>
 * A component that fails says why: {@link #fault()} as a type (the cell decides on it) and {@link #lastError()} as
 * a line for people. Both are read off the loop after a callback or a real-time call did not answer SUCCESS/OK.
 */
@ConsumerType
public interface HardwareComponent {

    /** Reads the description, looks up handles and exports unlisted interfaces. No communication yet. */
    CallbackReturn onInit(HardwareContext context);

    /** Establishes communication; states become readable. */
    default CallbackReturn onConfigure(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onCleanup(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    /** Enables motion: power on, brakes off, commands forwarded. */
    default CallbackReturn onActivate(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onDeactivate(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    default CallbackReturn onShutdown(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    /** Called after a failure; SUCCESS recovers to UNCONFIGURED, anything else finalizes the component. */
    default CallbackReturn onError(LifecycleState previous) {
        return CallbackReturn.SUCCESS;
    }

    /** Real time: refresh state interfaces from the device. */
    ReturnType read(double time, double period);

    /** Real time: send command interfaces to the device. */
    ReturnType write(double time, double period);

    /**
     * Whether {@link #read} waits for the robot's packet, the robot owning the cycle. On a hardware clock only such a
     * read paces the loop. A component whose read answers at once (a mock, a simulation, a device a thread of its
     * own polls) says false: were it taken as the robot's clock, a loop whose robot is not connected (after a reflex,
     * while stopping) would run its cycles back to back on it, a whole core, instead of keeping its own rate. Asked
     * once, when the component joins the loop.
     *
     * @since 2.3
     */
    default boolean readWaitsForRobot() {
        return true;
    }

    /**
     * Off the loop: can the device switch to the command interfaces in {@code start} and release those in
     * {@code stop}? Both lists hold only this component's full interface names. ERROR rejects the whole switch.
     */
    default ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        return ReturnType.OK;
    }

    /** Real time, at the cycle boundary that commits a prepared switch. Must not allocate or block. */
    default ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        return ReturnType.OK;
    }

    /**
     * Why the last callback or real-time call failed, as the component knows it (the robot went silent, refused,
     * the configuration is wrong); {@link Fault#NONE} when it did not fail or cannot tell, and the manager then
     * records what it saw (ERROR answered, an exception). Must not allocate: return a constant.
     *
     * @since 2.0
     */
    default Fault fault() {
        return Fault.NONE;
    }

    /**
     * Why the last callback or real-time call failed, as one line for people (which parameter, which address,
     * since when); null when it did not fail or gives no reason. Called off the loop.
     *
     * @since 2.0
     */
    default String lastError() {
        return null;
    }

    /**
     * Text the device exchanges that has no place in a double interface (the RSI string channels a robot program
     * sends or reads), by name, for people and tools: called off the loop, so the component keeps what the loop
     * received in a form it can copy out without a lock the loop takes. Empty when it has none.
     *
     * @since 2.2
     */
    default java.util.Map<String, String> texts() {
        return java.util.Map.of();
    }
}
