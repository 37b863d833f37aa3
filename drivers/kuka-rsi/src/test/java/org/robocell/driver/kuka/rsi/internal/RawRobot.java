package org.robocell.driver.kuka.rsi.internal;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.Arrays;

import org.robocell.driver.kuka.rsi.emulator.RsiEmulatorConfig;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;
import org.robocell.driver.kuka.rsi.protocol.RsiWriter;

/**
 * A robot, or someone pretending to be one, played by a bare UDP socket: it sends {@code <Rob>} datagrams with the
 * IPOC and A1 the test chooses (the other axes at home) and reads whatever comes back. Every exchange is one step of
 * the test, so what the driver does with each datagram is deterministic.
 */
final class RawRobot implements AutoCloseable {

    private static final RsiChannelMap CHANNELS = RsiChannelMap.defaults();
    private static final RsiLayout ROBOT = CHANNELS.robotLayout();
    private static final RsiLayout REPLY = CHANNELS.replyLayout();

    private final DatagramSocket socket;
    private InetSocketAddress driver;
    private final RsiWriter writer = new RsiWriter(ROBOT);
    private final RsiParser replyParser = new RsiParser(REPLY);
    private final double[] values = new double[ROBOT.channelCount()];
    private final double[] replyValues = new double[REPLY.channelCount()];

    RawRobot(InetAddress bindAddress, int driverPort) throws IOException {
        socket = new DatagramSocket(new InetSocketAddress(bindAddress, 0));
        aimAt(driverPort);
    }

    /** Sends to the driver on {@code port} from now on (for a robot whose own port the driver must know first). */
    RawRobot aimAt(int driverPort) {
        driver = new InetSocketAddress(InetAddress.getLoopbackAddress(), driverPort);
        return this;
    }

    /** A robot on the loopback address the driver listens on. */
    static RawRobot onLoopback(int driverPort) throws IOException {
        return new RawRobot(InetAddress.getLoopbackAddress(), driverPort);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** The bytes of a well-formed {@code <Rob>} datagram: A1 as given, A2..A6 at home, {@code <Delay D="0">}. */
    byte[] datagram(long ipoc, double a1Degrees) {
        double[] axes = RsiEmulatorConfig.HOME_DEGREES.clone();
        axes[0] = a1Degrees;
        for (int i = 0; i < 6; i++) {
            values[ROBOT.indexOf("AIPos.A" + (i + 1))] = axes[i];
        }
        values[ROBOT.indexOf("IPOC")] = ipoc;
        byte[] out = new byte[writer.maxLength()];
        int n = writer.write(values, out);
        return Arrays.copyOf(out, n);
    }

    void send(long ipoc, double a1Degrees) throws IOException {
        send(datagram(ipoc, a1Degrees));
    }

    void send(byte[] bytes) throws IOException {
        socket.send(new DatagramPacket(bytes, bytes.length, driver));
    }

    /** The IPOC of the next reply within {@code millis}, or -1 when none came. */
    long awaitReplyIpoc(int millis) throws IOException {
        return awaitReply(millis) ? (long) replyValues[REPLY.indexOf("IPOC")] : -1;
    }

    /** The axis command A1 of the last reply read. */
    double lastReplyA1() {
        return replyValues[REPLY.indexOf("AK.A1")];
    }

    /** Whether a reply is already queued: replies on loopback are delivered by the time the driver's send returns. */
    boolean hasReply() throws IOException {
        return awaitReply(1);
    }

    private boolean awaitReply(int millis) throws IOException {
        byte[] in = new byte[8192];
        DatagramPacket p = new DatagramPacket(in, in.length);
        socket.setSoTimeout(millis);
        try {
            socket.receive(p);
        } catch (SocketTimeoutException e) {
            return false;
        }
        if (!replyParser.parse(in, 0, p.getLength(), replyValues)) {
            throw new AssertionError("the driver sent a reply that is not a <Sen> message: "
                    + new String(in, 0, p.getLength(), java.nio.charset.StandardCharsets.US_ASCII));
        }
        return true;
    }

    @Override
    public void close() {
        socket.close();
    }
}
