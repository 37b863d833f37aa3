package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * The TCP command channel to the robot (port 1337), as libfranka's {@code Network} keeps it: requests numbered by a
 * running id, responses matched by id on a reader thread of its own. A {@code Move} gets two responses: the first
 * ({@code kMotionStarted}) completes {@link MoveHandle#started}, the final one {@link MoveHandle#finished}. Used
 * off the control loop only; the loop learns about a motion's end through {@link MoveHandle#finalStatus()}.
 */
final class CommandChannel implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(CommandChannel.class.getName());

    private final SocketChannel socket;
    private final InetSocketAddress robot;
    private volatile FciCodec codec;
    private final Map<Long, CompletableFuture<FciResponse>> pending = new ConcurrentHashMap<>();
    private final Map<Long, MoveHandle> moves = new ConcurrentHashMap<>();
    private final Thread reader;
    private volatile String closedBecause;
    private long nextId;

    private CommandChannel(SocketChannel socket, InetSocketAddress robot, ProtocolVersion version) {
        this.socket = socket;
        this.robot = robot;
        this.codec = new FciCodec(version);
        reader = new Thread(this::readResponses, "franka-fci-tcp-" + robot);
        reader.setDaemon(true);
    }

    /** Connects to the robot's command port within {@code timeoutMillis}; the reader thread runs from here on. */
    static CommandChannel open(InetSocketAddress robot, ProtocolVersion version, int timeoutMillis)
            throws IOException {
        SocketChannel socket = SocketChannel.open();
        try {
            socket.socket().connect(robot, timeoutMillis);
            socket.socket().setTcpNoDelay(true);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
        CommandChannel channel = new CommandChannel(socket, robot, version);
        channel.reader.start();
        return channel;
    }

    /** Speaks another version from now on (after the robot refused Connect with its own version). */
    void speak(ProtocolVersion version) {
        codec = new FciCodec(version);
    }

    ProtocolVersion version() {
        return codec.version();
    }

    InetSocketAddress robot() {
        return robot;
    }

    /**
     * Sends a request and waits for its (first) response.
     *
     * @throws IOException when the connection is gone, or no response came within the timeout
     */
    FciResponse request(FciRequest request, long timeoutMillis) throws IOException {
        CompletableFuture<FciResponse> response = new CompletableFuture<>();
        long id = send(request, response, null);
        return await(response, request.command(), id, timeoutMillis);
    }

    /** Sends a Move; the handle's futures complete with its two responses. */
    MoveHandle move(FciRequest.Move request) throws IOException {
        MoveHandle handle = new MoveHandle(request);
        handle.id = send(request, handle.started, handle);
        return handle;
    }

    FciResponse await(CompletableFuture<FciResponse> response, Command command, long id, long timeoutMillis)
            throws IOException {
        try {
            return response.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.remove(id);
            throw new IOException("no response to " + command.wireName() + " #" + id + " from " + robot + " within "
                    + timeoutMillis + " ms");
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for " + command.wireName() + " #" + id);
        }
    }

    private synchronized long send(FciRequest request, CompletableFuture<FciResponse> response, MoveHandle move)
            throws IOException {
        long id = nextId++;
        pending.put(id, response);
        if (move != null) {
            moves.put(id, move);
        }
        // registered before the check: a shut() from here on fails the request, an earlier one is seen here. The
        // other order lost a request whose channel the robot closed in between; it waited out its whole timeout
        String closed = closedBecause;
        if (closed != null) {
            pending.remove(id);
            moves.remove(id);
            throw new IOException(closed);
        }
        ByteBuffer b = codec.encodeRequest(id, request);
        try {
            while (b.hasRemaining()) {
                socket.write(b);
            }
        } catch (IOException e) {
            pending.remove(id);
            moves.remove(id);
            throw new IOException("cannot send " + request.command().wireName() + " to " + robot + ": " + e, e);
        }
        return id;
    }

    private void readResponses() {
        ByteBuffer inbound = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
        String why = "the robot at " + robot + " closed the command connection";
        try {
            while (true) {
                if (!inbound.hasRemaining()) {
                    inbound = grow(inbound);
                }
                if (socket.read(inbound) < 0) {
                    break;
                }
                inbound.flip();
                while (inbound.remaining() >= CommandHeader.SIZE) {
                    int start = inbound.position();
                    CommandHeader header = CommandHeader.read(inbound);
                    if (inbound.remaining() < header.payloadSize()) {
                        inbound.position(start);
                        if (header.size() > inbound.capacity()) {
                            inbound = growTo(inbound, (int) header.size());
                        }
                        break;
                    }
                    ByteBuffer payload = inbound.slice(inbound.position(), header.payloadSize());
                    inbound.position(inbound.position() + header.payloadSize());
                    dispatch(codec.decodeResponse(header, payload));
                }
                inbound.compact();
            }
        } catch (FciProtocolException e) {
            why = "the robot at " + robot + " sent a malformed response: " + e.getMessage();
            LOG.log(System.Logger.Level.WARNING, why);
        } catch (IOException e) {
            if (closedBecause == null) {
                why = "the command connection to " + robot + " failed: " + e;
            }
        }
        shut(why);
    }

    private static ByteBuffer grow(ByteBuffer b) {
        return growTo(b, b.capacity() * 2);
    }

    private static ByteBuffer growTo(ByteBuffer b, int capacity) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(capacity, b.capacity())).order(ByteOrder.LITTLE_ENDIAN);
        b.flip();
        bigger.put(b);
        return bigger;
    }

    private void dispatch(FciResponse response) {
        long id = response.commandId();
        MoveHandle move = moves.get(id);
        if (move != null && response.command() == Command.MOVE) {
            if (!move.started.isDone() && response.status() == MoveStatus.MOTION_STARTED) {
                pending.remove(id);
                move.started.complete(response);
                return;
            }
            // the final status: it may come without kMotionStarted (a refused Move)
            moves.remove(id);
            pending.remove(id);
            move.finalStatus = (MoveStatus) response.status();
            move.started.complete(response);
            move.finished.complete(response);
            return;
        }
        CompletableFuture<FciResponse> waiting = pending.remove(id);
        if (waiting == null) {
            LOG.log(System.Logger.Level.DEBUG, "unexpected response {0} from {1}", response, robot);
            return;
        }
        waiting.complete(response);
    }

    private void shut(String why) {
        if (closedBecause == null) {
            closedBecause = why;
        }
        IOException e = new IOException(closedBecause);
        pending.values().forEach(f -> f.completeExceptionally(e));
        pending.clear();
        moves.values().forEach(m -> {
            m.connectionLost = true;
            m.started.completeExceptionally(e);
            m.finished.completeExceptionally(e);
        });
        moves.clear();
    }

    /** Why the channel is closed; null while it is open. */
    String closedBecause() {
        return closedBecause;
    }

    /**
     * How long {@link #close} lets answers to requests already sent arrive: a StopMove ends the motion, the motion's end
     * takes the component down and closes this channel, and the robot's answer to the StopMove, sent right after the
     * motion's, must still reach {@code franka:stop} (seen on a loaded machine: "StopMove got no answer").
     */
    static final long ANSWER_GRACE_NANOS = 500_000_000L;

    @Override
    public void close() {
        long deadline = System.nanoTime() + ANSWER_GRACE_NANOS;
        while (!pending.isEmpty() && closedBecause == null && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(1_000_000);
        }
        if (closedBecause == null) {
            closedBecause = "the command connection to " + robot + " was closed";
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        shut(closedBecause);
    }

    /** One Move and its two responses. */
    static final class MoveHandle {
        final FciRequest.Move request;
        final CompletableFuture<FciResponse> started = new CompletableFuture<>();
        final CompletableFuture<FciResponse> finished = new CompletableFuture<>();
        long id;
        /** The final status once the robot sent it; null while the motion runs. Read by the loop. */
        volatile MoveStatus finalStatus;
        volatile boolean connectionLost;

        MoveHandle(FciRequest.Move request) {
            this.request = request;
        }

        /** The final status (kSuccess, kPreempted, kReflexAborted, ...) or null while the motion runs. */
        MoveStatus finalStatus() {
            return finalStatus;
        }
    }
}
