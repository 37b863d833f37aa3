package org.robocell.driver.kuka.rsi.internal;

import java.net.InetSocketAddress;

import org.robocell.api.lifecycle.Fault;
import org.robocell.driver.udp.UdpEndpoint;

/**
 * Why the RSI driver's last lifecycle callback, {@code read} or {@code write} failed, and the line that says so. A
 * callback's line is worded when it fails; the loop records only a {@link LoopFailure} constant, worded off the loop
 * by {@link #describe} when {@code lastError()} is asked. A new lifecycle call makes what failed before history.
 */
final class RsiFailureRecord {

    private volatile Fault callbackFault = Fault.NONE;
    private volatile String callbackError;
    private volatile LoopFailure loopFailure;

    /** A new lifecycle call: what failed before is history. */
    void clear() {
        loopFailure = null;
        callbackError = null;
        callbackFault = Fault.NONE;
    }

    /** A lifecycle callback failed, for {@code message}. */
    void callbackFailed(Fault fault, String message) {
        callbackError = message;
        callbackFault = fault;
    }

    /** Real time: records a constant, words nothing. */
    void loopFailed(LoopFailure why) {
        loopFailure = why;
    }

    /** The loop's failure, else the callback's fault; {@link Fault#NONE} when nothing failed. */
    Fault fault() {
        LoopFailure f = loopFailure;
        return f != null ? f.fault : callbackFault;
    }

    /** The loop's failure since the last lifecycle call, or null. */
    LoopFailure loopFailure() {
        return loopFailure;
    }

    /** The failed callback's line, or null. */
    String callbackError() {
        return callbackError;
    }

    /**
     * The line for a loop failure, off the loop.
     *
     * @param robot    the session's robot, or null before one was locked
     * @param socket   the RSI socket, or null when closed
     * @param gate     the session's gate, or null before configure
     */
    static String describe(LoopFailure f, InetSocketAddress robot, UdpEndpoint socket, RsiGate gate,
            RsiDriverSettings settings) {
        String who = robot == null ? "the robot" : "the robot at " + robot;
        return switch (f) {
            case SILENT_ROBOT -> "no RSI datagram from " + who + " within " + settings.receiveTimeoutNanos() / 1_000_000
                    + " ms" + refusedSoFar(gate, settings);
            case ROBOT_CLOSED -> who + " refused a reply (ICMP port unreachable): its RSI socket is closed, RSI has"
                    + " ended on the robot";
            case SOCKET_FAILED -> "the RSI socket failed: " + (socket == null ? "closed" : socket.failure());
            case SOCKET_CLOSED -> "the RSI socket was closed while the loop still used it";
            case UNWRITABLE_REPLY -> "a held command is beyond what an RSI reply can carry; no reply was sent";
        };
    }

    /** What the gate refused so far, for a line about a robot that did not come through; empty when nothing. */
    static String refusedSoFar(RsiGate g, RsiDriverSettings settings) {
        if (g == null || g.foreign() + g.malformed() + g.oldIpoc() + g.ipocJumps() == 0) {
            return "";
        }
        return " (refused so far: " + g.foreign() + " from other senders, " + g.malformed() + " malformed, "
                + g.oldIpoc() + " with an old IPOC, " + g.ipocJumps() + " with an IPOC more than "
                + settings.maxIpocJump() + " ahead)";
    }
}
