package org.robocell.driver.franka.gripper.emulator;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperConnectStatus;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperState;

/**
 * An emulated Franka Hand: its command channel on TCP, its fingers ({@link HandMechanics}) moved in real time on a
 * thread of its own, and the gripper state sent every {@link HandEmulatorConfig#statePeriodMs()} to the UDP port the
 * connected client named in Connect, at the client's address. Its {@code message_id} is the milliseconds since the
 * emulator started, strictly increasing, as libfranka reads it ({@code GripperState::time}).
 */
public final class FrankaHandEmulator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka.gripper");

    private final HandEmulatorConfig config;
    private final HandCommandServer server;
    private final DatagramChannel udp;
    private final HandMechanics hand;
    private final Thread thread;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final long startNanos = System.nanoTime();
    private volatile boolean running = true;
    private volatile GripperState lastState;
    private InetSocketAddress stateTarget;
    private long lastMessageId = -1;

    private FrankaHandEmulator(HandEmulatorConfig config) throws IOException {
        this.config = config;
        this.hand = new HandMechanics(config);
        this.server = new HandCommandServer(config.bindAddress(), config.commandPort());
        try {
            this.udp = DatagramChannel.open();
            udp.bind(new InetSocketAddress(config.bindAddress(), 0));
        } catch (IOException e) {
            server.close();
            throw e;
        }
        this.lastState = hand.state(0);
        this.thread = new Thread(this::run, "franka-hand-emulator-" + server.port());
        thread.setDaemon(true);
    }

    /**
     * Opens the command port and starts the Hand.
     *
     * @throws IOException when the port cannot be opened
     */
    public static FrankaHandEmulator start(HandEmulatorConfig config) throws IOException {
        FrankaHandEmulator e = new FrankaHandEmulator(config);
        e.thread.start();
        return e;
    }

    public HandEmulatorConfig config() {
        return config;
    }

    /** The TCP port it listens on (the configured one, or the free one it got for 0). */
    public int commandPort() {
        return server.port();
    }

    /** The state it sent last (or would send: before any client connected). */
    public GripperState state() {
        return lastState;
    }

    /** Messages that broke the protocol (each ended its connection). */
    public long protocolErrors() {
        return server.protocolErrors();
    }

    /** Connections closed at once because a client was already connected. */
    public long refusedConnections() {
        return server.refusedConnections();
    }

    /**
     * Puts an object of {@code width} m between the fingers, from the next step on; a held object of another width,
     * or none ({@code NaN}), is let go.
     *
     * @throws IllegalArgumentException when the width is not in [0, max width] and not NaN
     */
    public void placeObject(double width) {
        if (!Double.isNaN(width) && (width < 0 || width > config.maxWidth())) {
            throw new IllegalArgumentException("object width " + width + " m must lie in [0, " + config.maxWidth()
                    + "] m");
        }
        tasks.add(() -> hand.placeObject(width));
    }

    /** Takes the object away. */
    public void removeObject() {
        placeObject(Double.NaN);
    }

    private void run() {
        long periodNanos = TimeUnit.MILLISECONDS.toNanos(config.statePeriodMs());
        long last = System.nanoTime();
        HandCommandServer.Handler handler = new Handler();
        while (running) {
            try {
                Runnable task;
                while ((task = tasks.poll()) != null) {
                    task.run();
                }
                server.poll(handler);
                long now = System.nanoTime();
                GripperResponse done = hand.advance((now - last) / 1e9);
                last = now;
                logRefusals();
                // the state of this step is what state() reads before its answer goes out
                GripperState state = snapshot(now);
                if (done != null) {
                    server.send(done);
                }
                sendState(state);
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "Franka Hand emulator: " + e, e);
            }
            LockSupport.parkNanos(periodNanos);
        }
    }

    private GripperState snapshot(long now) {
        long id = Math.max(lastMessageId + 1, TimeUnit.NANOSECONDS.toMillis(now - startNanos)) & 0xFFFF_FFFFL;
        lastMessageId = id;
        GripperState s = hand.state(id);
        lastState = s;
        return s;
    }

    private void sendState(GripperState s) {
        InetSocketAddress target = stateTarget;
        if (target != null) {
            try {
                udp.send(s.encode(), target);
            } catch (IOException e) {
                // the client is gone or not listening: the state of the next period goes out all the same
            }
        }
    }

    private void logRefusals() {
        for (HandMechanics.Refused r : hand.drainRefusals()) {
            LOG.log(Level.INFO, "Franka Hand emulator: " + r.detail() + ": kFail");
        }
    }

    /** Runs on the emulator's thread. */
    private final class Handler implements HandCommandServer.Handler {
        @Override
        public GripperResponse connect(GripperRequest request, InetSocketAddress remote) {
            if (request.version() != GripperCodec.VERSION) {
                LOG.log(Level.WARNING, "Franka Hand emulator: a client of gripper protocol version "
                        + request.version() + " connected from " + remote + "; this Hand speaks version "
                        + GripperCodec.VERSION);
                return GripperResponse.connect(request.commandId(), GripperConnectStatus.INCOMPATIBLE_LIBRARY_VERSION);
            }
            stateTarget = new InetSocketAddress(remote.getAddress(), request.udpPort());
            return GripperResponse.connect(request.commandId(), GripperConnectStatus.SUCCESS);
        }

        @Override
        public void request(GripperRequest request) {
            for (GripperResponse r : hand.command(request)) {
                server.send(r);
            }
            logRefusals();
        }

        @Override
        public void disconnected() {
            stateTarget = null;
        }
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        try {
            udp.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
