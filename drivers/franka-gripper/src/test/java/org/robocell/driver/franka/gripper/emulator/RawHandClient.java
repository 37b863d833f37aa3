package org.robocell.driver.franka.gripper.emulator;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;

import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperHeader;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperState;

/** A client of the Hand on plain blocking sockets, the way libfranka's Network talks to it, bytes and all. */
final class RawHandClient implements AutoCloseable {

    final Socket tcp;
    final DatagramSocket udp;
    private final DataInputStream in;
    private final OutputStream out;

    RawHandClient(int port) throws IOException {
        tcp = new Socket();
        tcp.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5000);
        tcp.setSoTimeout(10_000);
        udp = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        udp.setSoTimeout(5000);
        in = new DataInputStream(tcp.getInputStream());
        out = tcp.getOutputStream();
    }

    void send(GripperRequest r) throws IOException {
        ByteBuffer b = GripperCodec.encode(r);
        out.write(b.array(), 0, b.remaining());
        out.flush();
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    GripperResponse receive() throws IOException {
        byte[] head = new byte[GripperHeader.SIZE];
        in.readFully(head);
        GripperHeader h = GripperHeader.read(ByteBuffer.wrap(head));
        byte[] payload = new byte[h.payloadSize()];
        in.readFully(payload);
        return GripperCodec.decodeResponse(h, ByteBuffer.wrap(payload));
    }

    GripperResponse connect() throws IOException {
        send(GripperRequest.connect(0, udp.getLocalPort()));
        return receive();
    }

    /** The next state datagram, checked to be 23 bytes. */
    GripperState state() throws IOException {
        DatagramPacket p = new DatagramPacket(new byte[64], 64);
        udp.receive(p);
        return GripperState.read(ByteBuffer.wrap(p.getData(), 0, p.getLength()));
    }

    /** Reads until the connection ends; true when the peer closed it. */
    boolean closedByPeer() throws IOException {
        try {
            return in.read() < 0;
        } catch (java.net.SocketException e) {
            return true; // reset
        }
    }

    @Override
    public void close() throws IOException {
        tcp.close();
        udp.close();
    }
}
