package org.robocell.driver.franka.emulator;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciCodec;
import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.kinematics.KinematicModel;

/**
 * An emulated FR3 on the Franka Control Interface. Every cycle (1 ms) it handles the TCP commands that arrived,
 * takes the client's answer to the last state it sent, runs the robot's side of the motion (see
 * {@link RobotFirmware}) and sends the next RobotState to the client's UDP port. Commands count only when they come
 * from the connected client's address and UDP port and carry the message id of the last state sent; others are
 * counted and ignored. Runs on its own thread, or is stepped by its owner ({@link FrankaEmulatorConfig#withSteppedClock()}).
 */
public final class FrankaRobotEmulator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.franka");

    private final FrankaEmulatorConfig config;
    private final Plant plant;
    private final RobotFirmware firmware;
    private final StateComposer composer;
    private final CommandServer commands;
    private final DatagramChannel udp;
    private final ByteBuffer stateBuffer = ByteBuffer.allocateDirect(4096);
    private final ByteBuffer commandBuffer = ByteBuffer.allocateDirect(2048);
    private final RobotState state = new RobotState();
    private final RobotCommand received = new RobotCommand();
    private final RobotCommand fresh = new RobotCommand();
    private final Thread thread;
    private volatile boolean running = true;

    private InetSocketAddress client;
    private long messageId;
    private long cycles;
    private long receivedCommands;
    private long staleCommands;
    private long unknownIdCommands;
    private long foreignDatagrams;
    private long malformedDatagrams;
    private long overruns;

    private FrankaRobotEmulator(FrankaEmulatorConfig config, Plant plant, KinematicModel model) throws IOException {
        this.config = config;
        this.plant = plant;
        plant.reset(config.startQ());
        FciCodec codec = new FciCodec(config.version());
        this.commands = new CommandServer(config.bindAddress(), config.commandPort(), codec);
        try {
            this.udp = DatagramChannel.open();
            udp.bind(new InetSocketAddress(config.bindAddress(), 0));
            udp.configureBlocking(false);
        } catch (IOException e) {
            commands.close();
            throw e;
        }
        this.firmware = new RobotFirmware(plant, model, config.cycleNanos() / 1e9, config.margin(), Fr3Model.urdf(),
                (id, status) -> commands.send(FciResponse.of(org.robocell.driver.franka.protocol.Command.MOVE, id,
                        status)));
        firmware.lostCommandsLimit = config.lostCommandsLimit();
        this.composer = new StateComposer(model);
        composer.compose(firmware, plant, state);
        if (config.stepped()) {
            thread = null;
        } else {
            thread = new Thread(this::run, "franka-emulator-" + commands.port());
            thread.setDaemon(true);
            thread.setPriority(Thread.MAX_PRIORITY);
            thread.start();
        }
    }

    /**
     * Starts an FR3 with the Franka Hand on the rigid-body simulation ({@link SimulatedPlant}: the articulated-body
     * algorithm, joint damping and friction, position limits), stepped at the robot's control rate.
     */
    public static FrankaRobotEmulator start(FrankaEmulatorConfig config) throws IOException {
        KinematicModel model = Fr3Model.withHand();
        return new FrankaRobotEmulator(config, SimulatedPlant.fr3(model,
                config.cycleNanos() / 1e9 / RobotFirmware.CONTROL_SUBSTEPS), model);
    }

    /**
     * Starts an FR3 with the Franka Hand on the older {@link RigidBodyPlant} (CRBA and Cholesky, viscous friction
     * only), for comparison.
     *
     * @since 1.2
     */
    public static FrankaRobotEmulator startOnRigidBodyPlant(FrankaEmulatorConfig config) throws IOException {
        KinematicModel model = Fr3Model.withHand();
        return new FrankaRobotEmulator(config, new RigidBodyPlant(model, Fr3Model.FLANGE,
                SimulatedPlant.FR3_DAMPING.clone(), 1), model);
    }

    /** Starts an FR3 on another plant (a physics simulation); {@code model} is the robot's own model of itself. */
    public static FrankaRobotEmulator start(FrankaEmulatorConfig config, Plant plant, KinematicModel model)
            throws IOException {
        return new FrankaRobotEmulator(config, plant, model);
    }

    /**
     * The arm the robot drives: for pushes on other links and contacts of a {@link SimulatedPlant}. Touch it from
     * the thread that steps the emulator only (the stepped clock's caller).
     *
     * @since 1.2
     */
    public Plant plant() {
        return plant;
    }

    public FrankaEmulatorConfig config() {
        return config;
    }

    /** The TCP port the robot listens on. */
    public int commandPort() {
        return commands.port();
    }

    /** The UDP port the states come from. */
    public int statePort() {
        try {
            return ((InetSocketAddress) udp.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }

    /** One cycle, for an emulator started {@link FrankaEmulatorConfig#withSteppedClock() stepped}. */
    public void step() {
        if (!config.stepped()) {
            throw new IllegalStateException("the emulator runs on its own thread; step() is for a stepped one");
        }
        cycle();
    }

    private void run() {
        long period = config.cycleNanos();
        long deadline = System.nanoTime() + period;
        while (running) {
            long wait = deadline - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            try {
                cycle();
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "FCI emulator cycle failed: " + e, e);
            }
            long next = nextDeadline(deadline, System.nanoTime(), period);
            if (next != deadline + period) {
                overruns++;
            }
            deadline = next;
        }
    }

    /**
     * When the cycle after one that was due at {@code deadline} and ended at {@code now} is due: one period later,
     * or, when that is less than half a period away, half a period from now. A late cycle is not made up by cycles
     * back to back: the client would get no time to answer them, and they would count as lost commands.
     */
    static long nextDeadline(long deadline, long now, long period) {
        long next = deadline + period;
        long earliest = now + period / 2;
        return next - earliest < 0 ? earliest : next;
    }

    private synchronized void cycle() {
        cycles++;
        commands.poll(handler);
        boolean gotCommand = drainCommands();
        firmware.cycle(gotCommand ? fresh : null);
        composer.compose(firmware, plant, state);
        if (client != null) {
            state.messageId(++messageId);
            state.writeTo(stateBuffer, config.version());
            try {
                udp.send(stateBuffer, client);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "FCI emulator: sending the state to " + client + " failed: " + e.getMessage());
            }
        }
    }

    /** Reads every waiting datagram; true when one answers the last state sent. */
    private boolean drainCommands() {
        boolean got = false;
        while (true) {
            commandBuffer.clear();
            SocketAddress from;
            try {
                from = udp.receive(commandBuffer);
            } catch (IOException e) {
                return got;
            }
            if (from == null) {
                return got;
            }
            commandBuffer.flip();
            if (client == null || !client.equals(from)) {
                foreignDatagrams++;
                continue;
            }
            try {
                received.readFrom(commandBuffer);
            } catch (FciProtocolException e) {
                if (malformedDatagrams++ == 0) {
                    LOG.log(Level.WARNING, "FCI emulator: " + e.getMessage() + " (ignored; further malformed"
                            + " commands are only counted)");
                }
                continue;
            }
            if (received.messageId == messageId && messageId > 0) {
                fresh.copyFrom(received);
                receivedCommands++;
                got = true;
            } else if (received.messageId < messageId) {
                staleCommands++;
            } else {
                unknownIdCommands++;
            }
        }
    }

    private final CommandServer.Handler handler = new CommandServer.Handler() {
        @Override
        public FciResponse connect(long commandId, FciRequest.Connect request, InetSocketAddress remote) {
            if (request.version() != config.version().number()) {
                return new FciResponse(org.robocell.driver.franka.protocol.Command.CONNECT, commandId,
                        ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION, config.version().number(), new byte[0]);
            }
            client = new InetSocketAddress(remote.getAddress(), request.udpPort());
            LOG.log(Level.INFO, "FCI emulator: client " + remote.getAddress().getHostAddress() + " connected, states"
                    + " go to UDP port " + request.udpPort());
            return new FciResponse(org.robocell.driver.franka.protocol.Command.CONNECT, commandId,
                    ConnectStatus.SUCCESS, config.version().number(), new byte[0]);
        }

        @Override
        public FciResponse request(long commandId, FciRequest request) {
            return firmware.handle(commandId, request);
        }

        @Override
        public void disconnected() {
            firmware.clientGone();
            client = null;
        }
    };

    /** A copy of the state sent last. */
    public synchronized RobotState state() {
        RobotState copy = new RobotState();
        copy.copyFrom(state);
        return copy;
    }

    /** A contact: the environment pushes the flange with (fx, fy, fz, mx, my, mz), base frame, until changed. */
    public synchronized void applyFlangeWrench(double... wrench) {
        if (wrench.length != 6) {
            throw new IllegalArgumentException("a wrench has 6 values, got " + wrench.length);
        }
        firmware.applyFlangeWrench(wrench);
    }

    /** Whether a client is connected (its Connect succeeded and it has not left). */
    public synchronized boolean connected() {
        return client != null;
    }

    /** The address states go to, or null. */
    public synchronized InetSocketAddress client() {
        return client;
    }

    public synchronized long cycles() {
        return cycles;
    }

    /** Commands that answered the last state in time and were used. */
    public synchronized long receivedCommands() {
        return receivedCommands;
    }

    /** Commands for an older state: too late, ignored. */
    public synchronized long staleCommands() {
        return staleCommands;
    }

    /** Commands for a message id the robot never sent, ignored. */
    public synchronized long unknownIdCommands() {
        return unknownIdCommands;
    }

    /** Datagrams from an address or port other than the connected client's, ignored. */
    public synchronized long foreignDatagrams() {
        return foreignDatagrams;
    }

    /** Datagrams from the client that are not a RobotCommand, ignored. */
    public synchronized long malformedDatagrams() {
        return malformedDatagrams;
    }

    /** TCP messages that broke the format (each closed the connection). */
    public synchronized long protocolErrors() {
        return commands.protocolErrors();
    }

    /** Connections refused because another client was connected. */
    public synchronized long refusedConnections() {
        return commands.refusedConnections();
    }

    /** Cycles the thread ran late (more than half a period), after which it left out the missed slots. */
    public synchronized long overruns() {
        return overruns;
    }

    @Override
    public void close() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            try {
                commands.close();
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

    @Override
    public String toString() {
        return "FrankaRobotEmulator[" + config.bindAddress().getHostAddress() + ":" + commandPort() + ", "
                + config.version() + "]";
    }

    static InetAddress loopback() {
        return InetAddress.getLoopbackAddress();
    }
}
