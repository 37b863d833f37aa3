package org.robocell.driver.kuka.fri.internal;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import org.robocell.driver.kuka.fri.protocol.FriMonitorReader;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * Decides which datagrams are the robot's: from the session's controller (its address and port once locked; before,
 * from {@code controller_ip} when set, else from whoever sends a monitoring message first), a well-formed monitoring
 * message, with a sequence counter newer than the last one taken. Everything else changes nothing but a counter.
 * Allocates nothing.
 */
final class FriGate {

    enum Verdict { ACCEPTED, FOREIGN, MALFORMED, STALE }

    final FriMonitorReader reader;
    private final InetAddress controllerIp;
    private InetSocketAddress robot;
    private long lastSequence;
    private boolean any;

    private long accepted;
    private long foreign;
    private long malformed;
    private long stale;
    /** why the last malformed datagram was refused, for the error line */
    private volatile FriMonitorReader.Refusal lastRefusal;

    FriGate(FriVersion version, InetAddress controllerIp) {
        this.reader = new FriMonitorReader(version);
        this.controllerIp = controllerIp;
    }

    /** A new session: the robot may send from another port; counters go on. */
    void startSession() {
        robot = null;
        any = false;
    }

    Verdict offer(byte[] data, int length, InetSocketAddress from) {
        if (robot != null ? !robot.equals(from)
                : controllerIp != null && !controllerIp.equals(from.getAddress())) {
            foreign++;
            return Verdict.FOREIGN;
        }
        FriMonitorReader.Refusal refusal = reader.read(data, length);
        if (refusal != null) {
            malformed++;
            lastRefusal = refusal;
            return Verdict.MALFORMED;
        }
        long sequence = reader.sequenceCounter();
        // uint32 on the wire: newer is ahead by less than half the range
        if (any && !newer(sequence, lastSequence)) {
            stale++;
            return Verdict.STALE;
        }
        any = true;
        lastSequence = sequence;
        if (robot == null) {
            robot = from;
        }
        accepted++;
        return Verdict.ACCEPTED;
    }

    /** uint32 counters: {@code a} is ahead of {@code b} by 1 to 2^31 - 1 */
    static boolean newer(long a, long b) {
        long ahead = (a - b) & 0xFFFF_FFFFL;
        return ahead != 0 && ahead < 0x8000_0000L;
    }

    /** the controller's address and port once it sent a monitoring message, else null */
    InetSocketAddress robot() {
        return robot;
    }

    long lastSequence() {
        return lastSequence;
    }

    long accepted() {
        return accepted;
    }

    long foreign() {
        return foreign;
    }

    long malformed() {
        return malformed;
    }

    long stale() {
        return stale;
    }

    FriMonitorReader.Refusal lastRefusal() {
        return lastRefusal;
    }
}
