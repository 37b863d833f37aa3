package org.robocell.driver.kuka.eac.emulator;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.kuka.eac.internal.proto.ecs.CommandState;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ControlSignalExternal;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ExternalHeader;
import org.robocell.driver.kuka.eac.internal.proto.ecs.MotionStateExternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.ControlSignalInternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.ExternalControlMode;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointPositions;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointTorques;
import org.robocell.driver.kuka.eac.internal.proto.motion.MotionStateInternal;
import org.robocell.driver.kuka.eac.protocol.CommandEvent;
import org.robocell.driver.kuka.eac.protocol.ControlMode;
import org.robocell.driver.kuka.eac.protocol.QosProfile;

import com.google.protobuf.InvalidProtocolBufferException;

import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.okhttp.OkHttpServerBuilder;

/**
 * An emulated KR C5 micro with an LBR iisy 3 R760 running iiQKA ExternalAPI.Control: the gRPC control plane
 * ({@link ControlService}) and the real-time plane. While a control session runs, every cycle it sends a
 * {@code MotionStateExternal} with the next IPOC to the client's address and port 44444 and expects the
 * {@code ControlSignalExternal} that echoes that IPOC within the reply window; one that does not arrive in time is
 * lost, and losses beyond the QoS profile end the session with ERROR. {@code stop_ipo} ends it with STOPPED, a new
 * {@code control_mode} switches mode (CONTROL_MODE_SWITCH, then SAMPLING). Replies from another address, with
 * another IPOC or not parseable change nothing and are counted.
 */
public final class EacControllerEmulator implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.kuka.eac");

    private final EacEmulatorConfig config;
    private final Server server;
    private final Object lock = new Object();
    private final List<io.grpc.stub.ServerCallStreamObserver<CommandState>> observers = new ArrayList<>();
    private final List<CommandEvent> events = new ArrayList<>();
    private final KinematicPlant plant;
    /** the Cartesian modes' pose and twist, turned into joint targets (guarded by lock) */
    private final CartesianFollower cartesian = new CartesianFollower();
    private final Monitoring monitoring;

    // guarded by lock
    private int clientPort;
    private QosProfile qos = QosProfile.DEFAULT;
    private String qosRefusal;
    private ControlMode mode = ControlMode.JOINT_POSITION;
    /** the last wrench command: force x, y, z (N), torque x, y, z (Nm); the kinematic plant holds under it */
    private final double[] wrench = new double[6];
    private Session session;
    private StopReason stopReason = StopReason.NONE;
    private String stopMessage = "";
    private long ipoc = 1000;
    private long messageId;
    private int sessions;
    private boolean closed;

    // counters, guarded by lock
    private long statesSent;
    private long repliesAccepted;
    private long lostReplies;
    private long wrongIpocReplies;
    private long malformedReplies;
    private long foreignDatagrams;
    private long lastSendNanos;
    private long lastRoundTripNanos;

    /** One control session: the client's address and the socket of the real-time plane. */
    private static final class Session {
        final InetSocketAddress client;
        final RtSocket socket;
        final QosMonitor qos;
        volatile boolean running = true;
        boolean outstanding;
        ControlSignalExternal reply;
        Thread thread;

        Session(InetSocketAddress client, RtSocket socket, QosMonitor qos) {
            this.client = client;
            this.socket = socket;
            this.qos = qos;
        }
    }

    private EacControllerEmulator(EacEmulatorConfig config) throws IOException {
        this.config = config;
        this.plant = new KinematicPlant(config.start());
        this.monitoring = new Monitoring(this, config);
        this.clientPort = config.clientPort();
        this.server = OkHttpServerBuilder
                .forPort(new InetSocketAddress(config.address(), config.grpcPort()), InsecureServerCredentials.create())
                .addService(new ControlService(this))
                .build()
                .start();
    }

    /** Starts the gRPC server; control sessions start when a client opens the control channel. */
    public static EacControllerEmulator start(EacEmulatorConfig config) throws IOException {
        return new EacControllerEmulator(config);
    }

    public int grpcPort() {
        return server.getPort();
    }

    /**
     * Where the next control sessions send their motion states on the client's address: for a client that does
     * not listen on 44444 (tests with a port the system picked).
     */
    public void setClientPort(int port) {
        synchronized (lock) {
            clientPort = port;
        }
    }

    public EacEmulatorConfig config() {
        return config;
    }

    // ---- control plane, called by ControlService on gRPC threads

    /** Null when set, else why the profile is refused. */
    String setQos(QosProfile profile) {
        synchronized (lock) {
            QosProfile.Violation v = profile.check();
            if (v != QosProfile.Violation.NONE) {
                qosRefusal = "QoS profile (" + profile + ") refused: " + profile.describe(v)
                        + "; external control cannot start until a valid profile is set";
                return qosRefusal;
            }
            qos = profile;
            qosRefusal = null;
            return null;
        }
    }

    /** Null when the session started, else why not (and the gRPC status code it deserves). */
    Refusal open(String clientIp, int modeNumber, boolean secure) {
        synchronized (lock) {
            if (closed) {
                return new Refusal(io.grpc.Status.Code.UNAVAILABLE, "the controller is shutting down");
            }
            if (session != null) {
                return new Refusal(io.grpc.Status.Code.FAILED_PRECONDITION, "external control is already running for "
                        + session.client.getAddress().getHostAddress());
            }
            if (qosRefusal != null) {
                return new Refusal(io.grpc.Status.Code.FAILED_PRECONDITION, qosRefusal);
            }
            if (secure) {
                return new Refusal(io.grpc.Status.Code.UNIMPLEMENTED, "is_secure: DTLS is not emulated");
            }
            ControlMode m = ControlMode.ofNumber(modeNumber);
            if (m == null || !runs(m)) {
                return new Refusal(io.grpc.Status.Code.INVALID_ARGUMENT, "external_control_mode=" + modeNumber
                        + ": this controller runs the modes 1..8 (ExternalControlMode)");
            }
            InetAddress client;
            try {
                if (clientIp.isBlank()) {
                    throw new UnknownHostException("empty");
                }
                client = InetAddress.getByName(clientIp.trim());
            } catch (UnknownHostException e) {
                return new Refusal(io.grpc.Status.Code.INVALID_ARGUMENT,
                        "ip_address='" + clientIp + "' is not the client's IP address");
            }
            RtSocket socket;
            try {
                socket = new RtSocket(config.address());
            } catch (IOException e) {
                return new Refusal(io.grpc.Status.Code.INTERNAL, "the real-time socket failed: " + e.getMessage());
            }
            mode = m;
            plant.hold();
            cartesian.restart(plant.positions);
            stopReason = StopReason.NONE;
            stopMessage = "";
            session = new Session(new InetSocketAddress(client, clientPort), socket, new QosMonitor(qos));
            sessions++;
            emit(CommandEvent.SAMPLING, "external control started in " + m.modeName());
            if (!config.stepped()) {
                Session s = session;
                s.thread = new Thread(() -> runCycles(s), "eac-emulator-cycle");
                s.thread.setDaemon(true);
                s.thread.setPriority(Thread.MAX_PRIORITY);
                s.thread.start();
            }
            return null;
        }
    }

    record Refusal(io.grpc.Status.Code code, String message) {
    }

    /** Registers an observer of the control state; it first hears where the controller is now. */
    void observe(io.grpc.stub.ServerCallStreamObserver<CommandState> observer) {
        synchronized (lock) {
            observers.add(observer);
            observer.setOnCancelHandler(() -> {
                synchronized (lock) {
                    observers.remove(observer);
                }
            });
            CommandEvent now = session != null ? CommandEvent.SAMPLING : CommandEvent.IDLE;
            observer.onNext(CommandState.newBuilder().setEventValue(now.number()).build());
        }
    }

    Monitoring monitoring() {
        return monitoring;
    }

    private static boolean runs(ControlMode m) {
        return m != null;
    }

    // ---- real-time plane

    private void runCycles(Session s) {
        long next = System.nanoTime();
        try {
            while (s.running) {
                long sent = System.nanoTime();
                synchronized (lock) {
                    if (!s.running) {
                        break;
                    }
                    sendState(s);
                }
                collect(s, sent + config.replyWindowNanos());
                synchronized (lock) {
                    if (!s.running) {
                        break;
                    }
                    judge(s);
                }
                // the next cycle one cycle after this one, or at once when the reply window (longer than the
                // cycle) made this one late
                next = Math.max(next + config.cycleNanos(), System.nanoTime());
                long wait;
                while (s.running && (wait = next - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
            }
        } catch (IOException e) {
            synchronized (lock) {
                if (s.running) {
                    end(s, CommandEvent.ERROR, StopReason.SHUT_DOWN, "the real-time socket failed: " + e.getMessage());
                }
            }
        } finally {
            s.socket.close();
        }
    }

    /**
     * Stepped mode: sends the next motion state of the running session.
     *
     * @return its IPOC, or -1 when no session runs
     */
    public long sendState() throws IOException {
        synchronized (lock) {
            if (session == null) {
                return -1;
            }
            sendState(session);
            return ipoc;
        }
    }

    /**
     * Stepped mode: takes the control signals that came for the last motion state and runs the cycle: the
     * reply applied, or a loss counted against the QoS profile, then the plant moved.
     *
     * @param waitForReply true: waits (a bounded real time) for the reply to the last state; false: takes only
     *                     what is already queued, so a reply not yet there is lost
     */
    public void judge(boolean waitForReply) throws IOException {
        Session s;
        synchronized (lock) {
            s = session;
        }
        if (s == null) {
            return;
        }
        collect(s, System.nanoTime() + (waitForReply ? TimeUnit.SECONDS.toNanos(5) : 0));
        synchronized (lock) {
            if (s.running) {
                judge(s);
            }
        }
    }

    private void sendState(Session s) throws IOException {
        ipoc = (ipoc + 1) & 0xFFFF_FFFFL;
        messageId = (messageId + 1) & 0xFFFF_FFFFL;
        s.outstanding = true;
        s.reply = null;
        byte[] state = motionState().toByteArray();
        lastSendNanos = System.nanoTime();
        s.socket.send(state, s.client);
        statesSent++;
    }

    MotionStateExternal motionState() {
        synchronized (lock) {
            JointPositions.Builder p = JointPositions.newBuilder();
            JointTorques.Builder t = JointTorques.newBuilder();
            for (int j = 0; j < LbrIisy3R760.JOINTS; j++) {
                p.addValues(plant.positions[j]);
                t.addValues(plant.torques[j]);
            }
            return MotionStateExternal.newBuilder()
                    .setHeader(ExternalHeader.newBuilder().setMessageId((int) messageId).setIpoc((int) ipoc))
                    .setMotionState(MotionStateInternal.newBuilder()
                            .setIpoStopped(session == null)
                            .setControlModeValue(mode.number())
                            .setMeasuredPositions(p)
                            .setMeasuredTorques(t))
                    .build();
        }
    }

    /** Reads datagrams until the reply to the outstanding IPOC came or the deadline passed. */
    private void collect(Session s, long deadlineNanos) throws IOException {
        while (s.running && s.socket.receive(deadlineNanos)) {
            synchronized (lock) {
                if (!(s.socket.source instanceof InetSocketAddress from)
                        || !from.getAddress().equals(s.client.getAddress())) {
                    foreignDatagrams++;
                    continue;
                }
                ControlSignalExternal signal;
                try {
                    signal = ControlSignalExternal.parseFrom(
                            com.google.protobuf.ByteString.copyFrom(s.socket.data, 0, s.socket.length));
                } catch (InvalidProtocolBufferException e) {
                    malformedReplies++;
                    continue;
                }
                if (!s.outstanding || (signal.getHeader().getIpoc() & 0xFFFF_FFFFL) != ipoc) {
                    wrongIpocReplies++;
                    continue;
                }
                s.reply = signal;
                s.outstanding = false;
                lastRoundTripNanos = System.nanoTime() - lastSendNanos;
                return;
            }
        }
    }

    private void judge(Session s) {
        double dt = config.cycleNanos() / 1e9;
        ControlSignalExternal reply = s.reply;
        s.reply = null;
        if (reply == null) {
            s.outstanding = false;
            lostReplies++;
            QosMonitor.Verdict v = s.qos.lost(ipoc * (config.cycleNanos() / 1_000_000L));
            if (v != QosMonitor.Verdict.WITHIN_PROFILE) {
                QosProfile p = s.qos.profile();
                end(s, CommandEvent.ERROR, v == QosMonitor.Verdict.TOO_MANY_CONSECUTIVE
                        ? StopReason.QOS_CONSECUTIVE_LOSSES : StopReason.QOS_LOSSES_IN_TIMEFRAME,
                        v == QosMonitor.Verdict.TOO_MANY_CONSECUTIVE
                                ? "QoS profile violated: " + s.qos.consecutive() + " consecutive control signals lost"
                                        + " (consequent_lost_packets=" + p.consecutiveLostPackets() + ")"
                                : "QoS profile violated: " + s.qos.inTimeframe() + " control signals lost within "
                                        + p.timeframeMs() + " ms (lost_packets_in_timeframe="
                                        + p.lostPacketsInTimeframe() + ")");
                return;
            }
            plant.step(mode, dt);
            return;
        }
        repliesAccepted++;
        s.qos.received();
        ControlSignalInternal signal = reply.getControlSignal();
        if (signal.getStopIpo()) {
            end(s, CommandEvent.STOPPED, StopReason.CLIENT_STOP, "external control stopped by the client");
            return;
        }
        int asked = signal.getControlModeValue();
        if (asked != 0 && asked != mode.number()) {
            ControlMode next = ControlMode.ofNumber(asked);
            if (next == null || !runs(next)) {
                end(s, CommandEvent.ERROR, StopReason.UNSUPPORTED_MODE, "control_mode=" + asked
                        + " is not a mode this controller runs (ExternalControlMode 1..8)");
                return;
            }
            emit(CommandEvent.CONTROL_MODE_SWITCH, mode.modeName() + " -> " + next.modeName());
            mode = next;
            plant.hold();
            cartesian.restart(plant.positions);
            emit(CommandEvent.SAMPLING, "external control runs in " + next.modeName());
        }
        String invalid = apply(signal, dt);
        if (invalid != null) {
            end(s, CommandEvent.ERROR, StopReason.INVALID_COMMAND, invalid);
            return;
        }
        plant.step(mode, dt);
    }

    /** Gives the plant the command of the current mode; null, or why it is refused. */
    private String apply(ControlSignalInternal signal, double dt) {
        switch (mode) {
            case CARTESIAN_POSITION, CARTESIAN_IMPEDANCE -> {
                String bad = mode == ControlMode.CARTESIAN_IMPEDANCE ? cartesian.takeAttributes(signal) : null;
                if (bad == null) {
                    bad = cartesian.followPose(signal, mode.modeName());
                }
                if (bad != null) {
                    return bad;
                }
                plant.commandPositions(cartesian.jointTarget);
            }
            case CARTESIAN_VELOCITY -> {
                String bad = cartesian.followTwist(signal, dt);
                if (bad != null) {
                    return bad;
                }
                plant.commandPositions(cartesian.jointTarget);
            }
            case JOINT_POSITION, JOINT_IMPEDANCE -> {
                List<Double> v = signal.getJointCommand().getValuesList();
                String bad = check("joint_command", v, true, null);
                if (bad != null) {
                    return bad;
                }
                // impedance attributes: checked when sent, the last ones kept when a signal carries none
                if (mode == ControlMode.JOINT_IMPEDANCE && signal.getJointAttributes().getStiffnessCount()
                        + signal.getJointAttributes().getDampingCount() > 0) {
                    bad = check("joint_attributes.stiffness", signal.getJointAttributes().getStiffnessList(), false,
                            null);
                    if (bad == null) {
                        bad = check("joint_attributes.damping", signal.getJointAttributes().getDampingList(), false,
                                null);
                    }
                    if (bad != null) {
                        return bad;
                    }
                }
                plant.commandPositions(toArray(v));
            }
            case JOINT_VELOCITY -> {
                List<Double> v = signal.getJointVelocityCommand().getValuesList();
                String bad = check("joint_velocity_command", v, false, LbrIisy3R760.MAX_VELOCITY);
                if (bad != null) {
                    return bad;
                }
                plant.commandVelocities(toArray(v));
            }
            case JOINT_TORQUE -> {
                List<Double> v = signal.getJointTorqueCommand().getValuesList();
                String bad = check("joint_torque_command", v, false, LbrIisy3R760.MAX_TORQUE);
                if (bad != null) {
                    return bad;
                }
                plant.commandTorques(toArray(v));
            }
            case WRENCH -> {
                if (!signal.hasWrenchCommand()) {
                    return "wrench_command is missing in wrench control";
                }
                var f = signal.getWrenchCommand().getForce();
                var t = signal.getWrenchCommand().getTorque();
                double[] w = { f.getX(), f.getY(), f.getZ(), t.getX(), t.getY(), t.getZ() };
                for (int k = 0; k < 6; k++) {
                    if (!Double.isFinite(w[k])) {
                        return "wrench_command." + (k < 3 ? "force." : "torque.") + "xyz".charAt(k % 3) + " is " + w[k];
                    }
                }
                System.arraycopy(w, 0, wrench, 0, 6);
            }
            default -> {
                return "control mode " + mode + " is not run";
            }
        }
        return null;
    }

    private static String check(String field, List<Double> values, boolean positionLimits, double[] magnitude) {
        if (values.size() != LbrIisy3R760.JOINTS) {
            return field + " has " + values.size() + " values, the robot has " + LbrIisy3R760.JOINTS + " joints";
        }
        for (int j = 0; j < values.size(); j++) {
            double x = values.get(j);
            if (!Double.isFinite(x)) {
                return field + "[" + j + "] is " + x;
            }
            if (positionLimits && !LbrIisy3R760.withinLimits(j, x)) {
                return field + "[" + j + "]=" + x + " rad is outside joint_" + (j + 1) + "'s limits ["
                        + LbrIisy3R760.lower(j) + ", " + LbrIisy3R760.upper(j) + "]";
            }
            if (magnitude != null && Math.abs(x) > magnitude[j]) {
                return field + "[" + j + "]=" + x + " is beyond joint_" + (j + 1) + "'s limit " + magnitude[j];
            }
        }
        return null;
    }

    private static double[] toArray(List<Double> v) {
        double[] a = new double[v.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = v.get(i);
        }
        return a;
    }

    private void end(Session s, CommandEvent event, StopReason reason, String message) {
        s.running = false;
        if (session == s) {
            session = null;
        }
        plant.hold();
        stopReason = reason;
        stopMessage = message;
        if (config.stepped() || s.thread == null) {
            s.socket.close();
        }
        emit(event, message);
        lock.notifyAll();
        LOG.log(System.Logger.Level.INFO, "EAC emulator: {0}: {1}", event, message);
    }

    private void emit(CommandEvent event, String message) {
        events.add(event);
        CommandState state = CommandState.newBuilder().setEventValue(event.number()).setMessage(message).build();
        for (io.grpc.stub.ServerCallStreamObserver<CommandState> o : List.copyOf(observers)) {
            try {
                if (!o.isCancelled()) {
                    o.onNext(state);
                }
            } catch (RuntimeException e) {
                observers.remove(o);
            }
        }
    }

    // ---- what tests and the shell read

    public boolean sampling() {
        synchronized (lock) {
            return session != null;
        }
    }

    /** Waits until no session runs (it ended, or never started); false when it still runs after the timeout. */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (lock) {
            while (session != null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return true;
        }
    }

    public ControlMode mode() {
        synchronized (lock) {
            return mode;
        }
    }

    public StopReason stopReason() {
        synchronized (lock) {
            return stopReason;
        }
    }

    public String stopMessage() {
        synchronized (lock) {
            return stopMessage;
        }
    }

    public List<CommandEvent> events() {
        synchronized (lock) {
            return List.copyOf(events);
        }
    }

    /**
     * The last wrench_command taken in wrench control: force x, y, z (N), torque x, y, z (Nm).
     * @since 1.1
     */
    public double[] commandedWrench() {
        synchronized (lock) {
            return wrench.clone();
        }
    }

    /**
     * The flange pose the joints put it at: x, y, z (mm), qw, qx, qy, qz in the base frame (the LBR iisy 3 R760's
     * {@code tool0} in {@code base_link}).
     *
     * @since 1.2
     */
    public double[] measuredPose() {
        synchronized (lock) {
            return cartesian.pose(plant.positions);
        }
    }

    /**
     * In a Cartesian mode, the pose the arm is commanded to (the last {@code cartesian_command} taken, or in Cartesian
     * velocity control where the twists took it), as {@link #measuredPose()}.
     *
     * @since 1.2
     */
    public double[] commandedPose() {
        synchronized (lock) {
            return cartesian.commandedPose.clone();
        }
    }

    /**
     * The last {@code twist_command} taken: linear x, y, z (mm/s), angular x, y, z (rad/s).
     *
     * @since 1.2
     */
    public double[] commandedTwist() {
        synchronized (lock) {
            return cartesian.twist.clone();
        }
    }

    /**
     * The last {@code cartesian_attributes} taken: stiffness x, y, z, a, b, c then damping x, y, z, a, b, c.
     *
     * @since 1.2
     */
    public double[] cartesianAttributes() {
        synchronized (lock) {
            double[] a = new double[12];
            System.arraycopy(cartesian.stiffness, 0, a, 0, 6);
            System.arraycopy(cartesian.damping, 0, a, 6, 6);
            return a;
        }
    }

    public double[] positions() {
        synchronized (lock) {
            return plant.positions.clone();
        }
    }

    public QosProfile qos() {
        synchronized (lock) {
            return qos;
        }
    }

    public int sessions() {
        synchronized (lock) {
            return sessions;
        }
    }

    public long statesSent() {
        synchronized (lock) {
            return statesSent;
        }
    }

    public long repliesAccepted() {
        synchronized (lock) {
            return repliesAccepted;
        }
    }

    /** Motion state sent → its control signal found, for the last reply in time (ns). */
    public long lastRoundTripNanos() {
        synchronized (lock) {
            return lastRoundTripNanos;
        }
    }

    public long lostReplies() {
        synchronized (lock) {
            return lostReplies;
        }
    }

    public long wrongIpocReplies() {
        synchronized (lock) {
            return wrongIpocReplies;
        }
    }

    public long malformedReplies() {
        synchronized (lock) {
            return malformedReplies;
        }
    }

    public long foreignDatagrams() {
        synchronized (lock) {
            return foreignDatagrams;
        }
    }

    /** One line for the shell and the log. */
    public String status() {
        synchronized (lock) {
            return (session != null ? "sampling " + mode.modeName() : "idle") + ", ipoc " + ipoc + ", sent "
                    + statesSent + ", replies " + repliesAccepted + ", lost " + lostReplies + ", wrong ipoc "
                    + wrongIpocReplies + ", malformed " + malformedReplies + ", foreign " + foreignDatagrams
                    + (stopReason == StopReason.NONE ? "" : ", last stop " + stopReason + ": " + stopMessage);
        }
    }

    @Override
    public void close() {
        Session s;
        synchronized (lock) {
            closed = true;
            s = session;
            if (s != null) {
                end(s, CommandEvent.STOPPED, StopReason.SHUT_DOWN, "the controller shuts down");
            }
            for (io.grpc.stub.ServerCallStreamObserver<CommandState> o : List.copyOf(observers)) {
                try {
                    o.onCompleted();
                } catch (RuntimeException e) {
                    // the client went away already
                }
            }
            observers.clear();
        }
        monitoring.stop();
        if (s != null && s.thread != null) {
            try {
                s.thread.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        server.shutdownNow();
        try {
            server.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
