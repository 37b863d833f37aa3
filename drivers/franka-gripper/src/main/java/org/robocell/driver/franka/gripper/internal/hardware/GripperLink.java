package org.robocell.driver.franka.gripper.internal.hardware;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import org.robocell.driver.franka.gripper.api.HandState;
import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperConnectStatus;
import org.robocell.driver.franka.gripper.protocol.GripperHeader;
import org.robocell.driver.franka.gripper.protocol.GripperProtocolException;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperState;

/**
 * One connection to a Hand, as libfranka's {@code Gripper} opens it: TCP to the command port, Connect with this
 * protocol's version and the UDP port the state is to come to, then commands with running ids. Two daemon threads
 * read: the responses (handed to the caller waiting for that id) and the states (kept as the newest, through a
 * {@link StateFilter}). The control loop reads {@link #latest()} and {@link #lastStateNanos()}: plain volatile reads.
 */
final class GripperLink implements AutoCloseable {

    /** The Hand refused or broke the connection; the message is one line. */
    static final class LinkException extends IOException {
        private static final long serialVersionUID = 1L;

        LinkException(String message) {
            super(message);
        }
    }

    private final Socket tcp;
    private final DataInputStream in;
    private final OutputStream out;
    private final DatagramChannel udp;
    private final StateFilter filter;
    private final Map<Long, CompletableFuture<GripperResponse>> pending = new ConcurrentHashMap<>();
    /** Connect is command 0, as libfranka counts */
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong foreign = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private volatile HandState latest;
    private volatile long lastStateNanos;
    private volatile String broken;
    private volatile boolean closing;

    private GripperLink(Socket tcp, DatagramChannel udp) throws IOException {
        this.tcp = tcp;
        this.udp = udp;
        this.in = new DataInputStream(tcp.getInputStream());
        this.out = tcp.getOutputStream();
        this.filter = new StateFilter(tcp.getInetAddress());
    }

    /**
     * Connects and waits for the first state.
     *
     * @throws IOException one line: nobody listens, the Hand speaks another version, no state came
     */
    static GripperLink open(GripperSettings settings) throws IOException {
        InetAddress address = InetAddress.getByName(settings.robotIp());
        int timeout = (int) settings.connectTimeout().toMillis();
        Socket tcp = connect(new InetSocketAddress(address, settings.commandPort()), settings.connectTimeout().toNanos());
        DatagramChannel udp = null;
        try {
            tcp.setTcpNoDelay(true);
            udp = DatagramChannel.open().bind(new InetSocketAddress(tcp.getLocalAddress(), 0));
            GripperLink link = new GripperLink(tcp, udp);
            link.handshake(((InetSocketAddress) udp.getLocalAddress()).getPort(), timeout);
            link.start();
            link.awaitFirstState(settings.connectTimeout().toNanos());
            return link;
        } catch (IOException | RuntimeException e) {
            tcp.close();
            if (udp != null) {
                udp.close();
            }
            throw e;
        }
    }

    /**
     * A Hand that refuses the connection (its emulator starting with the cell, after the robot that uses it) is tried
     * again until the deadline, as the arm's driver does.
     */
    private static Socket connect(InetSocketAddress hand, long timeoutNanos) throws IOException {
        return connect(hand, timeoutNanos, Socket::new);
    }

    static Socket connect(InetSocketAddress hand, long timeoutNanos, Supplier<Socket> sockets) throws IOException {
        long deadline = System.nanoTime() + timeoutNanos;
        ConnectException lastRefusal = null;
        while (true) {
            Socket tcp = sockets.get();
            try {
                tcp.connect(hand, (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                return tcp;
            } catch (ConnectException refused) {
                tcp.close();
                if (System.nanoTime() - deadline >= 0) {
                    throw refused;
                }
                lastRefusal = refused;
                LockSupport.parkNanos(50_000_000);
            } catch (SocketTimeoutException lastTryRanOut) {
                tcp.close();
                // a Hand that refused until the deadline is reported as refusing, not as the last try's short timeout
                if (lastRefusal != null) {
                    lastRefusal.addSuppressed(lastTryRanOut);
                    throw lastRefusal;
                }
                throw lastTryRanOut;
            } catch (IOException | RuntimeException e) {
                tcp.close();
                throw e;
            }
        }
    }

    private void handshake(int udpPort, int timeoutMs) throws IOException {
        write(GripperRequest.connect(0, udpPort));
        tcp.setSoTimeout(timeoutMs);
        GripperResponse r;
        try {
            r = receive();
        } catch (SocketTimeoutException e) {
            throw new LinkException("the Hand did not answer Connect within " + timeoutMs + " ms");
        } catch (GripperProtocolException e) {
            throw new LinkException("the Hand's answer to Connect is not the gripper protocol: " + e.getMessage());
        }
        tcp.setSoTimeout(0);
        if (r.command() != GripperCommand.CONNECT || r.commandId() != 0) {
            throw new LinkException("the Hand answered Connect with " + r.command().wireName() + " #"
                    + r.commandId());
        }
        GripperConnectStatus status;
        try {
            status = r.connectStatus();
        } catch (GripperProtocolException e) {
            throw new LinkException(e.getMessage());
        }
        if (status != GripperConnectStatus.SUCCESS) {
            throw new LinkException("the Hand speaks gripper protocol version " + r.version() + ", this driver "
                    + GripperCodec.VERSION + " (" + status.wireName() + ")");
        }
    }

    private void start() {
        Thread responses = new Thread(this::readResponses, "franka-gripper-responses");
        responses.setDaemon(true);
        responses.start();
        Thread states = new Thread(this::readStates, "franka-gripper-states");
        states.setDaemon(true);
        states.start();
    }

    private void awaitFirstState(long timeoutNanos) throws IOException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (latest == null) {
            if (broken != null) {
                throw new LinkException(broken);
            }
            if (System.nanoTime() > deadline) {
                throw new LinkException("the Hand sent no state to UDP port "
                        + ((InetSocketAddress) udp.getLocalAddress()).getPort() + " within "
                        + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms of Connect");
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LinkException("interrupted while waiting for the Hand's first state");
            }
        }
    }

    /**
     * Sends a command and waits for its answer.
     *
     * @param request the request for a command id
     * @throws TimeoutException when no answer came in time (the Hand may still carry the command out)
     * @throws IOException      when the connection is or becomes broken
     */
    GripperResponse execute(LongFunction<GripperRequest> request, long timeoutNanos)
            throws IOException, TimeoutException, InterruptedException {
        long id = nextId.getAndIncrement() & 0xFFFF_FFFFL;
        CompletableFuture<GripperResponse> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            // registered before the check: a fail() from here on fails the answer, an earlier one is seen here (the
            // other order let a link breaking in between leave the command waiting out its timeout)
            String why = broken;
            if (why != null) {
                throw new LinkException(why);
            }
            write(request.apply(id));
            return answer.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new LinkException(e.getCause().getMessage());
        } finally {
            pending.remove(id);
        }
    }

    private synchronized void write(GripperRequest r) throws IOException {
        ByteBuffer b = GripperCodec.encode(r);
        out.write(b.array(), 0, b.remaining());
        out.flush();
    }

    private GripperResponse receive() throws IOException {
        byte[] head = new byte[GripperHeader.SIZE];
        in.readFully(head);
        GripperHeader h = GripperHeader.read(ByteBuffer.wrap(head));
        byte[] payload = new byte[h.payloadSize()];
        in.readFully(payload);
        return GripperCodec.decodeResponse(h, ByteBuffer.wrap(payload));
    }

    private void readResponses() {
        try {
            while (true) {
                GripperResponse r = receive();
                CompletableFuture<GripperResponse> waiting = pending.get(r.commandId());
                if (waiting != null) {
                    waiting.complete(r);
                }
            }
        } catch (GripperProtocolException e) {
            fail("the Hand sent what is not the gripper protocol: " + e.getMessage());
        } catch (IOException e) {
            fail(closing ? "the connection was closed" : "the Hand closed the connection (" + e.getMessage() + ")");
        }
    }

    private void readStates() {
        ByteBuffer buffer = ByteBuffer.allocate(64);
        while (broken == null) {
            try {
                buffer.clear();
                InetSocketAddress source = (InetSocketAddress) udp.receive(buffer);
                buffer.flip();
                GripperState s;
                try {
                    s = GripperState.read(buffer);
                } catch (GripperProtocolException e) {
                    malformed.incrementAndGet();
                    continue;
                }
                switch (filter.judge(source, s)) {
                    case ACCEPTED -> {
                        latest = new HandState(s.width(), s.maxWidth(), s.grasped(), s.temperature(), s.messageId());
                        lastStateNanos = System.nanoTime();
                    }
                    case FOREIGN -> foreign.incrementAndGet();
                    case STALE -> stale.incrementAndGet();
                    default -> malformed.incrementAndGet();
                }
            } catch (IOException e) {
                fail(closing ? "the connection was closed" : "the state port failed: " + e.getMessage());
            }
        }
    }

    private void fail(String why) {
        if (broken == null) {
            broken = why;
        }
        for (CompletableFuture<GripperResponse> f : pending.values()) {
            f.completeExceptionally(new LinkException(why));
        }
        try {
            tcp.close();
            udp.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** The newest state; null before the first. */
    HandState latest() {
        return latest;
    }

    /** {@link System#nanoTime()} when the newest state arrived. */
    long lastStateNanos() {
        return lastStateNanos;
    }

    /** Why the connection broke; null while it works. */
    String broken() {
        return broken;
    }

    /** Datagrams dropped: [foreign, stale, malformed]. */
    long[] dropped() {
        return new long[] { foreign.get(), stale.get(), malformed.get() };
    }

    int statePort() throws IOException {
        return ((InetSocketAddress) udp.getLocalAddress()).getPort();
    }

    @Override
    public void close() {
        closing = true;
        fail("the connection was closed");
    }
}
