package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.CompletableFuture;

import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotState;

/**
 * Receives the robot's 1 kHz {@code RobotState} datagrams on a thread of its own, off the control loop, and
 * publishes each one newer than the last into the {@link StateSlot}. The socket is connected to the robot's state
 * address, so the kernel drops datagrams from anyone else; what still arrives and is malformed, or is not newer
 * than the last state (a repeat, a reordered or replayed datagram), is counted and dropped. Allocation-free per
 * datagram.
 */
final class StateReceiver implements Runnable {

    private static final System.Logger LOG = System.getLogger(StateReceiver.class.getName());

    private final DatagramChannel socket;
    private final ProtocolVersion version;
    private final StateSlot slot;
    private final ByteBuffer datagram = ByteBuffer.allocateDirect(4096).order(ByteOrder.LITTLE_ENDIAN);
    private final Thread thread;
    private volatile boolean running = true;
    private volatile long lastId;
    /** when the newest state published came off the socket ({@link System#nanoTime()}), for the round-trip harness */
    private volatile long lastReceiveNanos;

    // counters: written by the receiving thread only
    private volatile long received;
    private volatile long stale;
    private volatile long malformed;
    private volatile String failure;
    /** a copy of the next state asked for off the loop ({@link #snapshot()}), null when none is */
    private volatile CompletableFuture<RobotState> snapshotRequest;

    /**
     * @param lastId the id of the state already taken (the first, received while connecting): only newer ones pass
     */
    StateReceiver(DatagramChannel socket, ProtocolVersion version, StateSlot slot, long lastId, String name) {
        this.socket = socket;
        this.version = version;
        this.slot = slot;
        this.lastId = lastId;
        thread = new Thread(this, "franka-fci-udp-" + name);
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        while (running) {
            datagram.clear();
            try {
                if (socket.read(datagram) < 0) {
                    continue;
                }
            } catch (ClosedChannelException e) {
                break;
            } catch (IOException e) {
                // port unreachable (the robot's host is gone) and the like: the loop notices the silence
                if (running) {
                    failure = e.toString();
                }
                continue;
            }
            long receivedAt = System.nanoTime();
            datagram.flip();
            RobotState target = slot.writeBuffer();
            try {
                target.readFrom(datagram, version);
            } catch (FciProtocolException e) {
                malformed++;
                if (malformed == 1) {
                    LOG.log(System.Logger.Level.WARNING, "{0}: {1}", thread.getName(), e.getMessage());
                }
                continue;
            }
            if (Long.compareUnsigned(target.messageId(), lastId) <= 0) {
                stale++;
                continue;
            }
            lastReceiveNanos = receivedAt;
            lastId = target.messageId();
            received++;
            answerSnapshot(target);
            slot.publish();
        }
    }

    /**
     * A copy of the next state that arrives, for a reader off the loop (the shell): taken by this thread before
     * the state is handed to the loop, so the loop's buffers are never read by anyone else. Allocates only when
     * asked.
     */
    CompletableFuture<RobotState> snapshot() {
        CompletableFuture<RobotState> request = new CompletableFuture<>();
        snapshotRequest = request;
        if (!running) {
            request.completeExceptionally(new IllegalStateException("the state receiver is stopped"));
        }
        return request;
    }

    private void answerSnapshot(RobotState state) {
        CompletableFuture<RobotState> request = snapshotRequest;
        if (request != null) {
            snapshotRequest = null;
            RobotState copy = new RobotState();
            copy.copyFrom(state);
            request.complete(copy);
        }
    }

    /** Stops receiving; the caller closes the socket, which ends a blocked read. */
    void stop() {
        running = false;
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The message id of the newest state published. */
    long lastId() {
        return lastId;
    }

    /** When the newest state published came off the socket ({@link System#nanoTime()}). */
    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    long received() {
        return received;
    }

    long stale() {
        return stale;
    }

    long malformed() {
        return malformed;
    }

    /** The last socket error seen, or null. */
    String failure() {
        return failure;
    }
}
