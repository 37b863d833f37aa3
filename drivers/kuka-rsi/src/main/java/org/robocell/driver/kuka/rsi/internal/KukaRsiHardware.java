package org.robocell.driver.kuka.rsi.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.robocell.api.hardware.CommandInterfaceHandle;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareComponent;
import org.robocell.api.hardware.HardwareContext;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.hardware.StateInterfaceHandle;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiWriter;
import org.robocell.driver.udp.UdpEndpoint;

/**
 * A KUKA robot under RSI as a system component: joints {@code A1..An} in URDF order, each with a {@code position}
 * command and state interface (radians), plus the Cartesian pose, configured I/O channels and status counters as
 * state interfaces.
 * <p>
 * The robot owns the cycle: {@link #read} blocks until the robot's datagram arrives (every 4 ms with IPO_FAST,
 * 12 ms with IPO) and {@link #write} answers it with the same IPOC. Neither allocates. What counts as the robot's
 * datagram is the {@link RsiGate}'s decision: from the session's address and port, well-formed, with a newer IPOC.
 * <p>
 * Threads: lifecycle callbacks run off the loop; {@code read} and {@code write} on the loop. The socket belongs
 * to the lifecycle thread until {@code active} is set and to the loop while it is set; the only exception is the
 * stop reply of {@link #onDeactivate} when the loop does not send it in time, which uses its own buffer.
 */
public final class KukaRsiHardware implements HardwareComponent {

    private static final System.Logger LOG = System.getLogger(KukaRsiHardware.class.getName());
    private static final String[] POSE_NAMES = { "x", "y", "z", "a", "b", "c" };
    private static final double MM_TO_M = 1e-3;
    private static final double M_TO_MM = 1e3;
    /**
     * Queued datagrams {@code read()} looks at after the robot's, for a newer one, before it answers what it has:
     * a flood that reaches the socket cannot hold the loop in the drain. 32 robot cycles are 128 ms at 4 ms.
     */
    static final int MAX_DRAIN_PER_READ = 32;
    /**
     * One byte more than the largest datagram taken, so that a longer one shows as longer rather than being cut to
     * a size that looks valid.
     */
    static final int DATAGRAM_CAPACITY = RsiGate.MAX_DATAGRAM + 1;
    /** Queued datagrams dropped at activation before looking for the robot, at most (a flood never empties it). */
    private static final int MAX_DISCARDED_AT_ACTIVATION = 4096;

    private HardwareContext context;
    private RsiDriverSettings settings;

    /** Why the last call failed: a callback's line, or a loop failure worded when asked. */
    private final RsiFailureRecord failures = new RsiFailureRecord();

    // channels
    private RsiGate gate;
    private RsiWriter writer;
    private double[] reply;
    private byte[] replyBytes;
    private byte[] stopBytes;
    private double[] stopReply;
    private int[] axisChannel;
    private int[] poseChannel;
    private int delayChannel;
    private int[] inputChannel;
    private int stopChannel;
    private int[] commandChannel;
    private int[] outputChannel;
    private int replyIpocChannel;

    // handles
    private StateInterfaceHandle[] jointState;
    private CommandInterfaceHandle[] jointCommand;
    private StateInterfaceHandle[] poseState;
    private StateInterfaceHandle[] inputState;
    private CommandInterfaceHandle[] outputCommand;
    /** the string channels received and sent */
    private volatile RsiTexts texts;
    /** the Cartesian correction (RKorr) commands x y z (m) a b c (rad), or none */
    private CommandInterfaceHandle[] correctionCommand;
    private int[] correctionChannel;
    /** the correction the last reply carried (m, rad), and what incremental replies have sent in sum (mm, deg) */
    private double[] heldCorrection;
    private double[] sentCorrectionOnWire;
    private boolean[] correctionCommanded;
    private final StateInterfaceHandle[] status = new StateInterfaceHandle[RsiStatus.values().length];

    // session
    /** volatile: cleanup may close it while a loop that has not yet seen the deactivation still reads */
    private volatile UdpEndpoint endpoint;
    private volatile boolean active;
    private volatile boolean stopRequested;
    private volatile boolean stopSent;
    private volatile long publishedIpoc;
    private volatile InetSocketAddress robotAddress;
    private double[] startOnWire;
    /** per joint: wire units (deg, or mm for a prismatic joint) per ros2_control unit (rad, m) */
    private double[] wirePerUnit;
    /** the axis positions the last reply commanded, for incremental correction */
    private double[] lastSentOnWire;
    private double[] heldCommand;
    private double[] heldOutput;
    private boolean[] commanded;
    private boolean[] outputCommanded;
    private boolean replyPending;
    /** the robot's host refused a reply ("port unreachable"): the session is over, every read says so */
    private boolean robotClosed;

    // counters (loop thread while active); the gate keeps the per-datagram ones
    private long sent;
    private long stale;
    private long timeouts;
    private long held;
    private long drainLimits;

    // timing of the last exchange, for the turnaround benchmark
    private long lastReceiveNanos;
    private long lastSendNanos;

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        beginCallback();
        this.context = context;
        List<ComponentInfo> joints = context.info().joints();
        try {
            if (joints.isEmpty() || joints.size() > 12) {
                throw new IllegalArgumentException("an RSI robot has 1 to 6 axes (A1..A6) and 0 to 6 external axes"
                        + " (E1..E6), '" + context.info().name() + "' declares " + joints.size() + " joints");
            }
            settings = RsiDriverSettings.from(context.info(), joints.size());
            bindChannels(settings.channels());
            texts = new RsiTexts(settings.stringInputs(), settings.stringOutputs());
            try {
                writer = new RsiWriter(settings.channels().replyLayout(), settings.stringOutputs());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("hardware '" + context.info().name() + "' parameter '"
                        + RsiDriverSettings.STRING_OUTPUTS + "': " + e.getMessage());
            }
            replyBytes = new byte[writer.maxLength()];
            stopBytes = new byte[writer.maxLength()];
            bindJoints(joints);
            bindExtras();
            return CallbackReturn.SUCCESS;
        } catch (IllegalArgumentException e) {
            return fail(CallbackReturn.ERROR, Fault.CONFIGURATION, e.getMessage());
        }
    }

    private void bindChannels(RsiChannelMap map) {
        RsiLayout in = map.robotLayout();
        RsiLayout out = map.replyLayout();
        reply = new double[out.channelCount()];
        stopReply = new double[out.channelCount()];
        // robot axes A1..An, then external axes E1..Em: one entry per joint
        int robotAxes = map.axisCount();
        int n = robotAxes + map.externalAxisCount();
        axisChannel = new int[n];
        commandChannel = new int[n];
        for (int i = 0; i < robotAxes; i++) {
            axisChannel[i] = in.indexOf(RsiChannelMap.axisTag(map.actualAxes(), i));
            commandChannel[i] = out.indexOf(RsiChannelMap.axisTag(map.axisCommand(), i));
        }
        for (int e = 0; e < map.externalAxisCount(); e++) {
            axisChannel[robotAxes + e] = in.indexOf(RsiChannelMap.externalAxisTag(map.externalActualAxes(), e));
            commandChannel[robotAxes + e] = out.indexOf(RsiChannelMap.externalAxisTag(map.externalAxisCommand(), e));
        }
        correctionChannel = new int[map.hasCartesianCorrection() ? 6 : 0];
        for (int k = 0; k < correctionChannel.length; k++) {
            correctionChannel[k] = out.indexOf(map.correctionTag(k));
        }
        heldCorrection = new double[correctionChannel.length];
        sentCorrectionOnWire = new double[correctionChannel.length];
        correctionCommanded = new boolean[correctionChannel.length];
        poseChannel = new int[map.hasPose() ? 6 : 0];
        for (int k = 0; k < poseChannel.length; k++) {
            poseChannel[k] = in.indexOf(map.poseTag(k));
        }
        delayChannel = map.hasDelay() ? in.indexOf(map.delay()) : -1;
        replyIpocChannel = out.indexOf(map.ipoc());
        stopChannel = map.hasStop() ? out.indexOf(map.stop()) : -1;
        inputChannel = map.inputs().stream().mapToInt(s -> in.indexOf(RsiChannelMap.tagOf(s))).toArray();
        outputChannel = map.outputs().stream().mapToInt(s -> out.indexOf(RsiChannelMap.tagOf(s))).toArray();
        startOnWire = new double[n];
        lastSentOnWire = new double[n];
        heldCommand = new double[n];
        heldOutput = new double[outputChannel.length];
        commanded = new boolean[n];
        outputCommanded = new boolean[outputChannel.length];
    }

    private void bindJoints(List<ComponentInfo> joints) {
        jointState = new StateInterfaceHandle[joints.size()];
        jointCommand = new CommandInterfaceHandle[joints.size()];
        wirePerUnit = new double[joints.size()];
        for (int i = 0; i < joints.size(); i++) {
            // RSI speaks degrees for a rotary axis and mm for a linear one (a track, a linear external axis)
            boolean linear = "prismatic".equals(joints.get(i).parameters().get(ComponentInfo.URDF_JOINT_TYPE));
            wirePerUnit[i] = linear ? M_TO_MM : Math.toDegrees(1.0);
            String name = joints.get(i).name() + "/position";
            if (!context.hasStateInterface(name) || !context.hasCommandInterface(name)) {
                throw new IllegalArgumentException("RSI joint '" + joints.get(i).name()
                        + "' needs a position command interface and a position state interface");
            }
            jointState[i] = context.state(name);
            jointCommand[i] = context.command(name);
        }
    }

    private void bindExtras() {
        poseState = new StateInterfaceHandle[poseChannel.length];
        for (int k = 0; k < poseState.length; k++) {
            poseState[k] = stateInterface(settings.posePrefix(), POSE_NAMES[k]);
        }
        List<String> inputs = settings.channels().inputs();
        inputState = new StateInterfaceHandle[inputs.size()];
        for (int k = 0; k < inputs.size(); k++) {
            inputState[k] = stateInterface(settings.ioPrefix(), RsiChannelMap.tagOf(inputs.get(k)));
        }
        correctionCommand = new CommandInterfaceHandle[correctionChannel.length];
        for (int k = 0; k < correctionCommand.length; k++) {
            String name = settings.correctionPrefix() + "/" + POSE_NAMES[k];
            correctionCommand[k] = context.hasCommandInterface(name) ? context.command(name)
                    : context.exportCommandInterface(name, InterfaceInfo.of(POSE_NAMES[k]));
        }
        List<String> outputs = settings.channels().outputs();
        outputCommand = new CommandInterfaceHandle[outputs.size()];
        for (int k = 0; k < outputs.size(); k++) {
            String name = settings.ioPrefix() + "/" + RsiChannelMap.tagOf(outputs.get(k));
            outputCommand[k] = context.hasCommandInterface(name) ? context.command(name)
                    : context.exportCommandInterface(name, InterfaceInfo.of(RsiChannelMap.tagOf(outputs.get(k))));
        }
        for (RsiStatus s : RsiStatus.values()) {
            status[s.ordinal()] = stateInterface(settings.statusPrefix(), s.interfaceName());
        }
    }

    /** The handle of a state interface the URDF lists, or of one exported now when it does not. */
    private StateInterfaceHandle stateInterface(String prefix, String name) {
        String full = prefix + "/" + name;
        return context.hasStateInterface(full) ? context.state(full)
                : context.exportStateInterface(full, InterfaceInfo.of(name));
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        beginCallback();
        closeEndpoint();
        try {
            endpoint = UdpEndpoint.open(new InetSocketAddress(settings.listenAddress(), settings.listenPort()),
                    DATAGRAM_CAPACITY, settings.receiveBufferBytes(), 0);
        } catch (IOException | RuntimeException e) {
            return fail(CallbackReturn.FAILURE, Fault.COMMUNICATION_FAILED, "cannot listen on "
                    + settings.listenAddress().getHostAddress() + ":" + settings.listenPort() + ": " + e);
        }
        // counters are cumulative from configure
        gate = new RsiGate(settings.channels().robotLayout(), settings.channels().ipoc(), settings.maxIpocJump());
        sent = 0;
        stale = 0;
        timeouts = 0;
        held = 0;
        drainLimits = 0;
        setStatus(RsiStatus.LISTEN_PORT, endpoint.localPort());
        setStatus(RsiStatus.ACTIVE, 0);
        publishCounters();
        LOG.log(Level.INFO, "{0}: listening for RSI on {1}:{2}", context.info().name(),
                settings.listenAddress().getHostAddress(), String.valueOf(endpoint.localPort()));
        if (settings.robotAddress() == null && !settings.listenAddress().isLoopbackAddress()) {
            LOG.log(Level.WARNING, "{0}: parameter ''robot_address'' is not set: whoever sends to {1}:{2} first when"
                    + " the robot is activated is taken as the robot; set it to the controller''s IP (or IP:port)",
                    context.info().name(), settings.listenAddress().getHostAddress(),
                    String.valueOf(endpoint.localPort()));
        }
        return CallbackReturn.SUCCESS;
    }

    /**
     * Waits for the robot's first datagram (the RSI program on the controller has called {@code RSI_ON}), locks the
     * session to its sender's address and port, takes its axes as the start pose, and answers it: from here on the
     * robot expects an answer every cycle, so the loop must start reading right away.
     */
    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        beginCallback();
        UdpEndpoint socket = endpoint;
        if (socket == null) {
            return fail(CallbackReturn.FAILURE, Fault.NONE, "activate before configure");
        }
        robotAddress = null;
        robotClosed = false;
        stopRequested = false;
        stopSent = false;
        RobotAddress configured = settings.robotAddress();
        long deadline = System.nanoTime() + settings.activateTimeoutNanos();
        try {
            // the last session's robot may come back from another port
            socket.disconnect();
            // whatever queued up while nobody listened is history, possibly of an earlier session
            for (int k = 0; k < MAX_DISCARDED_AT_ACTIVATION; k++) {
                if (socket.poll() == UdpEndpoint.Received.TIMED_OUT) {
                    break;
                }
            }
            if (settings.connectToRobot() && configured != null && configured.exact() != null) {
                // the whole address is known: the kernel keeps everyone else out from the start
                socket.connect(configured.exact());
            }
        } catch (IOException | RuntimeException e) {
            return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED, "cannot prepare the RSI socket for "
                    + (configured == null ? "the robot" : "the robot at " + configured) + ": " + e);
        }
        gate.startSession(configured);
        while (gate.lock() == null) {
            UdpEndpoint.Received r = socket.receive(deadline);
            if (r == UdpEndpoint.Received.DATAGRAM) {
                if (gate.offer(socket.data(), socket.length(), socket.source()) == RsiGate.Verdict.ACCEPTED) {
                    texts.capture(socket.data(), socket.length());
                }
            } else if (r == UdpEndpoint.Received.FAILED) {
                return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED,
                        "the RSI socket failed while waiting for the robot: " + socket.failure());
            }
            if (gate.lock() == null && (r == UdpEndpoint.Received.TIMED_OUT || System.nanoTime() - deadline >= 0)) {
                publishCounters();
                return fail(CallbackReturn.FAILURE, Fault.COMMUNICATION_TIMEOUT, "no RSI datagram from "
                        + (configured == null ? "the robot" : configured) + " within "
                        + settings.activateTimeoutNanos() / 1_000_000 + " ms; is the RSI program running?"
                        + RsiFailureRecord.refusedSoFar(gate, settings));
            }
        }
        InetSocketAddress robot = gate.lock();
        // answer the newest datagram: older ones queued while nobody listened are already late
        drainNewest(socket);
        try {
            if (settings.connectToRobot() && !socket.isConnected()) {
                socket.connect(robot);
            }
        } catch (IOException | RuntimeException e) {
            return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED,
                    "cannot connect the RSI socket to the robot at " + robot + ": " + e);
        }
        robotAddress = robot;
        double[] values = gate.robot();
        for (int i = 0; i < startOnWire.length; i++) {
            startOnWire[i] = values[axisChannel[i]];
            lastSentOnWire[i] = startOnWire[i];
            heldCommand[i] = startOnWire[i] / wirePerUnit[i];
        }
        Arrays.fill(heldOutput, 0.0);
        // a new RSI session starts uncorrected: the correction commands start from that
        Arrays.fill(heldCorrection, 0.0);
        Arrays.fill(sentCorrectionOnWire, 0.0);
        Arrays.fill(correctionCommanded, false);
        Arrays.fill(commanded, false);
        Arrays.fill(outputCommanded, false);
        publishedIpoc = gate.lastIpoc();
        publishState();
        replyPending = true;
        // the command slots still hold what the last session commanded; the loop restarts the controllers from the
        // state measured now, after this: until then the robot holds where it is
        LoopFailure failed = sendReply(false, false);
        if (failed != null) {
            return fail(CallbackReturn.ERROR, failed.fault, "cannot answer the robot at " + robot + ": "
                    + describe(failed));
        }
        publishCounters();
        setStatus(RsiStatus.ACTIVE, 1);
        LOG.log(Level.INFO, "{0}: RSI session with {1}, start axes {2} (deg; mm for a linear axis)", context.info().name(), robot,
                Arrays.toString(startOnWire));
        active = true;
        return CallbackReturn.SUCCESS;
    }

    /**
     * Ends RSI on the robot with a reply carrying Stop=1. The loop sends it with the next cycle's IPOC when it is
     * still running; when it does not within two receive timeouts, this thread sends it with the last IPOC seen.
     */
    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        beginCallback();
        if (!active) {
            return CallbackReturn.SUCCESS;
        }
        stopRequested = true;
        long deadline = System.nanoTime() + 2 * settings.receiveTimeoutNanos();
        while (!stopSent && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(200_000);
        }
        active = false;
        if (!stopSent) {
            sendStopFromControl();
        }
        setStatus(RsiStatus.ACTIVE, 0);
        return CallbackReturn.SUCCESS;
    }

    private void sendStopFromControl() {
        if (stopChannel < 0) {
            LOG.log(Level.WARNING, "{0}: no stop channel configured; the robot ends RSI by its own timeout",
                    context.info().name());
            return;
        }
        fillReply(stopReply, publishedIpoc, true);
        int n = writer.write(stopReply, stopBytes);
        UdpEndpoint socket = endpoint;
        if (n < 0 || socket == null
                || socket.sendFromControl(stopBytes, n, robotAddress) != UdpEndpoint.Sent.SENT) {
            LOG.log(Level.WARNING, "{0}: could not send the stop reply to {1}", context.info().name(), robotAddress);
        } else {
            sent++;
            stopSent = true;
            publishCounters();
        }
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        beginCallback();
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        beginCallback();
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        beginCallback();
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    private void closeEndpoint() {
        UdpEndpoint socket = endpoint;
        endpoint = null;
        if (socket != null) {
            socket.close();
        }
    }

    /**
     * Blocks until the robot's next datagram and publishes it. Whatever the {@link RsiGate} refuses (another
     * sender, a malformed datagram, an IPOC that is not the robot's next) is counted and skipped while the wait goes
     * on, never past the receive timeout; silence for the receive timeout answers ERROR. Without an RSI session
     * (inactive) it only paces the loop, so that a hardware-driven loop does not spin while the robot is idle.
     */
    @Override
    public ReturnType read(double time, double period) {
        if (!active) {
            LockSupport.parkNanos(settings.inactiveReadPeriodNanos());
            return ReturnType.OK;
        }
        UdpEndpoint socket = endpoint;
        if (socket == null) {
            return failLoop(LoopFailure.SOCKET_CLOSED);
        }
        if (robotClosed) {
            return failLoop(LoopFailure.ROBOT_CLOSED);
        }
        long deadline = System.nanoTime() + settings.receiveTimeoutNanos();
        while (true) {
            UdpEndpoint.Received r = socket.receive(deadline);
            if (r == UdpEndpoint.Received.DATAGRAM) {
                if (gate.offer(socket.data(), socket.length(), socket.source()) == RsiGate.Verdict.ACCEPTED) {
                    texts.capture(socket.data(), socket.length());
                    lastReceiveNanos = System.nanoTime();
                    break;
                }
                // refused datagrams never stretch the wait past the robot's deadline
                if (System.nanoTime() - deadline < 0) {
                    continue;
                }
                r = UdpEndpoint.Received.TIMED_OUT;
            }
            if (r == UdpEndpoint.Received.TIMED_OUT) {
                timeouts++;
            } else if (r == UdpEndpoint.Received.REFUSED) {
                // datagrams it sent before it closed may still be queued: they are not a session any more
                robotClosed = true;
            }
            publishCounters();
            return failLoop(r == UdpEndpoint.Received.TIMED_OUT ? LoopFailure.SILENT_ROBOT
                    : r == UdpEndpoint.Received.REFUSED ? LoopFailure.ROBOT_CLOSED : LoopFailure.SOCKET_FAILED);
        }
        drainNewest(socket);
        publishedIpoc = gate.lastIpoc();
        replyPending = true;
        publishState();
        publishCounters();
        return ReturnType.OK;
    }

    /**
     * A backlog means the loop fell behind: answer the newest of the robot's datagrams, the others are late
     * whatever we do. Only a datagram the gate accepts (so: with a newer IPOC) replaces the one in hand, and at most
     * {@link #MAX_DRAIN_PER_READ} are looked at.
     */
    private void drainNewest(UdpEndpoint socket) {
        for (int k = 0; k < MAX_DRAIN_PER_READ; k++) {
            UdpEndpoint.Received r = socket.poll();
            if (r == UdpEndpoint.Received.REFUSED) {
                robotClosed = true;
            }
            if (r != UdpEndpoint.Received.DATAGRAM) {
                return;
            }
            if (gate.offer(socket.data(), socket.length(), socket.source()) == RsiGate.Verdict.ACCEPTED) {
                texts.capture(socket.data(), socket.length());
                stale++;
                lastReceiveNanos = System.nanoTime();
            }
        }
        drainLimits++;
    }

    /** Answers the datagram read last, echoing its IPOC. Sends nothing when there is nothing to answer. */
    @Override
    public ReturnType write(double time, double period) {
        if (!active) {
            return ReturnType.OK;
        }
        boolean stop = stopRequested;
        if (!replyPending && !stop) {
            return ReturnType.OK;
        }
        LoopFailure failed = sendReply(stop, true);
        lastSendNanos = System.nanoTime();
        if (stop && failed == null) {
            active = false;
            stopSent = true;
        }
        publishCounters();
        return failed == null ? ReturnType.OK : failLoop(failed);
    }

    /**
     * @param fromCommands whether the reply carries the command slots (the loop's write) or the held values
     * @return null when the reply went out, else why not
     */
    private LoopFailure sendReply(boolean stop, boolean fromCommands) {
        // NaN before the first valid value means "nobody commands this yet": hold the start, count nothing
        for (int i = 0; fromCommands && i < jointCommand.length; i++) {
            double command = jointCommand[i].get();
            if (Double.isFinite(command)) {
                heldCommand[i] = command;
                commanded[i] = true;
            } else if (commanded[i]) {
                held++;
            }
        }
        for (int k = 0; fromCommands && k < correctionCommand.length; k++) {
            double value = correctionCommand[k].get();
            double limit = k < 3 ? settings.maxCorrectionTranslation() : settings.maxCorrectionRotation();
            if (Double.isFinite(value) && Math.abs(value) <= limit) {
                heldCorrection[k] = value;
                correctionCommanded[k] = true;
            } else if (correctionCommanded[k] || Double.isFinite(value)) {
                held++; // NaN, infinity or beyond the correction limit: the last valid correction stays
            }
        }
        for (int k = 0; fromCommands && k < outputCommand.length; k++) {
            double value = outputCommand[k].get();
            if (Double.isFinite(value)) {
                heldOutput[k] = value;
                outputCommanded[k] = true;
            } else if (outputCommanded[k]) {
                held++;
            }
        }
        fillReply(reply, gate.lastIpoc(), stop);
        int n = writer.write(reply, replyBytes);
        replyPending = false;
        if (n < 0) {
            // a held value beyond what RSI can carry: better no answer than an invented one
            return LoopFailure.UNWRITABLE_REPLY;
        }
        UdpEndpoint socket = endpoint;
        if (socket == null) {
            return LoopFailure.SOCKET_CLOSED;
        }
        switch (socket.send(replyBytes, n, robotAddress)) {
            case SENT:
                sent++;
                return null;
            case REFUSED:
                robotClosed = true;
                return LoopFailure.ROBOT_CLOSED;
            default:
                return LoopFailure.SOCKET_FAILED;
        }
    }

    private void fillReply(double[] out, long ipoc, boolean stop) {
        CorrectionMode mode = settings.correctionMode();
        for (int i = 0; i < commandChannel.length; i++) {
            double onWire = heldCommand[i] * wirePerUnit[i];
            switch (mode) {
                case RELATIVE -> out[commandChannel[i]] = onWire - startOnWire[i];
                case ABSOLUTE -> out[commandChannel[i]] = onWire;
                case INCREMENTAL -> {
                    // the increment as it goes on the wire (6 decimals), and what the robot has been sent in sum:
                    // rounding then never adds up over the cycles. A stop reply moves nothing more.
                    double increment = stop ? 0.0 : onTheWire(onWire - lastSentOnWire[i]);
                    out[commandChannel[i]] = increment;
                    lastSentOnWire[i] += increment;
                }
            }
        }
        for (int k = 0; k < correctionChannel.length; k++) {
            double onWire = heldCorrection[k] * (k < 3 ? M_TO_MM : Math.toDegrees(1.0));
            if (mode == CorrectionMode.INCREMENTAL) {
                double increment = stop ? 0.0 : onTheWire(onWire - sentCorrectionOnWire[k]);
                out[correctionChannel[k]] = increment;
                sentCorrectionOnWire[k] += increment;
            } else {
                // RKorr is a correction of the programmed path either way: #ABSOLUTE takes it as the total
                out[correctionChannel[k]] = onWire;
            }
        }
        for (int k = 0; k < outputChannel.length; k++) {
            out[outputChannel[k]] = heldOutput[k];
        }
        if (stopChannel >= 0) {
            out[stopChannel] = stop ? 1 : 0;
        }
        out[replyIpocChannel] = ipoc;
    }

    /** {@code value} rounded to the reply's 6 decimals, half away from zero, as {@code RsiWriter} prints it. */
    private static double onTheWire(double value) {
        double scaled = Math.abs(value) * 1e6;
        return Math.copySign(Math.floor(scaled + 0.5), value) / 1e6;
    }

    private void publishState() {
        double[] robot = gate.robot();
        for (int i = 0; i < jointState.length; i++) {
            jointState[i].set(robot[axisChannel[i]] / wirePerUnit[i]);
        }
        for (int k = 0; k < poseState.length; k++) {
            double v = robot[poseChannel[k]];
            poseState[k].set(k < 3 ? v * MM_TO_M : Math.toRadians(v));
        }
        for (int k = 0; k < inputState.length; k++) {
            inputState[k].set(robot[inputChannel[k]]);
        }
        if (delayChannel >= 0) {
            setStatus(RsiStatus.LATE_PACKETS, robot[delayChannel]);
        }
        setStatus(RsiStatus.IPOC, gate.lastIpoc());
    }

    private void publishCounters() {
        setStatus(RsiStatus.RECEIVED_PACKETS, gate.accepted());
        setStatus(RsiStatus.SENT_REPLIES, sent);
        setStatus(RsiStatus.MISSED_PACKETS, gate.missed());
        setStatus(RsiStatus.STALE_PACKETS, stale);
        setStatus(RsiStatus.MALFORMED_PACKETS, gate.malformed());
        setStatus(RsiStatus.FOREIGN_PACKETS, gate.foreign());
        setStatus(RsiStatus.OLD_IPOC_PACKETS, gate.oldIpoc());
        setStatus(RsiStatus.IPOC_JUMP_PACKETS, gate.ipocJumps());
        setStatus(RsiStatus.DRAIN_LIMITS, drainLimits);
        setStatus(RsiStatus.RECEIVE_TIMEOUTS, timeouts);
        setStatus(RsiStatus.HELD_COMMANDS, held);
    }

    private void setStatus(RsiStatus s, double value) {
        status[s.ordinal()].set(value);
    }

    /** A new lifecycle call: what failed before is history. */
    private void beginCallback() {
        failures.clear();
    }

    private CallbackReturn fail(CallbackReturn result, Fault fault, String message) {
        failures.callbackFailed(fault, message);
        LOG.log(Level.WARNING, "{0}: {1}", context == null ? "RSI" : context.info().name(), message);
        return result;
    }

    /** Real time: records a constant, words nothing. */
    private ReturnType failLoop(LoopFailure why) {
        failures.loopFailed(why);
        return ReturnType.ERROR;
    }

    @Override
    public Fault fault() {
        return failures.fault();
    }

    /** Why the last lifecycle callback, {@code read} or {@code write} failed; null when none did. Off the loop. */
    @Override
    public java.util.Map<String, String> texts() {
        RsiTexts t = texts;
        return t == null ? java.util.Map.of() : t.snapshot();
    }

    @Override
    public String lastError() {
        LoopFailure f = failures.loopFailure();
        return f != null ? describe(f) : failures.callbackError();
    }

    private String describe(LoopFailure f) {
        return RsiFailureRecord.describe(f, robotAddress, endpoint, gate, settings);
    }

    /** The UDP port listened on, -1 when not configured. Also the state interface {@code rsi/listen_port}. */
    public int listenPort() {
        UdpEndpoint e = endpoint;
        return e == null ? -1 : e.localPort();
    }

    /** The socket, while configured; tests break it under the loop. */
    UdpEndpoint endpoint() {
        return endpoint;
    }

    /** The receive buffer the kernel granted the socket, -1 when not configured. */
    int receiveBufferBytes() {
        UdpEndpoint e = endpoint;
        return e == null ? -1 : e.receiveBufferBytes();
    }

    /** {@link System#nanoTime()} when {@code read} took the robot's datagram it answers off the socket. */
    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    /** {@link System#nanoTime()} when {@code write} last returned after sending. */
    long lastSendNanos() {
        return lastSendNanos;
    }
}
