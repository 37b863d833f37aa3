package org.robocell.driver.franka.control;

/**
 * What the {@link FlightRecorder} keeps of a robot state: the fields libfranka's {@code logToCSV} writes. The
 * driver's state class implements it over the arrays it decodes into; the recorder copies, so the arrays may be
 * reused for the next state.
 */
public interface RecordedState {

    /** {@code message_id}: the robot's millisecond counter (libfranka's {@code RobotState::time}). */
    long messageId();

    /** {@code control_command_success_rate} as the robot reports it (0..1). */
    double controlCommandSuccessRate();

    /** {@code q}: measured joint positions (7). */
    double[] q();

    /** {@code q_d}: desired joint positions (7). */
    double[] qD();

    /** {@code dq}: measured joint velocities (7). */
    double[] dq();

    /** {@code dq_d}: desired joint velocities (7). */
    double[] dqD();

    /** {@code tau_J}: measured joint torques (7). */
    double[] tauJ();

    /** {@code tau_ext_hat_filtered}: estimated external torques, filtered (7). */
    double[] tauExtHatFiltered();
}
