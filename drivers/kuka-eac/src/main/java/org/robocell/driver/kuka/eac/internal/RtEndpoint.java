package org.robocell.driver.kuka.eac.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;

/**
 * The client's end of EAC's real-time plane: the UDP socket bound to {@code client_ip:44444} where the controller
 * sends motion states; control signals go back to the sender. Waiting, receiving and sending allocate nothing after
 * the first datagram from a sender (the channel caches the sender's address object; the selector is used with an
 * action instead of a selected-key set), as in the RSI driver's endpoint.
 */
final class RtEndpoint implements AutoCloseable {

    enum Received {
        DATAGRAM,
        TIMED_OUT,
        FAILED
    }

    /** One byte more than the largest datagram taken, so a longer one shows as longer. */
    static final int CAPACITY = 2049;

    private final DatagramChannel channel;
    private final Selector selector;
    private final ByteBuffer rx = ByteBuffer.allocateDirect(CAPACITY);
    private final ByteBuffer loopTx = ByteBuffer.allocateDirect(CAPACITY);
    private final ByteBuffer controlTx = ByteBuffer.allocateDirect(CAPACITY);
    private final Consumer<SelectionKey> ignoreReadyKey = key -> { };

    final byte[] data = new byte[CAPACITY];
    int length;
    InetSocketAddress source;
    volatile IOException failure;

    private RtEndpoint(DatagramChannel channel, Selector selector) {
        this.channel = channel;
        this.selector = selector;
    }

    static RtEndpoint open(InetSocketAddress bindTo) throws IOException {
        DatagramChannel channel = DatagramChannel.open(bindTo.getAddress() instanceof java.net.Inet6Address
                ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET);
        Selector selector = null;
        try {
            channel.bind(bindTo);
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_READ);
            return new RtEndpoint(channel, selector);
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (selector != null) {
                selector.close();
            }
            throw e;
        }
    }

    int localPort() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Takes a queued datagram without waiting. */
    Received poll() {
        try {
            rx.clear();
            SocketAddress from = channel.receive(rx);
            if (from == null) {
                return Received.TIMED_OUT;
            }
            rx.flip();
            length = rx.remaining();
            rx.get(data, 0, length);
            source = (InetSocketAddress) from;
            return Received.DATAGRAM;
        } catch (IOException e) {
            failure = e;
            return Received.FAILED;
        }
    }

    /** Waits for the next datagram until {@code deadlineNanos} ({@link System#nanoTime()} scale). */
    Received receive(long deadlineNanos) {
        while (true) {
            Received r = poll();
            if (r != Received.TIMED_OUT) {
                return r;
            }
            long remaining = deadlineNanos - System.nanoTime();
            if (remaining <= 0) {
                return Received.TIMED_OUT;
            }
            try {
                selector.select(ignoreReadyKey, Math.max(1L, Math.min(5L, (remaining + 999_999L) / 1_000_000L)));
            } catch (IOException e) {
                failure = e;
                return Received.FAILED;
            } catch (RuntimeException e) {
                failure = new IOException(e);
                return Received.FAILED;
            }
        }
    }

    /** Drops what is queued (a former session's motion states). */
    void drain() {
        while (poll() == Received.DATAGRAM) {
            // dropped
        }
    }

    boolean send(byte[] bytes, int count, InetSocketAddress to) {
        return send(loopTx, bytes, count, to);
    }

    /** Sends from a lifecycle thread, through its own buffer so it never races the loop's. */
    boolean sendFromControl(byte[] bytes, int count, InetSocketAddress to) {
        synchronized (controlTx) {
            return send(controlTx, bytes, count, to);
        }
    }

    private boolean send(ByteBuffer tx, byte[] bytes, int count, InetSocketAddress to) {
        try {
            tx.clear();
            tx.put(bytes, 0, count);
            tx.flip();
            return channel.send(tx, to) == count;
        } catch (IOException | RuntimeException e) {
            failure = e instanceof IOException io ? io : new IOException(e);
            return false;
        }
    }

    @Override
    public void close() {
        try {
            selector.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
        try {
            channel.close();
        } catch (IOException e) {
            // closing: nothing left to do with it
        }
    }
}
