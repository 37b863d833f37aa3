package org.robocell.driver.kuka.rsi.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;

/**
 * The PC end of RSI: a bound UDP socket that waits for the robot's datagram with a deadline and answers to the
 * address it came from. Waiting and receiving allocate nothing after the first datagram from a sender: the
 * channel caches the sender's address object, and the selector is used with an action instead of a selected-key
 * set (which would allocate a set node per wake-up).
 * <p>
 * Once the robot is known the socket is {@linkplain #connect connected} to it: the kernel then drops datagrams from
 * any other address or port before they are queued, so a flood from elsewhere costs the driver nothing, and an ICMP
 * "port unreachable" for a reply (the robot's RSI socket is closed) is reported as {@link Received#REFUSED}.
 */
final class RsiEndpoint implements AutoCloseable {

    enum Received {
        DATAGRAM,
        /** nothing before the deadline (from {@link #poll()}: nothing queued) */
        TIMED_OUT,
        /** the connected robot's host answered a reply with ICMP port unreachable: its RSI socket is closed */
        REFUSED,
        FAILED
    }

    enum Sent {
        SENT,
        /** the connected robot's host answered an earlier reply with ICMP port unreachable: its RSI socket is closed */
        REFUSED,
        FAILED
    }

    /**
     * One byte more than the largest datagram taken, so that a longer one shows as longer rather than being cut to
     * a size that looks valid.
     */
    static final int CAPACITY = RsiGate.MAX_DATAGRAM + 1;

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

    private RsiEndpoint(DatagramChannel channel, Selector selector) {
        this.channel = channel;
        this.selector = selector;
    }

    /**
     * @param receiveBufferBytes {@code SO_RCVBUF} (the kernel doubles it for its bookkeeping); 0 keeps the system's
     *                           default
     */
    static RsiEndpoint open(InetSocketAddress bindTo, int receiveBufferBytes) throws IOException {
        DatagramChannel channel = DatagramChannel.open(bindTo.getAddress() instanceof java.net.Inet6Address
                ? StandardProtocolFamily.INET6 : StandardProtocolFamily.INET);
        Selector selector = null;
        try {
            if (receiveBufferBytes > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, receiveBufferBytes);
            }
            channel.bind(bindTo);
            channel.configureBlocking(false);
            selector = Selector.open();
            channel.register(selector, SelectionKey.OP_READ);
            return new RsiEndpoint(channel, selector);
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

    /** The receive buffer the kernel granted ({@code SO_RCVBUF}), -1 when it cannot tell. */
    int receiveBufferBytes() {
        try {
            return channel.getOption(StandardSocketOptions.SO_RCVBUF);
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * From now on only datagrams from {@code robot} reach this socket; the kernel drops the others. Datagrams
     * already queued are discarded (by the JDK's {@code connect}).
     */
    void connect(InetSocketAddress robot) throws IOException {
        channel.connect(robot);
    }

    /** Hears every sender again (before a new session, whose robot may send from another port). */
    void disconnect() throws IOException {
        channel.disconnect();
    }

    boolean isConnected() {
        return channel.isConnected();
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
        } catch (PortUnreachableException e) {
            return Received.REFUSED;
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
    Sent send(byte[] bytes, int count, InetSocketAddress to) {
        return send(loopTx, bytes, count, to);
    }

    /** Sends from a lifecycle thread, through its own buffer so it never races the loop's. */
    Sent sendFromControl(byte[] bytes, int count, InetSocketAddress to) {
        synchronized (controlTx) {
            return send(controlTx, bytes, count, to);
        }
    }

    /** @return REFUSED when the robot's port is closed (the reply was not sent) */
    private Sent send(ByteBuffer tx, byte[] bytes, int count, InetSocketAddress to) {
        try {
            tx.clear();
            tx.put(bytes, 0, count);
            tx.flip();
            if (channel.send(tx, to) == count) {
                return Sent.SENT;
            }
            failure = new IOException("the kernel took " + tx.position() + " of " + count + " bytes");
            return Sent.FAILED;
        } catch (PortUnreachableException e) {
            return Sent.REFUSED;
        } catch (IOException | RuntimeException e) {
            failure = e instanceof IOException io ? io : new IOException(e);
            return Sent.FAILED;
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
