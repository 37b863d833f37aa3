package org.robocell.driver.franka.emulator;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;

/**
 * The robot's TCP command channel, polled from the emulator's cycle without blocking: accepts one client at a time
 * (a second connection is closed at once), cuts the byte stream into messages, decodes them and writes the
 * responses. A message that breaks the format ends the connection with one WARNING line naming the field.
 */
final class CommandServer implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka");
    /** The largest request: SetCollisionBehavior, 428 bytes; anything much larger is not FCI. */
    private static final int MAX_REQUEST = 1024;

    /** What the emulator does with the client's messages. */
    interface Handler {
        /** A Connect; the remote address is the client's. */
        FciResponse connect(long commandId, FciRequest.Connect request, InetSocketAddress remote);

        /** Any other request of a connected client; null when the response comes later. */
        FciResponse request(long commandId, FciRequest request);

        /** The client closed the connection or broke the protocol. */
        void disconnected();
    }

    private final ServerSocketChannel server;
    private final FciCodec codec;
    private final ByteBuffer inbound = ByteBuffer.allocate(MAX_REQUEST * 4).order(ByteOrder.LITTLE_ENDIAN);
    private SocketChannel client;
    private boolean connected;
    private long protocolErrors;
    private long refusedConnections;

    CommandServer(InetAddress bind, int port, FciCodec codec) throws IOException {
        this.codec = codec;
        this.server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(bind, port));
        server.configureBlocking(false);
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
     * is judged: a client that closes and connects again between two cycles (a new {@code franka::Robot} for each
     * call) finds the robot free, as it is.
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
            LOG.log(Level.WARNING, "FCI emulator: accepting a connection failed: " + e.getMessage());
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
            while (inbound.remaining() >= CommandHeader.SIZE) {
                int start = inbound.position();
                CommandHeader header = CommandHeader.read(inbound);
                if (header.size() > MAX_REQUEST) {
                    throw new FciProtocolException("command header: size=" + header.size() + " is larger than any"
                            + " FCI request (" + MAX_REQUEST + ")");
                }
                if (inbound.remaining() < header.payloadSize()) {
                    inbound.position(start);
                    break;
                }
                ByteBuffer payload = inbound.slice(inbound.position(), header.payloadSize());
                inbound.position(inbound.position() + header.payloadSize());
                handle(handler, header, payload);
                if (client == null) {
                    return;
                }
            }
            inbound.compact();
        } catch (FciProtocolException e) {
            protocolErrors++;
            LOG.log(Level.WARNING, "FCI emulator: " + e.getMessage() + "; closing the connection of "
                    + remote());
            drop(handler);
        } catch (IOException e) {
            drop(handler);
        }
    }

    private void handle(Handler handler, CommandHeader header, ByteBuffer payload) throws IOException {
        FciRequest request = codec.decodeRequest(header, payload);
        FciResponse response;
        if (request instanceof FciRequest.Connect c) {
            response = handler.connect(header.commandId(), c, (InetSocketAddress) client.getRemoteAddress());
            connected = response.status().success();
        } else if (!connected) {
            throw new FciProtocolException(request.command().wireName() + " before a successful Connect");
        } else {
            response = handler.request(header.commandId(), request);
        }
        if (response != null) {
            send(response);
        }
    }

    /** Writes a response to the client, if there is one. */
    void send(FciResponse response) {
        if (client == null || (!connected && response.command() != Command.CONNECT)) {
            return;
        }
        ByteBuffer b = codec.encodeResponse(response);
        try {
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (b.hasRemaining()) {
                if (client.write(b) == 0 && System.nanoTime() > deadline) {
                    throw new IOException("the client does not read its responses");
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "FCI emulator: writing " + response + " failed: " + e.getMessage());
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
