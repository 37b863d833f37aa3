package org.robocell.driver.franka.gripper.internal.hardware;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.robocell.driver.franka.gripper.protocol.GripperState;

/**
 * Decides which datagrams on the state port are the Hand's: those from the Hand's address, from the one port its
 * first state came from, with a {@code message_id} above the last taken. Anything else changes nothing. One thread
 * (the state receiver) uses it.
 */
final class StateFilter {

    private final InetAddress hand;
    private int handPort = -1;
    private long lastId = -1;

    StateFilter(InetAddress hand) {
        this.hand = hand;
    }

    StateVerdict judge(InetSocketAddress source, GripperState state) {
        if (!hand.equals(source.getAddress()) || (handPort >= 0 && handPort != source.getPort())) {
            return StateVerdict.FOREIGN;
        }
        if (state.messageId() <= lastId) {
            return StateVerdict.STALE;
        }
        handPort = source.getPort();
        lastId = state.messageId();
        return StateVerdict.ACCEPTED;
    }
}
