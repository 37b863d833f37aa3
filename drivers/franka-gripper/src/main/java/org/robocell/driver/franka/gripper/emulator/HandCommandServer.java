package org.robocell.driver.franka.gripper.emulator;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperConnectStatus;
import org.robocell.driver.franka.gripper.protocol.GripperHeader;
import org.robocell.driver.franka.gripper.protocol.GripperProtocolException;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;

/**
 * The Hand's TCP command channel, polled from the emulator's thread without blocking: one client at a time (a second
 * connection is closed at once), the byte stream cut into messages and decoded, the responses written. A message that
 * breaks the format, or a command before a successful Connect, ends the connection with one WARNING line naming the
 * field; the emulator goes on serving the next client.
 */
final class HandCommandServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka.gripper");

    /** What the emulator does with the client's messages. */
    interface Handler {
        /** A Connect: the answer, and where the state goes when it succeeds. */
        GripperResponse connect(GripperRequest request, InetSocketAddress remote);

        /** Another request of a connected client. */
        void request(GripperRequest request);

        /** The client closed the connection or broke the protocol. */
        void disconnected();
    }

    private final ServerSocketChannel server;
    private final ByteBuffer inbound = ByteBuffer.allocate(GripperHeader.MAX_MESSAGE_SIZE * 4)
            .order(ByteOrder.LITTLE_ENDIAN);
    private SocketChannel client;
    private boolean connected;
    private volatile long protocolErrors;
    private volatile long refusedConnections;

    HandCommandServer(InetAddress bind, int port) throws IOException {
        this.server = ServerSocketChannel.open();
        try {
            server.bind(new InetSocketAddress(bind, port));
            server.configureBlocking(false);
        } catch (IOException e) {
            server.close();
            throw e;
        }
    }

    int port() {
        return ((InetSocketAddress) server.socket().getLocalSocketAddress()).getPort();
    }

    long protocolErrors() {
        return protocolErrors;
    }

    long refusedConnections() {
        return refusedConnections;
    }

    /**
     * Reads and handles what has arrived, then accepts, without waiting. The client's end is read before a newcomer
     * is judged: a client that closes and connects again between two cycles finds the Hand free, as it is.
     */
    void poll(Handler handler) {
        if (client != null) {
            read(handler);
        }
        if (accept() && client != null) {
            read(handler);
        }
    }

    /** Takes the first waiting connection as the client if there is none, closes the others; true when it took one. */
    private boolean accept() {
        boolean took = false;
        try {
            SocketChannel incoming;
            while ((incoming = server.accept()) != null) {
                if (client == null) {
                    client = incoming;
                    client.configureBlocking(false);
                    client.socket().setTcpNoDelay(true);
                    inbound.clear();
                    connected = false;
                    took = true;
                } else {
                    refusedConnections++;
                    incoming.close();
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Franka Hand emulator: accepting a connection failed: " + e.getMessage());
        }
        return took;
    }

    private void read(Handler handler) {
        try {
            int n = client.read(inbound);
            if (n < 0) {
                drop(handler);
                return;
            }
            inbound.flip();
            while (inbound.remaining() >= GripperHeader.SIZE) {
                int start = inbound.position();
                GripperHeader header = GripperHeader.read(inbound);
                if (inbound.remaining() < header.payloadSize()) {
                    inbound.position(start);
                    break;
                }
                ByteBuffer payload = inbound.slice(inbound.position(), header.payloadSize());
                inbound.position(inbound.position() + header.payloadSize());
                handle(handler, GripperCodec.decodeRequest(header, payload));
                if (client == null) {
                    return;
                }
            }
            inbound.compact();
        } catch (GripperProtocolException e) {
            protocolErrors++;
            LOG.log(Level.WARNING, "Franka Hand emulator: " + e.getMessage() + "; closing the connection of "
                    + remote());
            drop(handler);
        } catch (IOException e) {
            drop(handler);
        }
    }

    private void handle(Handler handler, GripperRequest request) throws IOException {
        if (request.command() == GripperCommand.CONNECT) {
            GripperResponse answer = handler.connect(request, (InetSocketAddress) client.getRemoteAddress());
            connected = answer.connectStatus() == GripperConnectStatus.SUCCESS;
            write(answer);
        } else if (!connected) {
            throw new GripperProtocolException(request.command().wireName() + " before a successful Connect");
        } else {
            handler.request(request);
        }
    }

    /** Writes a response to the connected client, if there is one. */
    void send(GripperResponse response) {
        if (client != null && connected) {
            write(response);
        }
    }

    private void write(GripperResponse response) {
        ByteBuffer b = GripperCodec.encode(response);
        try {
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (b.hasRemaining()) {
                if (client.write(b) == 0 && System.nanoTime() > deadline) {
                    throw new IOException("the client does not read its responses");
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "Franka Hand emulator: writing the " + response.command().wireName()
                    + " response failed: " + e.getMessage());
        }
    }

    private String remote() {
        try {
            return String.valueOf(client.getRemoteAddress());
        } catch (IOException e) {
            return "the client";
        }
    }

    private void drop(Handler handler) {
        try {
            client.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        client = null;
        connected = false;
        handler.disconnected();
    }

    @Override
    public void close() throws IOException {
        if (client != null) {
            client.close();
        }
        server.close();
    }
}
