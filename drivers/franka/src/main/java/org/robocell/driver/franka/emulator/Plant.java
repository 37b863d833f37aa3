package org.robocell.driver.franka.emulator;

/**
 * The physical arm the emulated robot drives: joint torques in, motion out. The robot's firmware adds gravity
 * compensation to its commands before they reach the plant, so a plant's dynamics include gravity. One
 * implementation integrates the rigid-body model ({@link RigidBodyPlant}); a physics simulation can replace it.
 * Called from the emulator's cycle thread only.
 */
public interface Plant {

    /** Number of joints. */
    int dof();

    /** Places the arm at rest at {@code q}. */
    void reset(double[] q);

    /** Advances the arm by {@code dt} seconds under the motor torques {@code tau} (Nm, gravity included). */
    void step(double[] tau, double dt);

    /** Holds the arm where it is: velocities become zero (brakes, or a stopped robot's position hold). */
    void hold();

    /** Joint positions (live array, do not modify). */
    double[] q();

    /** Joint velocities (live array, do not modify). */
    double[] dq();

    /** Joint accelerations of the last step (live array, do not modify). */
    double[] ddq();

    /**
     * The torques the environment exerts on the joints (live array): what the robot's external torque estimate
     * measures. Zero unless a contact or an applied wrench acts on the arm.
     */
    double[] externalTorque();

    /**
     * Applies a wrench (N, Nm; base frame, at the flange's origin) that acts on the flange until changed; zeros
     * remove it.
     */
    void applyFlangeWrench(double[] wrench);
}
