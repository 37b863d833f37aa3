package org.robocell.driver.kuka.eac.emulator;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;

/** The controller's real-time UDP socket: sends motion states, waits for control signals with a deadline. */
final class RtSocket implements AutoCloseable {

    static final int CAPACITY = 4096;

    private final DatagramChannel channel;
    private final Selector selector;
    private final ByteBuffer rx = ByteBuffer.allocate(CAPACITY);
    final byte[] data = new byte[CAPACITY];
    int length;
    SocketAddress source;

    RtSocket(InetAddress bind) throws IOException {
        channel = DatagramChannel.open();
        try {
            channel.bind(new InetSocketAddress(bind, 0));
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_READ);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    int localPort() throws IOException {
        return ((InetSocketAddress) channel.getLocalAddress()).getPort();
    }

    void send(byte[] bytes, SocketAddress to) throws IOException {
        channel.send(ByteBuffer.wrap(bytes), to);
    }

    /** The next datagram before {@code deadlineNanos}; false when none came. */
    boolean receive(long deadlineNanos) throws IOException {
        while (true) {
            rx.clear();
            SocketAddress from = channel.receive(rx);
            if (from != null) {
                rx.flip();
                length = rx.remaining();
                rx.get(data, 0, length);
                source = from;
                return true;
            }
            long remaining = deadlineNanos - System.nanoTime();
            if (remaining <= 0) {
                return false;
            }
            selector.select(key -> { }, Math.max(1L, (remaining + 999_999L) / 1_000_000L));
        }
    }

    @Override
    public void close() {
        try {
            selector.close();
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
    }
}
