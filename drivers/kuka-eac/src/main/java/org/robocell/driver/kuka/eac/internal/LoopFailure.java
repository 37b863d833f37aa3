package org.robocell.driver.kuka.eac.internal;

import org.robocell.api.lifecycle.Fault;

/** What went wrong on the loop, recorded as a constant there and worded off the loop. */
enum LoopFailure {
    NONE(Fault.NONE),
    /** no motion state from the controller within receive_timeout_ms */
    SILENT(Fault.COMMUNICATION_TIMEOUT),
    /** the socket failed */
    SOCKET(Fault.COMMUNICATION_FAILED),
    /** the controller reported STOPPED or ERROR on the observer stream while the driver was controlling */
    CONTROLLER_ENDED(Fault.ROBOT_STOPPED);

    final Fault fault;

    LoopFailure(Fault fault) {
        this.fault = fault;
    }
}
