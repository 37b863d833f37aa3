package org.robocell.driver.kuka.fri.emulator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.google.protobuf.InvalidProtocolBufferException;

import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriCommandWriter;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;

/**
 * The robot controller's side of an FRI session with an LBR iiwa 14 (see the package documentation). One
 * {@link #step()} is one send period: take the replies that arrived since the last message, rate the connection,
 * apply the command, move the session on, send the next monitoring message.
 * <p>
 * A reply counts for the connection when it comes from the client's address, decodes as a command message with
 * identifier 0x34001, carries a client sequence counter newer than the last one, and reflects the sequence counter
 * of one of the last {@code receiveMultiplier} messages sent. One reflecting an older message is late; one reflecting
 * a message never sent, or with an old client counter, has a wrong counter. Every {@code receiveMultiplier} cycles
 * without a reply that counts is one missing reply. When the quality falls below GOOD while commanding, the overlay
 * stops: the session goes back to MONITORING_WAIT and the robot holds where it is ({@link #stopMessage()} says why).
 * <p>
 * Thread-safety: stepped from one thread at a time (the test's or its own); the accessors may be read from any.
 */
public final class FriRobotEmulator implements AutoCloseable {

    private final FriEmulatorConfig config;
    private final DatagramChannel channel;
    private final DatagramChannel stranger;
    private final Selector selector;
    private final ByteBuffer rx = ByteBuffer.allocate(FriCommandWriter.MAX_MESSAGE_BYTES + 1);
    private final byte[] in = new byte[FriCommandWriter.MAX_MESSAGE_BYTES + 1];
    private final ConnectionQualityMeter meter;
    private final RobotFrame frame = new RobotFrame();
    private final long startNanos = System.nanoTime();

    private final Object lock = new Object();
    private final double[] joints;
    private final double[] target;
    /** the robot application's own position (ipoData.jointPosition): where the overlay started, without it */
    private final double[] ipo;
    private final double[] torque = new double[LbrIiwa14.JOINTS];
    private final double[] wrench = new double[6];
    /** 2.x: the flange pose from the joints (the measured pose) and its inverse for CARTESIAN_POSE commands */
    private final org.robocell.driver.kuka.cartesian.FlangeKinematics kinematics;
    private final double[] solution = new double[LbrIiwa14.JOINTS];
    private final double[] measuredPose = new double[7];

    private volatile FriSessionState state = FriSessionState.MONITORING_WAIT;
    private volatile FriConnectionQuality quality = FriConnectionQuality.POOR;
    private volatile String stopMessage = "";
    private boolean commandingArmed;
    private int cyclesInCommandingWait;
    private int cyclesWithoutAnswer;

    private long sequenceCounter = -1;
    private long lastClientCounter = -1;
    private boolean clientCounterSeen;

    private volatile long cycles;
    private volatile long answered;
    private volatile long missedReplies;
    private volatile long lateReplies;
    private volatile long wrongCounterReplies;
    private volatile long malformedReplies;
    private volatile long foreignReplies;
    private volatile long incompleteCommands;
    private volatile long limitedCommands;
    private volatile long unreachablePoses;
    private volatile long stops;
    private volatile long commandedCycles;
    private volatile long overruns;

    // faults to inject into the next messages (tests)
    private volatile int dropMessages;
    private volatile int malformedMessages;
    private volatile int foreignMessages;
    private volatile int replayMessages;
    private volatile int duplicateMessages;
    private byte[] lastSent;

    private Thread thread;
    private volatile boolean running;
    private final CountDownLatch stopped = new CountDownLatch(1);

    private FriRobotEmulator(FriEmulatorConfig config) throws IOException {
        this.config = config;
        this.meter = new ConnectionQualityMeter(config.qualityWindow());
        this.joints = config.startJoints();
        this.target = config.startJoints();
        this.ipo = config.startJoints();
        this.commandingArmed = config.commandMode() != FriCommandMode.NO_COMMAND_MODE;
        this.kinematics = config.version() == org.robocell.driver.kuka.fri.protocol.FriVersion.V2
                ? LbrIiwa14Kinematics.create() : null;
        DatagramChannel main = DatagramChannel.open();
        DatagramChannel other = null;
        Selector sel = null;
        try {
            main.bind(new InetSocketAddress(config.bindAddress(), 0));
            main.configureBlocking(false);
            sel = Selector.open();
            main.register(sel, SelectionKey.OP_READ);
            other = DatagramChannel.open();
            other.bind(new InetSocketAddress(config.bindAddress(), 0));
        } catch (IOException | RuntimeException e) {
            main.close();
            if (other != null) {
                other.close();
            }
            if (sel != null) {
                sel.close();
            }
            throw e;
        }
        this.channel = main;
        this.stranger = other;
        this.selector = sel;
    }

    /** Opens the session without a thread: the caller steps it (tests). Nothing is sent before the first step. */
    public static FriRobotEmulator open(FriEmulatorConfig config) throws IOException {
        return new FriRobotEmulator(config);
    }

    /** Opens the session and steps it on its own thread every {@code cycleNanos}. */
    public static FriRobotEmulator start(FriEmulatorConfig config) throws IOException {
        FriRobotEmulator e = new FriRobotEmulator(config);
        e.running = true;
        e.thread = new Thread(e::run, "fri-emulator-" + config.client().getPort());
        e.thread.setDaemon(true);
        e.thread.setPriority(Thread.MAX_PRIORITY);
        e.thread.start();
        return e;
    }

    private void run() {
        long next = System.nanoTime();
        try {
            while (running) {
                step();
                next += config.cycleNanos();
                long now = System.nanoTime();
                // behind schedule (the machine is loaded): never send the next message sooner than half a period
                // after this one, or the client's reply to this one would count as missing
                if (next - now < config.cycleNanos() / 2) {
                    overruns++;
                    next = now + config.cycleNanos() / 2;
                }
                LockSupport.parkNanos(next - now);
            }
        } catch (IOException e) {
            if (running) {
                stopMessage = "socket failed: " + e;
                state = FriSessionState.IDLE;
            }
        } finally {
            stopped.countDown();
        }
    }

    /** One send period. */
    public void step() throws IOException {
        boolean answer = takeReplies();
        rate(answer);
        advanceSession();
        move();
        send();
        cycles++;
    }

    /** Waits until a datagram is queued for the controller, at most {@code timeout}: for a stepping test. */
    public boolean awaitReply(long timeout, TimeUnit unit) throws IOException {
        return selector.select(Math.max(1, unit.toMillis(timeout))) > 0 || selector.selectedKeys().size() > 0;
    }

    /** @return whether a reply that counts arrived */
    private boolean takeReplies() throws IOException {
        boolean counted = false;
        selector.selectNow();
        selector.selectedKeys().clear();
        while (true) {
            rx.clear();
            SocketAddress from = channel.receive(rx);
            if (from == null) {
                return counted;
            }
            int n = rx.position();
            System.arraycopy(rx.array(), 0, in, 0, n);
            if (!from.equals(config.client())) {
                foreignReplies++;
                continue;
            }
            ClientReply reply;
            try {
                reply = FriMessages.reply(config.version(), in, n);
            } catch (InvalidProtocolBufferException e) {
                malformedReplies++;
                continue;
            }
            if (reply.messageId != FriCommandWriter.COMMAND_MESSAGE_ID) {
                malformedReplies++;
                continue;
            }
            long behind = (sequenceCounter - reply.reflectedSequenceCounter) & 0xFFFF_FFFFL;
            long ahead = (reply.sequenceCounter - lastClientCounter) & 0xFFFF_FFFFL;
            boolean newerClient = !clientCounterSeen || (ahead != 0 && ahead < 0x8000_0000L);
            if (sequenceCounter < 0 || !newerClient) {
                wrongCounterReplies++;
                continue;
            }
            if (behind >= config.receiveMultiplier()) {
                if (behind < 0x7FFF_FFFFL) {
                    lateReplies++;
                } else {
                    wrongCounterReplies++;
                }
                continue;
            }
            lastClientCounter = reply.sequenceCounter;
            clientCounterSeen = true;
            if (apply(reply)) {
                counted = true;
                answered++;
            }
        }
    }

    /** Takes the command of a reply that counts; false when it lacks what the command mode needs. */
    private boolean apply(ClientReply reply) {
        if (!state.commanding()) {
            return true;
        }
        FriCommandMode mode = config.commandMode();
        boolean complete = switch (mode) {
            case POSITION -> valid(reply.positions, LbrIiwa14.JOINTS);
            case TORQUE -> valid(reply.positions, LbrIiwa14.JOINTS) && valid(reply.torques, LbrIiwa14.JOINTS);
            case WRENCH -> valid(reply.positions, LbrIiwa14.JOINTS) && valid(reply.wrench, 6);
            case CARTESIAN_POSE -> valid(reply.cartesianPose, 7);
            default -> true;
        };
        if (!complete) {
            incompleteCommands++;
            return false;
        }
        if (state != FriSessionState.COMMANDING_ACTIVE) {
            return true;
        }
        if (mode == FriCommandMode.CARTESIAN_POSE) {
            applyPose(reply.cartesianPose);
            return true;
        }
        if (reply.positions == null) {
            return true;
        }
        synchronized (lock) {
            for (int i = 0; i < LbrIiwa14.JOINTS; i++) {
                double limit = LbrIiwa14.positionLimit(i);
                double q = Math.max(-limit, Math.min(limit, reply.positions[i]));
                if (q != reply.positions[i]) {
                    limitedCommands++;
                }
                target[i] = q;
                if (reply.torques != null) {
                    torque[i] = reply.torques[i];
                }
            }
            if (reply.wrench != null) {
                System.arraycopy(reply.wrench, 0, wrench, 0, 6);
            }
        }
        commandedCycles++;
        return true;
    }

    /**
     * The Cartesian overlay: the joints that put the flange at the pose, found from where the arm is commanded to
     * be; a pose without a unit quaternion or out of reach from there moves nothing and is counted.
     */
    private void applyPose(double[] pose) {
        double n = Math.sqrt(pose[3] * pose[3] + pose[4] * pose[4] + pose[5] * pose[5] + pose[6] * pose[6]);
        synchronized (lock) {
            if (Math.abs(n - 1) > 1e-3 || !kinematics.joints(pose, target, solution)) {
                unreachablePoses++;
                return;
            }
            System.arraycopy(solution, 0, target, 0, target.length);
        }
        commandedCycles++;
    }

    private static boolean valid(double[] values, int n) {
        if (values == null || values.length != n) {
            return false;
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    private void rate(boolean answer) {
        if (sequenceCounter < 0) {
            return; // nothing sent yet, nothing to answer
        }
        if (answer) {
            meter.record(true);
            cyclesWithoutAnswer = 0;
        } else if (++cyclesWithoutAnswer % config.receiveMultiplier() == 0) {
            meter.record(false);
            missedReplies++;
        }
        quality = meter.quality();
    }

    private void advanceSession() {
        boolean good = quality.compareTo(FriConnectionQuality.GOOD) >= 0;
        switch (state) {
            case MONITORING_WAIT -> {
                if (good) {
                    state = FriSessionState.MONITORING_READY;
                }
            }
            case MONITORING_READY -> {
                if (!good) {
                    state = FriSessionState.MONITORING_WAIT;
                } else if (commandingArmed) {
                    state = FriSessionState.COMMANDING_WAIT;
                    cyclesInCommandingWait = 0;
                }
            }
            case COMMANDING_WAIT, COMMANDING_ACTIVE -> {
                if (!good) {
                    stopCommanding();
                } else if (state == FriSessionState.COMMANDING_WAIT
                        && ++cyclesInCommandingWait >= config.commandingWaitCycles()) {
                    state = FriSessionState.COMMANDING_ACTIVE;
                }
            }
            default -> {
                // IDLE: the session is closed, nothing moves it
            }
        }
    }

    private void stopCommanding() {
        synchronized (lock) {
            System.arraycopy(joints, 0, target, 0, joints.length);
        }
        stops++;
        stopMessage = "commanding stopped in cycle " + cycles + ": connection quality " + quality + " ("
                + meter.missing() + " of the last " + meter.window() + " replies missing, late or refused); the"
                + " robot holds and the session is back in MONITORING_WAIT";
        state = FriSessionState.MONITORING_WAIT;
        commandingArmed = config.recommand();
    }

    /** The kinematic plant: each joint moves towards its target at most its velocity limit times the period. */
    private void move() {
        double dt = config.sendPeriodMs() * 1e-3;
        synchronized (lock) {
            for (int i = 0; i < joints.length; i++) {
                double step = LbrIiwa14.velocityLimit(i) * dt;
                double d = target[i] - joints[i];
                joints[i] += Math.max(-step, Math.min(step, d));
            }
        }
    }

    private void send() throws IOException {
        sequenceCounter = (sequenceCounter + 1) & 0xFFFF_FFFFL;
        RobotFrame f = frame;
        f.sequenceCounter = sequenceCounter;
        f.reflectedSequenceCounter = clientCounterSeen ? lastClientCounter : 0;
        f.state = state;
        f.quality = quality;
        f.sendPeriodMs = config.sendPeriodMs();
        f.receiveMultiplier = config.receiveMultiplier();
        f.commandMode = config.commandMode();
        synchronized (lock) {
            System.arraycopy(joints, 0, f.measuredPosition, 0, joints.length);
            System.arraycopy(target, 0, f.commandedPosition, 0, joints.length);
            if (!state.commanding()) {
                System.arraycopy(joints, 0, ipo, 0, joints.length);
            }
            System.arraycopy(ipo, 0, f.ipoPosition, 0, joints.length);
            System.arraycopy(torque, 0, f.commandedTorque, 0, joints.length);
            System.arraycopy(torque, 0, f.measuredTorque, 0, joints.length);
            if (kinematics != null) {
                kinematics.pose(joints, f.measuredPose);
                kinematics.pose(ipo, f.ipoPose);
                System.arraycopy(f.measuredPose, 0, measuredPose, 0, 7);
            }
        }
        f.timeNanos = System.nanoTime() - startNanos;
        byte[] bytes = FriMessages.monitoring(config.version(), f);
        if (foreignMessages > 0) {
            foreignMessages--;
            stranger.send(ByteBuffer.wrap(bytes), config.client());
        }
        if (dropMessages > 0) {
            dropMessages--;
            return;
        }
        if (malformedMessages > 0) {
            malformedMessages--;
            byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length / 2);
            channel.send(ByteBuffer.wrap(cut), config.client());
        } else {
            channel.send(ByteBuffer.wrap(bytes), config.client());
        }
        if (duplicateMessages > 0) {
            duplicateMessages--;
            channel.send(ByteBuffer.wrap(bytes), config.client());
        }
        if (replayMessages > 0 && lastSent != null) {
            replayMessages--;
            channel.send(ByteBuffer.wrap(lastSent), config.client());
        }
        lastSent = bytes;
    }

    /** The next {@code n} messages are not sent (lost on the way). */
    public void dropMessages(int n) {
        dropMessages = n;
    }

    /** The next {@code n} messages arrive cut in half. */
    public void garbleMessages(int n) {
        malformedMessages = n;
    }

    /** Before each of the next {@code n} messages, a copy comes from another port of the controller's host. */
    public void sendForeignCopies(int n) {
        foreignMessages = n;
    }

    /** After each of the next {@code n} messages, the previous one is sent again (its counter is not newer). */
    public void replayMessages(int n) {
        replayMessages = n;
    }

    /** Each of the next {@code n} messages is sent twice (same counter). */
    public void duplicateMessages(int n) {
        duplicateMessages = n;
    }

    public FriEmulatorConfig config() {
        return config;
    }

    public FriSessionState state() {
        return state;
    }

    public FriConnectionQuality quality() {
        return quality;
    }

    /** Why commanding stopped last, empty when it never did. */
    public String stopMessage() {
        return stopMessage;
    }

    public int localPort() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }

    /** The controller's address and port, as the client sees the messages' source. */
    public InetSocketAddress address() {
        return new InetSocketAddress(config.bindAddress(), localPort());
    }

    /** The measured joint positions (rad). */
    public double[] joints() {
        synchronized (lock) {
            return joints.clone();
        }
    }

    /**
     * 2.x: the flange pose the last monitoring message reported: x, y, z (mm), qw, qx, qy, qz.
     * @since 1.1
     */
    public double[] measuredPose() {
        synchronized (lock) {
            return measuredPose.clone();
        }
    }

    /**
     * CARTESIAN_POSE commands without a unit quaternion, or out of reach from where the arm was, that moved nothing.
     * @since 1.1
     */
    public long unreachablePoses() {
        return unreachablePoses;
    }

    /** The commanded torques of the last command (Nm). */
    public double[] commandedTorques() {
        synchronized (lock) {
            return torque.clone();
        }
    }

    /** The Cartesian wrench of the last command. */
    public double[] commandedWrench() {
        synchronized (lock) {
            return wrench.clone();
        }
    }

    public long cycles() {
        return cycles;
    }

    /** replies that counted */
    public long answeredReplies() {
        return answered;
    }

    public long missedReplies() {
        return missedReplies;
    }

    public long lateReplies() {
        return lateReplies;
    }

    public long wrongCounterReplies() {
        return wrongCounterReplies;
    }

    public long malformedReplies() {
        return malformedReplies;
    }

    public long foreignReplies() {
        return foreignReplies;
    }

    /** replies in a commanding state without what the command mode needs (or with NaN/inf) */
    public long incompleteCommands() {
        return incompleteCommands;
    }

    /** commanded positions beyond a joint's limit, clamped */
    public long limitedCommands() {
        return limitedCommands;
    }

    /** times commanding stopped for bad connection quality */
    public long stops() {
        return stops;
    }

    /** replies that moved the robot in COMMANDING_ACTIVE */
    public long commandedCycles() {
        return commandedCycles;
    }

    /** times its own thread could not keep the period (the machine was busy) */
    public long overruns() {
        return overruns;
    }

    /** Waits until the own thread has ended (after {@link #close()}). */
    public boolean awaitStopped(long timeout, TimeUnit unit) throws InterruptedException {
        return thread == null || stopped.await(timeout, unit);
    }

    /** Ends the session: the FRI connection is closed, state IDLE. */
    @Override
    public void close() {
        running = false;
        if (thread != null) {
            LockSupport.unpark(thread);
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        state = FriSessionState.IDLE;
        try {
            selector.close();
        } catch (IOException e) {
            // closing
        }
        try {
            channel.close();
        } catch (IOException e) {
            // closing
        }
        try {
            stranger.close();
        } catch (IOException e) {
            // closing
        }
    }

    @Override
    public String toString() {
        return "LBR iiwa 14 FRI emulator " + address() + " -> " + config.client() + " " + state + "/" + quality;
    }
}
