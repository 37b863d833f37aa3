package org.robocell.driver.kuka.fri.internal;

import org.robocell.api.lifecycle.Fault;

/**
 * Why {@code read()} or {@code write()} answered ERROR. The loop records only the constant; the line for people is
 * worded off the loop, when {@code lastError()} is asked.
 */
enum LoopFailure {
    /** no monitoring message from the robot within the receive timeout */
    SILENT_ROBOT(Fault.COMMUNICATION_TIMEOUT),
    /** the robot's session left COMMANDING_ACTIVE (it stopped the overlay: quality, safety, the application) */
    LEFT_COMMANDING(Fault.ROBOT_STOPPED),
    /** receiving or sending threw */
    SOCKET_FAILED(Fault.COMMUNICATION_FAILED),
    /** the socket was closed under the loop (cleanup while it still ran) */
    SOCKET_CLOSED(Fault.COMMUNICATION_FAILED);

    final Fault fault;

    LoopFailure(Fault fault) {
        this.fault = fault;
    }
}
