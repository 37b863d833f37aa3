package org.robocell.simulation;

/** What a {@link Simulation#step} did with the torques it was given. */
public enum StepStatus {
    /** The torques were applied and the state advanced. */
    OK,
    /** A torque was NaN or infinite: the step applied the last finite torques instead and the state advanced. */
    TORQUE_NOT_FINITE,
    /**
     * The state would have become NaN or infinite (a time step too large for the contact or limit stiffness): the
     * step was undone, the state is what it was before it.
     */
    DIVERGED
}
