package org.robocell.api.cell;

import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The lifecycle of one robot of the cell, the way the KUKA drivers' robot_manager runs it, registered as an OSGi
 * service next to the robot's {@link ControllerManager} with the same service property
 * {@value ControllerManager#ROBOT}.
 * <ul>
 * <li>UNCONFIGURED: bundles up, nothing connected.</li>
 * <li>{@link #configure()} → INACTIVE: hardware configured (communication up, states readable), the configuration
 * controllers (broadcasters) active, parameters may still change.</li>
 * <li>{@link #activate(String)} → ACTIVE: the real-time controllers of the control mode activated first, then the
 * hardware: external control starts only once every controller it needs is active.</li>
 * <li>{@link #switchControlMode(String)}: the controllers of the new mode swapped in at one cycle boundary (the
 * hardware is told through its command mode switch in the same commit).</li>
 * <li>{@link #deactivate()} → INACTIVE, {@link #cleanup()} → UNCONFIGURED.</li>
 * </ul>
 * {@link #activate(String)} on an UNCONFIGURED robot configures it first: after a hardware failure (the robot went
 * silent) one command brings it back.
 * Every call blocks until done (bounded) and answers with a one-line message.
 *
 * @since 1.2
 */
@ProviderType
public interface RobotLifecycle {

    String robot();

    /**
     * UNCONFIGURED, INACTIVE (configured) or ACTIVE (external control on); UNKNOWN for a robot that does not run the
     * lifecycle (no control modes, no lifecycle state to reach: its controllers start with the cell), whose
     * transitions are refused.
     */
    LifecycleState state();

    /** The active control mode, or the empty string. */
    String controlMode();

    /**
     * The control mode {@link #activate(String)} uses when none is named (the robot's configured default, or else the
     * first of {@link #controlModes()}); empty without control modes.
     *
     * @since 1.8
     */
    default String defaultControlMode() {
        return controlModes().isEmpty() ? "" : controlModes().keySet().iterator().next();
    }

    /**
     * Why the robot is not where its last transition put it (a hardware component failed on its own: which one, its
     * fault and its own words); empty when nothing went wrong. {@link #state()} tells the truth meanwhile: a robot
     * whose hardware failed is UNCONFIGURED, and {@link #activate(String)} brings it back.
     *
     * @since 1.4
     */
    default String problem() {
        return "";
    }

    /**
     * The typed cause behind {@link #problem()}; {@link org.robocell.api.lifecycle.Fault#NONE} when nothing went wrong.
     *
     * @since 1.4
     */
    default org.robocell.api.lifecycle.Fault fault() {
        return org.robocell.api.lifecycle.Fault.NONE;
    }

    /** The control modes by name, each with the controllers it runs, in configuration order. */
    Map<String, List<String>> controlModes();

    /**
     * Per control mode of {@link #controlModes()}: the hardware command interfaces the mode needs (for the KUKA
     * control modes {@code joint_position}, {@code joint_impedance}, {@code joint_velocity}, {@code joint_torque},
     * {@code cartesian_position}, {@code cartesian_impedance}, {@code cartesian_velocity}, {@code wrench}: those of
     * the mode on every joint; also for a variant such as {@code joint_position.streaming}), empty for a mode of
     * another name.
     *
     * @since 1.3
     */
    default Map<String, List<String>> controlModeInterfaces() {
        return Map.of();
    }

    /** The controllers that run from {@code configure} on (broadcasters, typically). */
    List<String> configurationControllers();

    Result configure();

    /**
     * INACTIVE (or UNCONFIGURED: configured first) → ACTIVE.
     *
     * @param controlMode a mode of {@link #controlModes()}; null or empty for the robot's default mode
     */
    Result activate(String controlMode);

    Result switchControlMode(String controlMode);

    Result deactivate();

    Result cleanup();
}
