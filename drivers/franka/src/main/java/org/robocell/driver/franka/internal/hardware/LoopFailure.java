package org.robocell.driver.franka.internal.hardware;

import org.robocell.api.lifecycle.Fault;

/** Why {@code read} or {@code write} failed: a constant the loop records, worded off the loop. */
enum LoopFailure {
    /** no new state within the receive timeout */
    SILENT_ROBOT(Fault.COMMUNICATION_TIMEOUT),
    /** the robot aborted the motion: errors in its state, robot mode Reflex, Move answered kReflexAborted */
    REFLEX(Fault.ROBOT_STOPPED),
    /** the Move ended with another status than the driver asked for */
    MOTION_ENDED(Fault.ROBOT_STOPPED),
    /** the TCP command connection is gone */
    CONNECTION_LOST(Fault.COMMUNICATION_FAILED),
    /** the command failed libfranka's checks (NaN, infinity, pose) and was not sent */
    COMMAND_REFUSED(Fault.REALTIME_ERROR),
    /** a command outside the FR3's joint range, velocity or torque limits was not sent */
    COMMAND_OUT_OF_RANGE(Fault.REALTIME_ERROR),
    /** the command could not be sent */
    SEND_FAILED(Fault.COMMUNICATION_FAILED);

    final Fault fault;

    LoopFailure(Fault fault) {
        this.fault = fault;
    }
}
