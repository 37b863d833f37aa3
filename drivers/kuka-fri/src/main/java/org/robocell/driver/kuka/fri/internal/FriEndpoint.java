package org.robocell.driver.kuka.fri.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;

import org.robocell.driver.kuka.fri.protocol.FriCommandWriter;

/**
 * The client end of FRI: the bound FRI port, which waits for the controller's monitoring message with a deadline
 * and answers to the address it came from. Waiting and receiving allocate nothing after the first datagram from a
 * sender (the channel caches the sender's address object; the selector is used with an action, not a selected-key
 * set).
 */
final class FriEndpoint implements AutoCloseable {

    enum Received {
        DATAGRAM,
        /** nothing before the deadline (from {@link #poll()}: nothing queued) */
        TIMED_OUT,
        FAILED
    }

    /** one byte more than the largest message FRI sends, so that a longer one shows as longer */
    static final int CAPACITY = FriCommandWriter.MAX_MESSAGE_BYTES + 1;

    private final DatagramChannel channel;
    private final Selector selector;
    private final ByteBuffer rx = ByteBuffer.allocateDirect(CAPACITY);
    private final ByteBuffer loopTx = ByteBuffer.allocateDirect(CAPACITY);
    private final ByteBuffer controlTx = ByteBuffer.allocateDirect(CAPACITY);
    private final Consumer<SelectionKey> ignoreReadyKey = key -> { };

    /** The last datagram: bytes [0, length) and its sender. */
    final byte[] data = new byte[CAPACITY];
    int length;
    InetSocketAddress source;
    /** The exception of the last {@link Received#FAILED}, for the error message (read off the loop). */
    volatile IOException failure;

    private FriEndpoint(DatagramChannel channel, Selector selector) {
        this.channel = channel;
        this.selector = selector;
    }

    static FriEndpoint open(InetSocketAddress bindTo) throws IOException {
        DatagramChannel channel = DatagramChannel.open(bindTo.getAddress() instanceof java.net.Inet6Address
                ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET);
        Selector selector = null;
        try {
            channel.bind(bindTo);
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_READ);
            return new FriEndpoint(channel, selector);
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

    /** Takes a datagram if one is queued, without waiting. */
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
                // select() takes whole milliseconds and 0 would mean "forever"
                selector.select(ignoreReadyKey, Math.max(1L, (remaining + 999_999L) / 1_000_000L));
            } catch (IOException e) {
                failure = e;
                return Received.FAILED;
            } catch (RuntimeException e) {
                failure = new IOException(e);
                return Received.FAILED;
            }
        }
    }

    /** Sends from the loop thread. */
    boolean send(byte[] bytes, int count, InetSocketAddress to) {
        return send(loopTx, bytes, count, to);
    }

    /** Sends from a lifecycle thread (activation), through its own buffer so it never races the loop's. */
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
            if (channel.send(tx, to) == count) {
                return true;
            }
            failure = new IOException("the kernel took " + tx.position() + " of " + count + " bytes");
            return false;
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
