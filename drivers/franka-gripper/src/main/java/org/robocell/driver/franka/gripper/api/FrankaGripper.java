package org.robocell.driver.franka.gripper.api;

import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One Franka Hand of the cell, registered by its hardware component with the service property {@value #COMPONENT}
 * (the component's name). The commands block until the Hand answers, as libfranka's do: call them off the control
 * loop (a shell, a task thread). An argument the Hand cannot take (not a number, a width beyond the max width the
 * Hand reports, a speed or force of 0 or less, a negative epsilon) is {@link GripperOutcome#REFUSED} with one line
 * naming it, and nothing is sent.
 */
@ProviderType
public interface FrankaGripper {

    /** The service property with the hardware component's name. */
    String COMPONENT = "robocell.hardware.component";

    /** The hardware component's name. */
    String component();

    /** Closes and opens the fingers, measuring the max width for the mounted fingers (libfranka {@code homing}). */
    GripperAnswer homing();

    /** Moves the fingers to {@code width} m at {@code speed} m/s (libfranka {@code move}). */
    GripperAnswer move(double width, double speed);

    /**
     * Closes at {@code speed} m/s until the fingers meet resistance, then holds with {@code force} N; succeeds when the
     * opening ends strictly between {@code width - epsilonInner} and {@code width + epsilonOuter} (libfranka
     * {@code grasp}); otherwise {@link GripperOutcome#UNSUCCESSFUL}.
     */
    GripperAnswer grasp(double width, double speed, double force, double epsilonInner, double epsilonOuter);

    /** Stops what the Hand does and lets go of a held object (libfranka {@code stop}). */
    GripperAnswer stop();

    /** The Hand's last state; empty when the component is not connected. */
    Optional<HandState> state();
}
