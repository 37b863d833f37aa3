package org.robocell.driver.udp;

import java.io.IOException;
import java.net.Inet6Address;
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
 * A driver's end of a real-time UDP link where the robot sends a datagram each cycle and waits for the answer (KUKA
 * RSI, FRI, EAC): a bound, non-blocking socket that takes a datagram without waiting ({@link #poll()}) or waits for
 * one until a deadline ({@link #receive(long)}), and answers to any address. Waiting, receiving and sending allocate
 * nothing after the first datagram from a sender: the channel caches the sender's address object, the buffers are
 * direct and made once, and the selector is used with an action instead of a selected-key set (which would allocate
 * a set node per wake-up). No call blocks beyond its deadline or on a lock the loop's calls take.
 * <p>
 * Once the peer is known the socket may be {@linkplain #connect connected} to it: the kernel then drops datagrams
 * from any other address or port before they are queued, so a flood from elsewhere costs the driver nothing, and an
 * ICMP "port unreachable" for an earlier datagram (the peer's socket is closed) is reported as
 * {@link Received#REFUSED}. An endpoint that is not connected never reports REFUSED.
 * <p>
 * Threads: {@link #poll()}, {@link #receive(long)}, {@link #drain()} and {@link #send} belong to one thread (the
 * loop); {@link #sendFromControl} may be called from another (activation, deactivation) at the same time, through a
 * buffer of its own. The last datagram ({@link #data()}, {@link #length()}, {@link #source()}) is the loop's.
 */
public final class UdpEndpoint implements AutoCloseable {

    /** What {@link #poll()} or {@link #receive(long)} found. */
    public enum Received {
        /** a datagram: {@link #data()}, {@link #length()} and {@link #source()} describe it */
        DATAGRAM,
        /** nothing before the deadline (from {@link #poll()}: nothing queued) */
        TIMED_OUT,
        /** only when connected: the peer's host answered an earlier datagram with ICMP port unreachable */
        REFUSED,
        /** the socket failed: {@link #failure()} says how */
        FAILED
    }

    /** What {@link #send} did. */
    public enum Sent {
        SENT,
        /** only when connected: the peer's host answered an earlier datagram with ICMP port unreachable; not sent */
        REFUSED,
        /** not sent: {@link #failure()} says why */
        FAILED
    }

    private final DatagramChannel channel;
    private final Selector selector;
    private final int capacity;
    private final long longestWaitMillis;
    private final ByteBuffer rx;
    private final ByteBuffer loopTx;
    private final ByteBuffer controlTx;
    private final Consumer<SelectionKey> ignoreReadyKey = key -> { };
    private final byte[] data;
    private int length;
    private InetSocketAddress source;
    private volatile IOException failure;

    private UdpEndpoint(DatagramChannel channel, Selector selector, int capacity, long longestWaitMillis) {
        this.channel = channel;
        this.selector = selector;
        this.capacity = capacity;
        this.longestWaitMillis = longestWaitMillis;
        this.rx = ByteBuffer.allocateDirect(capacity);
        this.loopTx = ByteBuffer.allocateDirect(capacity);
        this.controlTx = ByteBuffer.allocateDirect(capacity);
        this.data = new byte[capacity];
    }

    /**
     * Binds a socket with the system's receive buffer, whose waits last until the deadline.
     *
     * @param capacity one byte more than the largest datagram taken or sent, so that a longer one received shows
     *                 as longer ({@link #length()} equal to the capacity) rather than cut to a size that looks valid
     */
    public static UdpEndpoint open(InetSocketAddress bindTo, int capacity) throws IOException {
        return open(bindTo, capacity, 0, 0);
    }

    /**
     * Binds a socket.
     *
     * @param capacity           one byte more than the largest datagram taken or sent (see
     *                           {@link #open(InetSocketAddress, int)})
     * @param receiveBufferBytes {@code SO_RCVBUF} (the kernel doubles it for its bookkeeping); 0 keeps the system's
     *                           default
     * @param longestWaitMillis  the longest a {@link #receive(long)} sleeps before it looks at the socket again even
     *                           without a wake-up; 0 sleeps until the deadline
     */
    public static UdpEndpoint open(InetSocketAddress bindTo, int capacity, int receiveBufferBytes,
            long longestWaitMillis) throws IOException {
        if (capacity < 1 || receiveBufferBytes < 0 || longestWaitMillis < 0) {
            throw new IllegalArgumentException("capacity " + capacity + ", receive buffer " + receiveBufferBytes
                    + " bytes, longest wait " + longestWaitMillis + " ms");
        }
        DatagramChannel channel = DatagramChannel.open(bindTo.getAddress() instanceof Inet6Address
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
            return new UdpEndpoint(channel, selector, capacity, longestWaitMillis);
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (selector != null) {
                selector.close();
            }
            throw e;
        }
    }

    /** One byte more than the largest datagram taken or sent. */
    public int capacity() {
        return capacity;
    }

    /** The bound port, -1 when closed. */
    public int localPort() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }

    /** The receive buffer the kernel granted ({@code SO_RCVBUF}), -1 when it cannot tell. */
    public int receiveBufferBytes() {
        try {
            return channel.getOption(StandardSocketOptions.SO_RCVBUF);
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * From now on only datagrams from {@code peer} reach this socket; the kernel drops the others. Datagrams
     * already queued are discarded (by the JDK's {@code connect}).
     */
    public void connect(InetSocketAddress peer) throws IOException {
        channel.connect(peer);
    }

    /** Hears every sender again (before a new session, whose peer may send from another port). */
    public void disconnect() throws IOException {
        channel.disconnect();
    }

    public boolean isConnected() {
        return channel.isConnected();
    }

    /** Takes a datagram if one is queued, without waiting. */
    public Received poll() {
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
            if (channel.isConnected()) {
                return Received.REFUSED;
            }
            failure = e;
            return Received.FAILED;
        } catch (IOException e) {
            failure = e;
            return Received.FAILED;
        }
    }

    /** Waits for the next datagram until {@code deadlineNanos} ({@link System#nanoTime()} scale). */
    public Received receive(long deadlineNanos) {
        while (true) {
            Received r = poll();
            if (r != Received.TIMED_OUT) {
                return r;
            }
            long remaining = deadlineNanos - System.nanoTime();
            if (remaining <= 0) {
                return Received.TIMED_OUT;
            }
            // select() takes whole milliseconds and 0 would mean "forever"
            long millis = Math.max(1L, (remaining + 999_999L) / 1_000_000L);
            if (longestWaitMillis > 0) {
                millis = Math.min(longestWaitMillis, millis);
            }
            try {
                selector.select(ignoreReadyKey, millis);
            } catch (IOException e) {
                failure = e;
                return Received.FAILED;
            } catch (RuntimeException e) {
                failure = new IOException(e);
                return Received.FAILED;
            }
        }
    }

    /** Drops what is queued (a former session's datagrams), until nothing is or the socket does not answer one. */
    public void drain() {
        while (poll() == Received.DATAGRAM) {
            // dropped
        }
    }

    /**
     * The last datagram's bytes, [0, {@link #length()}): the endpoint's own array, overwritten by the next datagram
     * (not copied, so that receiving allocates nothing).
     */
    public byte[] data() {
        return data;
    }

    /** The last datagram's length; {@link #capacity()} when it was at least that long. */
    public int length() {
        return length;
    }

    /** The last datagram's sender, null before the first. */
    public InetSocketAddress source() {
        return source;
    }

    /** The exception of the last {@link Received#FAILED} or {@link Sent#FAILED}, for an error message; null before. */
    public IOException failure() {
        return failure;
    }

    /** Sends bytes [0, count) of {@code bytes} from the loop thread. */
    public Sent send(byte[] bytes, int count, InetSocketAddress to) {
        return send(loopTx, bytes, count, to);
    }

    /**
     * Sends from a lifecycle thread (activation, a stop at deactivation), through its own buffer so it never races
     * the loop's; the lock is this buffer's alone, which the loop never takes.
     */
    public Sent sendFromControl(byte[] bytes, int count, InetSocketAddress to) {
        synchronized (controlTx) {
            return send(controlTx, bytes, count, to);
        }
    }

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
            if (channel.isConnected()) {
                return Sent.REFUSED;
            }
            failure = e;
            return Sent.FAILED;
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
