package org.robocell.driver.franka.api;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One Franka arm driven by the Franka driver ({@code franka_hardware/FrankaHardwareInterface}), registered as a
 * service for each such hardware component from its {@code onInit} to its shutdown, with the component's name in
 * {@value #COMPONENT}. Every call is libfranka's {@code franka::Robot} call of the same meaning: it goes to the robot
 * on the TCP command channel, off the control loop, and answers with the robot's status ({@link FrankaAnswer}).
 * <p>
 * A value the robot cannot take (a count other than the command's, NaN, infinity, a negative or out-of-range
 * stiffness, a frame that is not a homogeneous transform, a lower threshold above the upper) is refused before
 * anything is sent ({@link FrankaCommandException.Reason#INVALID_ARGUMENT}). While the component is connected the
 * calls share its command connection; while it is not (unconfigured, or after a reflex took it out) each call
 * connects to the robot on its own for that call, as a new {@code franka::Robot} would, so the robot can be
 * recovered and set up before the component connects again.
 * <p>
 * Setters are taken by the robot while it is idle; during a motion it answers {@code kCommandNotPossibleRejected}.
 */
@ProviderType
public interface FrankaRobot {

    /** Service property: the name of the hardware component ({@code FR3System}). */
    String COMPONENT = "robocell.hardware.component";

    /** The hardware component's name. */
    String component();

    /** {@code setCollisionBehavior}: torque (Nm) and force (N) thresholds for contact and collision (reflex). */
    FrankaAnswer setCollisionBehavior(CollisionBehavior thresholds);

    /** {@code setJointImpedance}: the internal joint impedance controller's stiffness {@code K_theta[7]}, Nm/rad. */
    FrankaAnswer setJointImpedance(double[] kTheta);

    /**
     * {@code setCartesianImpedance}: the internal Cartesian impedance controller's stiffness {@code K_x[6]}: x, y, z
     * in [10, 3000] N/m, roll, pitch, yaw in [1, 300] Nm/rad (libfranka's {@code robot.h}).
     */
    FrankaAnswer setCartesianImpedance(double[] kX);

    /** {@code setEE}: {@code NE_T_EE}, the end effector in the nominal end-effector frame, 4x4 column-major. */
    FrankaAnswer setEE(double[] neTEe);

    /** {@code setK}: {@code EE_T_K}, the stiffness frame in the end-effector frame, 4x4 column-major. */
    FrankaAnswer setK(double[] eeTK);

    /**
     * {@code setLoad}: a payload at the flange: its mass (kg, at most the FR3's 3 kg), its centre of mass in the
     * flange frame ({@code F_x_Cload[3]}, m) and its inertia about it ({@code I_load[9]}, kg m², column-major).
     */
    FrankaAnswer setLoad(double mass, double[] centerOfMass, double[] inertia);

    /** {@code setGuidingMode}: which of x, y, z, roll, pitch, yaw hand guiding may move, and the elbow (nullspace). */
    FrankaAnswer setGuidingMode(boolean[] axes, boolean elbow);

    /**
     * {@code stop}: StopMove. A running motion ends with {@code kPreempted}; as in libfranka, the control loop that
     * ran it (here the component's) ends with an error and the controllers on the arm are taken out; the robot holds.
     */
    FrankaAnswer stop();

    /** {@code automaticErrorRecovery}: clears the robot's errors after a reflex; refused during a motion. */
    FrankaAnswer automaticErrorRecovery();

    /** The robot's newest state (a copy), its protocol version and where it was read from. */
    FrankaState state();
}
