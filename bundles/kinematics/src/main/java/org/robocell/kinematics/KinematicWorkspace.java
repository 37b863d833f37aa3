package org.robocell.kinematics;

import org.ejml.data.DMatrixRMaj;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The mutable buffers of one thread evaluating a {@link KinematicModel} (Pinocchio's Data), with the
 * algorithms that fill them. No method allocates once the workspace exists. Not thread-safe.
 *
 * <p>Joint vectors ({@code q}, {@code dq}, {@code ddq}, {@code tau}) have {@link KinematicModel#dof()} entries in
 * {@link KinematicModel#jointNames()} order. Link queries take indices from {@link KinematicModel#linkIndex}.
 * Pose and Jacobian queries read the joint positions of the last {@link #forwardKinematics} call; the dynamics
 * methods place the links themselves. Output matrices are reshaped to the result's size, which allocates only when
 * a matrix is too small: pass matrices allocated once at that size.
 */
@ProviderType
public interface KinematicWorkspace {

    KinematicModel model();

    /** Places every link for joint positions {@code q}; the queries below then read these poses. */
    void forwardKinematics(double[] q);

    /**
     * The pose of one link for joint positions {@code q}, the same as {@link #linkTransform} gives after
     * {@link #forwardKinematics(double[])}, computed along the link's path to the root only. It stores nothing: the
     * poses the other queries read stay those of the last {@link #forwardKinematics(double[])}. The fastest way to
     * one pose (a tool, a flange).
     *
     * @param transform 16 doubles, receives the row-major 4x4 homogeneous transform in the base frame
     * @since 1.2
     */
    void forwardKinematics(double[] q, int link, double[] transform);

    /** The pose of a link in the base frame as a row-major 4x4 homogeneous transform (16 doubles). */
    void linkTransform(int link, double[] transform);

    /** The position of a link's origin in the base frame (3 doubles). */
    void linkPosition(int link, double[] position);

    /** The orientation of a link in the base frame as a unit quaternion (x, y, z, w), w >= 0. */
    void linkQuaternion(int link, double[] quaternion);

    /**
     * The geometric Jacobian (6 x dof, rows vx, vy, vz, wx, wy, wz) of a link's origin, expressed in {@code frame}.
     * Columns of joints that do not move the link are zero.
     */
    void jacobian(int link, ReferenceFrame frame, DMatrixRMaj jacobian);

    /** The geometric Jacobian of the point ({@code px}, {@code py}, {@code pz}) given in the link frame. */
    void jacobian(int link, double px, double py, double pz, ReferenceFrame frame, DMatrixRMaj jacobian);

    /** The time derivative of {@link #jacobian(int, ReferenceFrame, DMatrixRMaj)} at joint velocities {@code dq}. */
    void jacobianTimeDerivative(int link, double[] dq, ReferenceFrame frame, DMatrixRMaj jacobianDot);

    /**
     * Sets the wrench the environment exerts on a link, (fx, fy, fz, tx, ty, tz) in the base frame with the force
     * acting at the link's origin. {@link #inverseDynamics} and {@link #forwardDynamics} account for it until it is
     * cleared: tau = M ddq + C dq + g - Jᵀ wrench.
     */
    void setExternalWrench(int link, double fx, double fy, double fz, double tx, double ty, double tz);

    /** Removes every external wrench. */
    void clearExternalWrenches();

    /** Joint torques (forces) for the motion (q, dq, ddq), with gravity and external wrenches: recursive Newton-Euler. */
    void inverseDynamics(double[] q, double[] dq, double[] ddq, double[] tau);

    /** The joint-space mass matrix M(q), dof x dof, by the composite rigid body algorithm. */
    void massMatrix(double[] q, DMatrixRMaj massMatrix);

    /** The Coriolis and centrifugal torques C(q, dq)·dq (no gravity, no external wrenches). */
    void coriolis(double[] q, double[] dq, double[] tau);

    /** The gravity torques g(q). */
    void gravity(double[] q, double[] tau);

    /**
     * Joint accelerations for torques {@code tau} at state (q, dq), with gravity and external wrenches:
     * ddq = M⁻¹ (tau - C dq - g + Jᵀ wrench), solved by a Cholesky factorisation of M.
     */
    void forwardDynamics(double[] q, double[] dq, double[] tau, double[] ddq);

    /**
     * The same joint accelerations as {@link #forwardDynamics}, with gravity, payload and external wrenches, by
     * Featherstone's articulated-body algorithm: O(n) in the number of joints, no mass matrix formed or
     * factorised. The algorithm of choice for simulation.
     *
     * @throws IllegalStateException when a moving body has no mass (the articulated inertia about its joint is
     *                               not positive)
     * @since 1.1
     */
    void articulatedBodyDynamics(double[] q, double[] dq, double[] tau, double[] ddq);

    /**
     * As {@link #articulatedBodyDynamics(double[], double[], double[], double[])} with a diagonal joint-space
     * inertia added to the mass matrix: solves (M + diag(armature)) ddq = tau - C dq - g + Jᵀ wrench, still in
     * O(n) (Pinocchio's {@code model.armature}). Armature models rotor inertia seen through a gear; a simulator
     * also uses it for forces it treats implicitly (dt·damping + dt²·stiffness of a joint).
     *
     * @param armature one entry per joint, each >= 0
     * @since 1.1
     */
    void articulatedBodyDynamics(double[] q, double[] dq, double[] tau, double[] armature, double[] ddq);

    /**
     * Joint positions that place {@code link} at {@code target} (a row-major 4x4 transform in the base frame),
     * within the joint limits, by damped least squares starting from {@code seed}. {@code solution} receives the
     * best positions found even when the solve did not converge. Leaves the workspace's poses at
     * {@code solution}.
     */
    IkResult inverseKinematics(int link, double[] target, double[] seed, IkOptions options, double[] solution);

    /** As {@link #inverseKinematics(int, double[], double[], IkOptions, double[])}, target as position and (x, y, z, w). */
    IkResult inverseKinematics(int link, double[] position, double[] quaternion, double[] seed, IkOptions options,
            double[] solution);
}
