package org.robocell.driver.franka.api;

import org.osgi.annotation.versioning.ProviderType;
import org.robocell.driver.franka.internal.model.Fr3RobotModel;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * libfranka's {@code franka::Model} ({@code include/franka/model.h}, {@code src/model.cpp},
 * {@code src/robot_model.cpp}) for the FR3, computed with {@code bundles/kinematics} on the robot's URDF (the one the
 * robot answers {@code GetRobotModel} with): the pose and the body and zero Jacobians of every {@link FrankaFrame},
 * the mass matrix, the Coriolis vector and the gravity vector, each for a {@code RobotState} or for explicit
 * joint positions, frames and load, as libfranka's overloads take them.
 * <p>
 * As in libfranka: matrices are column-major ({@code pose} 4x4, Jacobians 6x7 with rows vx, vy, vz, wx, wy, wz,
 * {@code mass} 7x7); the zero Jacobian is expressed in the base frame and the body Jacobian in the frame itself,
 * both about the frame's origin (Pinocchio's {@code LOCAL_WORLD_ALIGNED} and {@code LOCAL}); {@code coriolis} is
 * C(q, dq)·dq without gravity; the load ({@code m_total} at {@code F_x_Ctotal} in the flange frame, inertia
 * {@code I_total} about its centre of mass: the end effector and the {@code setLoad} payload as one body) is a rigid
 * body on the flange and enters mass, Coriolis and gravity. For a {@code RobotState} the load is combined from
 * {@code m_ee, F_x_Cee, I_ee} and {@code m_load, F_x_Cload, I_load} as libfranka's {@code robot_state.cpp} does,
 * the frames are {@code F_T_EE} and {@code EE_T_K}, and gravity acts along {@code O_ddP_O}.
 * <p>
 * Outputs go into arrays the caller owns, of exactly the size named; nothing is allocated after
 * {@link #fr3()}. A value that is not finite (NaN q), an array of the wrong size or a negative mass is refused with
 * an {@link IllegalArgumentException} naming it, before anything is written. Not thread-safe: one model per thread
 * (each holds its own kinematics workspace).
 *
 * @since 1.1
 */
@ProviderType
public interface FrankaModel {

    /** A new model of the FR3 (parses the bundled URDF; allocate it once, outside a control loop). */
    static FrankaModel fr3() {
        return new Fr3RobotModel();
    }

    /** {@code pose(frame, robot_state)}: the frame in the base frame, 4x4 column-major, into {@code pose[16]}. */
    void pose(FrankaFrame frame, RobotState state, double[] pose);

    /** {@code pose(frame, q, F_T_EE, EE_T_K)}: the frames as 4x4 column-major. */
    void pose(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] pose);

    /** {@code bodyJacobian(frame, robot_state)}: 6x7 column-major into {@code jacobian[42]}. */
    void bodyJacobian(FrankaFrame frame, RobotState state, double[] jacobian);

    /** {@code bodyJacobian(frame, q, F_T_EE, EE_T_K)}. */
    void bodyJacobian(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] jacobian);

    /** {@code zeroJacobian(frame, robot_state)}: 6x7 column-major into {@code jacobian[42]}. */
    void zeroJacobian(FrankaFrame frame, RobotState state, double[] jacobian);

    /** {@code zeroJacobian(frame, q, F_T_EE, EE_T_K)}. */
    void zeroJacobian(FrankaFrame frame, double[] q, double[] fTEe, double[] eeTK, double[] jacobian);

    /** {@code mass(robot_state)}: 7x7 column-major (symmetric) into {@code mass[49]}, kg m². */
    void mass(RobotState state, double[] mass);

    /** {@code mass(q, I_total, m_total, F_x_Ctotal)}. */
    void mass(double[] q, double[] iTotal, double mTotal, double[] fXCtotal, double[] mass);

    /** {@code coriolis(robot_state)}: C(q, dq)·dq into {@code coriolis[7]}, Nm. */
    void coriolis(RobotState state, double[] coriolis);

    /** {@code coriolis(q, dq, I_total, m_total, F_x_Ctotal)}. */
    void coriolis(double[] q, double[] dq, double[] iTotal, double mTotal, double[] fXCtotal, double[] coriolis);

    /**
     * {@code coriolis(q, dq, I_total, m_total, F_x_Ctotal, gravity_earth)}: libfranka computes it as
     * RNEA(q, dq, 0) − g(q) with the same gravity, so gravity cancels: the same value as without it (checked).
     */
    void coriolis(double[] q, double[] dq, double[] iTotal, double mTotal, double[] fXCtotal, double[] gravityEarth,
            double[] coriolis);

    /** {@code gravity(robot_state)}: the torques holding the arm and its load, gravity along {@code O_ddP_O}. */
    void gravity(RobotState state, double[] gravity);

    /** {@code gravity(robot_state, gravity_earth)}. */
    void gravity(RobotState state, double[] gravityEarth, double[] gravity);

    /** {@code gravity(q, m_total, F_x_Ctotal)} with libfranka's default gravity_earth, (0, 0, −9.81) m/s². */
    void gravity(double[] q, double mTotal, double[] fXCtotal, double[] gravity);

    /** {@code gravity(q, m_total, F_x_Ctotal, gravity_earth)}: Nm into {@code gravity[7]}. */
    void gravity(double[] q, double mTotal, double[] fXCtotal, double[] gravityEarth, double[] gravity);
}
