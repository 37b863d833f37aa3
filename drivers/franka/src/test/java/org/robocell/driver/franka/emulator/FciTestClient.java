package org.robocell.driver.franka.emulator;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * A small FCI client as libfranka's {@code Network} is: a TCP connection to the command port and a UDP socket on an
 * ephemeral port that receives the states and sends the commands to where the states come from. Non-blocking, so
 * that a test can step the emulator between sending and reading.
 */
final class FciTestClient implements AutoCloseable {

    final FciCodec codec;
    final SocketChannel tcp;
    final DatagramChannel udp;
    private final ByteBuffer inbound = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer datagram = ByteBuffer.allocate(4096);
    private final ByteBuffer out = ByteBuffer.allocate(512);
    private final List<FciResponse> responses = new ArrayList<>();
    private InetSocketAddress robotUdp;
    private long nextId = 1;
    final RobotState state = new RobotState();
    long statesReceived;

    FciTestClient(int port, ProtocolVersion version) throws IOException {
        codec = new FciCodec(version);
        tcp = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        tcp.configureBlocking(false);
        udp = DatagramChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        udp.configureBlocking(false);
    }

    int udpPort() throws IOException {
        return ((InetSocketAddress) udp.getLocalAddress()).getPort();
    }

    long send(FciRequest request) throws IOException {
        long id = nextId++;
        ByteBuffer b = codec.encodeRequest(id, request);
        while (b.hasRemaining()) {
            tcp.write(b);
        }
        return id;
    }

    void sendRaw(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            tcp.write(b);
        }
    }

    /** A response with {@code id} that has arrived, or null. */
    FciResponse response(long id) throws IOException {
        int n = tcp.read(inbound);
        if (n < 0 && responses.isEmpty()) {
            throw new IOException("the robot closed the connection");
        }
        inbound.flip();
        while (inbound.remaining() >= CommandHeader.SIZE) {
            int start = inbound.position();
            CommandHeader h = CommandHeader.read(inbound);
            if (inbound.remaining() < h.payloadSize()) {
                inbound.position(start);
                break;
            }
            ByteBuffer payload = inbound.slice(inbound.position(), h.payloadSize());
            inbound.position(inbound.position() + h.payloadSize());
            responses.add(codec.decodeResponse(h, payload));
        }
        inbound.compact();
        for (int i = 0; i < responses.size(); i++) {
            if (responses.get(i).commandId() == id) {
                return responses.remove(i);
            }
        }
        return null;
    }

    /** Whether the robot closed the TCP connection. */
    boolean closedByRobot() {
        try {
            return tcp.read(ByteBuffer.allocate(1)) < 0;
        } catch (IOException e) {
            return true; // reset
        }
    }

    /** Takes every waiting state and keeps the newest, as libfranka's {@code receiveRobotState}; false if none. */
    boolean receiveState() throws IOException {
        boolean got = false;
        while (true) {
            datagram.clear();
            InetSocketAddress from = (InetSocketAddress) udp.receive(datagram);
            if (from == null) {
                return got;
            }
            datagram.flip();
            robotUdp = from;
            RobotState s = new RobotState();
            s.readFrom(datagram, codec.version());
            statesReceived++;
            if (!got || s.messageId() > state.messageId()) {
                state.copyFrom(s);
                got = true;
            }
        }
    }

    /** Sends a command to where the states come from. */
    void sendCommand(RobotCommand command) throws IOException {
        command.writeTo(out);
        udp.send(out, robotUdp);
    }

    @Override
    public void close() throws IOException {
        tcp.close();
        udp.close();
    }
}
