package org.robocell.driver.kuka.rsi.internal;

import java.net.InetSocketAddress;

import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;

/**
 * Decides, for every datagram that reaches the driver, whether it is the robot's next cycle; only then do its values
 * become the robot's. Checks run cheapest first: the sender (before a byte is parsed), the size, the parse, the
 * IPOC. A datagram that is refused changes nothing here but its counter: not the values, not the IPOC, not the
 * session's lock. Allocates nothing.
 * <p>
 * One session (activation) at a time: {@link #startSession} forgets the last one. The first datagram accepted in a
 * session locks it to its sender's exact address and port.
 */
final class RsiGate {

    /** Why a datagram was or was not taken. */
    enum Verdict {
        /** the robot's next cycle: its values are now the robot's */
        ACCEPTED,
        /** not from the robot's address and port (or, before the lock, not from the configured robot_address) */
        FOREIGN,
        /** larger than any RSI message, not the configured layout, or an IPOC that is not a whole number >= 0 */
        MALFORMED,
        /** from the robot, but its IPOC is not newer than the last accepted one: a replay, duplicate or reordering */
        OLD_IPOC,
        /** from the robot, but its IPOC is further ahead than max_ipoc_jump: not the robot's next cycle */
        IPOC_JUMP
    }

    /** Largest datagram taken as an RSI message; the controller's own buffers are 1024 bytes. */
    static final int MAX_DATAGRAM = 8192;
    /** IPOCs above it would not be exact in the double the parser gives */
    private static final double MAX_IPOC = 0x1p53;

    private final RsiParser parser;
    private final int ipocChannel;
    private final long maxIpocJump;
    private final double[] parsed;
    private final double[] robot;

    private RobotAddress configured;
    private InetSocketAddress lock;
    private boolean haveIpoc;
    private long lastIpoc;
    private long ipocStep;

    // cumulative from configure
    private long accepted;
    private long foreign;
    private long malformed;
    private long oldIpoc;
    private long ipocJumps;
    private long missed;

    RsiGate(RsiLayout robotLayout, String ipocTag, long maxIpocJump) {
        this.parser = new RsiParser(robotLayout);
        this.ipocChannel = robotLayout.indexOf(ipocTag);
        this.maxIpocJump = maxIpocJump;
        this.parsed = new double[robotLayout.channelCount()];
        this.robot = new double[robotLayout.channelCount()];
    }

    /**
     * A new session: no lock, no IPOC yet. Only datagrams that {@code configured} matches (any, when null) can
     * start it.
     */
    void startSession(RobotAddress configured) {
        this.configured = configured;
        this.lock = null;
        this.haveIpoc = false;
        this.ipocStep = 0;
    }

    /** Judges {@code data[0, length)} from {@code source}; when ACCEPTED, its values are in {@link #robot()}. */
    Verdict offer(byte[] data, int length, InetSocketAddress source) {
        if (lock != null ? !lock.equals(source) : configured != null && !configured.matches(source)) {
            foreign++;
            return Verdict.FOREIGN;
        }
        if (length > MAX_DATAGRAM) {
            malformed++;
            return Verdict.MALFORMED;
        }
        // channels a datagram may leave out keep the robot's last accepted values, never a refused datagram's
        System.arraycopy(robot, 0, parsed, 0, robot.length);
        if (!parser.parse(data, 0, length, parsed)) {
            malformed++;
            return Verdict.MALFORMED;
        }
        double ipocValue = parsed[ipocChannel];
        if (!(ipocValue >= 0 && ipocValue <= MAX_IPOC) || ipocValue != Math.rint(ipocValue)) {
            malformed++;
            return Verdict.MALFORMED;
        }
        long ipoc = (long) ipocValue;
        if (haveIpoc) {
            long delta = ipoc - lastIpoc;
            if (delta <= 0) {
                oldIpoc++;
                return Verdict.OLD_IPOC;
            }
            if (delta > maxIpocJump) {
                ipocJumps++;
                return Verdict.IPOC_JUMP;
            }
            countGap(delta);
        }
        System.arraycopy(parsed, 0, robot, 0, robot.length);
        haveIpoc = true;
        lastIpoc = ipoc;
        accepted++;
        if (lock == null) {
            lock = source;
        }
        return Verdict.ACCEPTED;
    }

    /**
     * The IPOC step is the controller's cycle in ms on a real KR C4 (+4), but 1 in the public simulators, so it is
     * learnt as the smallest positive step seen; a larger step means cycles this driver never received.
     */
    private void countGap(long delta) {
        if (ipocStep == 0 || delta < ipocStep) {
            ipocStep = delta;
        }
        missed += delta / ipocStep - 1;
    }

    /** The values of the last accepted datagram, by channel of the robot layout. */
    double[] robot() {
        return robot;
    }

    /** The sender the session is locked to, or null before its first accepted datagram. */
    InetSocketAddress lock() {
        return lock;
    }

    long lastIpoc() {
        return lastIpoc;
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

    long oldIpoc() {
        return oldIpoc;
    }

    long ipocJumps() {
        return ipocJumps;
    }

    long missed() {
        return missed;
    }
}
