package org.robocell.simulation;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.kinematics.KinematicModel;
import org.robocell.simulation.internal.RigidBodySimulation;

/**
 * A rigid-body simulation of one robot, stepped at a fixed time step by one thread. Each {@link #step} computes
 * the joint accelerations by the articulated-body algorithm for the applied torques plus the joint forces and
 * contact wrenches of {@link SimulationSettings}, then integrates with semi-implicit Euler: q̇ += q̈·dt, then
 * q += q̇·dt (symplectic: energy oscillates within O(dt) instead of drifting). Deterministic: the same settings,
 * initial state and torques give the same bits. {@code step} and the readers never allocate. Not thread-safe.
 */
@ProviderType
public interface Simulation {

    /**
     * A simulation of {@code model} (its gravity and payload included) at rest at position 0, or within the limits
     * where 0 is outside them.
     *
     * @throws IllegalArgumentException when the settings' per-joint arrays do not have one entry per joint, a
     *                                  contact point names a link the model does not have, or a moving body has
     *                                  no mass
     */
    static Simulation create(KinematicModel model, SimulationSettings settings) {
        return new RigidBodySimulation(model, settings);
    }

    KinematicModel model();

    SimulationSettings settings();

    /** Number of joints: the length of every joint vector. */
    int dof();

    /** Simulated time since the start or the last {@link #reset} (s): steps taken times dt. */
    double time();

    /**
     * Puts the robot at positions {@code q} with velocities {@code dq}, clears pushes and takes the applied
     * torques back to zero.
     *
     * @throws IllegalArgumentException for a vector of the wrong length or a value that is not finite
     */
    void reset(double[] q, double[] dq);

    /**
     * Applies joint torques {@code tau} for one time step and advances the state. A NaN or infinite torque is not
     * applied: the step runs with the last finite torques and says so.
     *
     * @throws IllegalArgumentException when {@code tau} does not have one entry per joint
     */
    StepStatus step(double[] tau);

    void positions(double[] q);

    void velocities(double[] dq);

    /** The accelerations of the last step. */
    void accelerations(double[] ddq);

    /** The torques the last step applied (those given, or the last finite ones), before friction and limits. */
    void appliedTorques(double[] tau);

    /**
     * Pushes a link with a wrench (base frame, force at the link's origin) during the next {@code seconds} of
     * simulated time (rounded to whole steps, at least one), in addition to contacts. A new push of the same link
     * replaces the old one.
     *
     * @throws IllegalArgumentException for an unknown link or a wrench or duration that is not finite
     */
    void push(String link, double fx, double fy, double fz, double tx, double ty, double tz, double seconds);

    /**
     * The wrench the half-spaces exerted on {@code link} during the last step, summed over its contact points:
     * (fx, fy, fz, tx, ty, tz) in the base frame, torque about the link's origin. Zeros when it does not touch.
     */
    void contactWrench(int link, double[] wrench);

    /** The joint torques of every external wrench of the last step (contacts and pushes): Σ Jᵀ·wrench. */
    void externalTorques(double[] tau);

    /** Whether any contact point touched a half-space during the last step. */
    boolean inContact();
}
