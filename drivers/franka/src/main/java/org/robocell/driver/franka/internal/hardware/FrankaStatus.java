package org.robocell.driver.franka.internal.hardware;

/** The robot's own state interfaces, under the arm id ({@code fr3/robot_mode}). */
enum FrankaStatus {
    /** {@code robot_mode}: 0 Other, 1 Idle, 2 Move, 3 Guiding, 4 Reflex, 5 UserStopped, 6 AutomaticErrorRecovery */
    ROBOT_MODE("robot_mode"),
    /** {@code control_command_success_rate}: the share of the last 100 commands the robot got in time */
    SUCCESS_RATE("control_command_success_rate"),
    /** the robot's time, s ({@code message_id} in ms) */
    TIME("time"),
    /** states the driver never got, by message id */
    LOST_STATES("lost_states"),
    /** states dropped as not newer than the last */
    STALE_STATES("stale_states"),
    /** commands sent */
    SENT_COMMANDS("sent_commands"),
    /** reads that waited the whole receive timeout */
    RECEIVE_TIMEOUTS("receive_timeouts"),
    /** Cartesian pose, Cartesian velocity or elbow commands not sent (the last good one held instead) */
    HELD_COMMANDS("held_commands"),
    /** reads that waited for a later state after an answer had gone out late, to answer in time from then on */
    PHASE_SHIFTS("phase_shifts");

    final String interfaceName;

    FrankaStatus(String interfaceName) {
        this.interfaceName = interfaceName;
    }
}
