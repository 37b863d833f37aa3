package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * A short connection of its own to the robot, for one non-real-time call while the component is not connected, as
 * a new {@code franka::Robot} makes one: the command channel, Connect (with {@code protocol_version=auto}, 10 and then
 * the version the robot answers) and a UDP socket for the states the robot then streams. Closed after the call.
 */
final class FciSession implements AutoCloseable {

    private final CommandChannel channel;
    private final DatagramChannel udp;
    private final ProtocolVersion version;
    private final InetAddress robotAddress;

    private FciSession(CommandChannel channel, DatagramChannel udp, ProtocolVersion version, InetAddress robot) {
        this.channel = channel;
        this.udp = udp;
        this.version = version;
        this.robotAddress = robot;
    }

    static FciSession open(FrankaDriverSettings settings) throws IOException {
        InetSocketAddress robot = new InetSocketAddress(InetAddress.getByName(settings.robotIp()),
                settings.commandPort());
        long deadline = System.nanoTime() + settings.connectTimeoutMs() * 1_000_000L;
        IOException lastRefusal = null;
        ProtocolVersion version = settings.firstVersion();
        while (true) {
            try {
                return tryOpen(settings, robot, deadline, version);
            } catch (OtherVersion e) {
                // auto: the robot said which version it speaks; this and every later try speak it. Starting each
                // retry from 10 again made a new connection right after the one closed, which a robot still
                // closing the last refuses, and the retries went round for as long as the deadline allowed
                version = e.robotVersion;
            } catch (ConnectException | Busy e) {
                // refused, or closed at once: the robot serves one client and may still be closing the last one
                IOException refusal = e instanceof Busy b ? (IOException) b.getCause() : e;
                if (System.nanoTime() - deadline >= 0) {
                    throw refusal;
                }
                lastRefusal = refusal;
                LockSupport.parkNanos(20_000_000);
            } catch (ConnectTimedOut e) {
                // the last try had only what was left of the deadline: a robot that refused until then is refusing
                if (lastRefusal != null) {
                    lastRefusal.addSuppressed(e.getCause());
                    throw lastRefusal;
                }
                throw (IOException) e.getCause();
            }
        }
    }

    /** Connecting timed out (as opposed to the robot not answering Connect in time). */
    private static final class ConnectTimedOut extends IOException {
        private static final long serialVersionUID = 1L;

        ConnectTimedOut(SocketTimeoutException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The robot closed the connection before answering Connect. */
    private static final class Busy extends IOException {
        private static final long serialVersionUID = 1L;

        Busy(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The robot answered Connect with another version it speaks, and {@code protocol_version} is auto. */
    private static final class OtherVersion extends IOException {
        private static final long serialVersionUID = 1L;
        final transient ProtocolVersion robotVersion;

        OtherVersion(ProtocolVersion robotVersion) {
            super("the robot speaks FCI v" + robotVersion.number());
            this.robotVersion = robotVersion;
        }
    }

    private static FciSession tryOpen(FrankaDriverSettings settings, InetSocketAddress robot, long deadline,
            ProtocolVersion v) throws IOException {
        DatagramChannel udp = DatagramChannel.open();
        CommandChannel channel = null;
        try {
            udp.bind(new InetSocketAddress(0));
            int udpPort = ((InetSocketAddress) udp.getLocalAddress()).getPort();
            int timeout = (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            try {
                channel = CommandChannel.open(robot, v, timeout);
            } catch (SocketTimeoutException e) {
                throw new ConnectTimedOut(e);
            }
            FciResponse r = connect(channel, v, udpPort, timeout);
            if (r.status() != ConnectStatus.SUCCESS && settings.protocol() == null
                    && ProtocolVersion.of(r.version()).isPresent() && r.version() != v.number()) {
                throw new OtherVersion(ProtocolVersion.of(r.version()).get());
            }
            if (r.status() != ConnectStatus.SUCCESS) {
                throw new IOException("the robot at " + robot + " refused Connect with " + r.status().wireName()
                        + ": it speaks FCI v" + r.version());
            }
            return new FciSession(channel, udp, v, robot.getAddress());
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            udp.close();
            throw e;
        }
    }

    private static FciResponse connect(CommandChannel channel, ProtocolVersion v, int udpPort, int timeout)
            throws IOException {
        try {
            return channel.request(new FciRequest.Connect(v.number(), udpPort), timeout);
        } catch (IOException e) {
            if (channel.closedBecause() != null) {
                throw new Busy(e);
            }
            throw e;
        }
    }

    CommandChannel channel() {
        return channel;
    }

    ProtocolVersion version() {
        return version;
    }

    /** The first state the robot sends after Connect (from its address only), within {@code timeoutMillis}. */
    RobotState firstState(int timeoutMillis) throws IOException {
        udp.configureBlocking(false);
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        RobotState state = new RobotState();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (System.nanoTime() - deadline < 0) {
            b.clear();
            SocketAddress from = udp.receive(b);
            if (from == null) {
                LockSupport.parkNanos(100_000);
                continue;
            }
            if (!((InetSocketAddress) from).getAddress().equals(robotAddress)) {
                continue;
            }
            b.flip();
            try {
                state.readFrom(b, version);
                return state;
            } catch (FciProtocolException e) {
                // not a state of this version: wait for the next
            }
        }
        throw new IOException("no robot state from " + robotAddress.getHostAddress() + " within " + timeoutMillis
                + " ms after Connect");
    }

    @Override
    public void close() {
        channel.close();
        try {
            udp.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
