package org.robocell.driver.kuka.rsi.internal;

import org.robocell.api.lifecycle.Fault;

/**
 * Why {@code read()} or {@code write()} answered ERROR. The loop records only the constant; the line for people is
 * worded off the loop, when {@code lastError()} is asked.
 */
enum LoopFailure {
    /** no datagram from the robot within the receive timeout */
    SILENT_ROBOT(Fault.COMMUNICATION_TIMEOUT),
    /** the connected robot's host refused a reply (ICMP port unreachable): its RSI socket is closed, RSI has ended */
    ROBOT_CLOSED(Fault.ROBOT_STOPPED),
    /** receiving or sending threw */
    SOCKET_FAILED(Fault.COMMUNICATION_FAILED),
    /** the socket was closed under the loop (cleanup while it still ran) */
    SOCKET_CLOSED(Fault.COMMUNICATION_FAILED),
    /** a held command beyond what RSI's number format carries: no reply rather than an invented one */
    UNWRITABLE_REPLY(Fault.REALTIME_ERROR);

    final Fault fault;

    LoopFailure(Fault fault) {
        this.fault = fault;
    }
}
