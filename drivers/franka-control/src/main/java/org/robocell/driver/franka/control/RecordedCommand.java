package org.robocell.driver.franka.control;

/**
 * What the {@link FlightRecorder} keeps of the command sent in answer to a state: the fields libfranka's {@code
 * logToCSV} writes ({@code RobotCommand}'s motion and control parts). The recorder copies.
 */
public interface RecordedCommand {

    /** {@code q_c}: commanded joint positions (7). */
    double[] qC();

    /** {@code dq_c}: commanded joint velocities (7). */
    double[] dqC();

    /** {@code O_T_EE_c}: commanded end-effector pose, column-major (16). */
    double[] oTEEc();

    /** {@code O_dP_EE_c}: commanded end-effector twist (6). */
    double[] oDPEEc();

    /** {@code tau_J_d}: commanded joint torques (7). */
    double[] tauJD();
}
