package org.robocell.driver.kuka.fri.internal;

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
import org.robocell.driver.kuka.cartesian.CartesianCheck;
import org.robocell.driver.kuka.fri.emulator.LbrIiwa14;
import org.robocell.driver.kuka.fri.protocol.FriCommandMode;
import org.robocell.driver.kuka.fri.protocol.FriCommandWriter;
import org.robocell.driver.kuka.fri.protocol.FriMonitorReader;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;
import org.robocell.driver.udp.UdpEndpoint;

/**
 * A KUKA LBR under FRI as a system component: seven joints in URDF order with {@code position} command and state
 * interfaces (rad), {@code effort} (measured torque, Nm), {@code external_torque} and {@code commanded_position}
 * state interfaces, an {@code effort} command in joint torque control, a Cartesian wrench command in wrench control,
 * on 2.x the measured Cartesian pose as {@code dummy_cart_joint/<x|y|z|qw|qx|qy|qz>/position} state interfaces and,
 * in Cartesian position control, command interfaces of the same names (kuka_drivers' names, branch
 * {@code feature/fri_cart_pose_control}, {@code kuka_sunrise_fri_driver/src/hardware_interface.cpp}), and the
 * session's status as {@code fri/*} state interfaces.
 * <p>
 * The robot owns the cycle: {@link #read} blocks until the controller's monitoring message arrives (every send
 * period) and {@link #write} answers it, every {@code receiveMultiplier}-th one, as the KUKA client SDK does. Neither
 * allocates. What counts as the robot's message is the {@link FriGate}'s decision.
 * <p>
 * Activation answers the robot's messages from the lifecycle thread until the session reaches COMMANDING_ACTIVE, then
 * takes the measured joint positions as the command to hold and hands the socket to the loop. Deactivation stops
 * answering: the robot stops the overlay when the replies stop and holds where it is.
 */
public final class KukaFriHardware implements HardwareComponent {

    private static final System.Logger LOG = System.getLogger(KukaFriHardware.class.getName());
    /** queued datagrams {@code read()} looks at after the robot's, for a newer one, at most */
    static final int MAX_DRAIN_PER_READ = 32;
    /** one byte more than the largest message FRI sends, so that a longer one shows as longer */
    static final int DATAGRAM_CAPACITY = FriCommandWriter.MAX_MESSAGE_BYTES + 1;
    private static final String[] WRENCH_NAMES = { "force.x", "force.y", "force.z", "torque.x", "torque.y",
            "torque.z" };
    /** kuka_drivers' {@code HW_IF_CART_PREFIX} and its order of the pose (the SDK's: x, y, z, qw, qx, qy, qz) */
    static final String CARTESIAN_PREFIX = "dummy_cart_joint/";
    static final String[] POSE_NAMES = { "x", "y", "z", "qw", "qx", "qy", "qz" };

    private HardwareContext context;
    private FriDriverSettings settings;
    private int joints;

    // failure of the last call: a callback's line or a loop constant
    private volatile String callbackError;
    private volatile Fault callbackFault = Fault.NONE;
    private volatile LoopFailure loopFailure;

    // handles
    private StateInterfaceHandle[] positionState;
    private StateInterfaceHandle[] effortState;
    private StateInterfaceHandle[] externalTorqueState;
    private StateInterfaceHandle[] commandedPositionState;
    private CommandInterfaceHandle[] positionCommand;
    private CommandInterfaceHandle[] effortCommand;
    private CommandInterfaceHandle[] wrenchCommand;
    private CommandInterfaceHandle[] poseCommand;
    private StateInterfaceHandle[] poseState;
    private final StateInterfaceHandle[] status = new StateInterfaceHandle[FriStatus.values().length];
    private double[] minPosition;
    private double[] maxPosition;
    private double[] maxTorque;

    // wire
    private FriGate gate;
    private FriCommandWriter writer;
    private final byte[] commandBytes = new byte[FriCommandWriter.MAX_LENGTH];
    private final byte[] controlBytes = new byte[FriCommandWriter.MAX_LENGTH];

    // the robot's last accepted message, copied out of the reader (a refused datagram after it overwrites the reader)
    private final double[] measured = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] measuredTorque = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] externalTorque = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] commanded = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] ipo = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] measuredPose = new double[FriMonitorReader.POSE_ELEMENTS];
    private boolean poseMeasured;
    private FriSessionState sessionState;
    private int quality;
    private long robotSequence;
    private long receiveMultiplier = 1;
    private FriCommandMode robotCommandMode;

    // session
    private volatile UdpEndpoint endpoint;
    private volatile boolean active;
    private volatile InetSocketAddress robotAddress;
    private final double[] heldPosition = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] heldTorque = new double[FriMonitorReader.MAX_JOINTS];
    private final double[] heldWrench = new double[6];
    private final double[] heldPose = new double[FriMonitorReader.POSE_ELEMENTS];
    private final double[] commandedPose = new double[FriMonitorReader.POSE_ELEMENTS];
    private boolean poseCommanded;
    private CartesianCheck poseCheck;
    /** seconds between two answers: the robot's send period times the receive multiplier */
    private double answerPeriod;
    private volatile HeldReason heldReason = HeldReason.NONE;
    /** {@code held} when this session started: the deactivation line counts this session's */
    private long heldAtActivation;
    private final boolean[] positionCommanded = new boolean[FriMonitorReader.MAX_JOINTS];
    private long clientSequence;
    private long sinceLastSend;
    private boolean replyPending;
    private FriSessionState leftIn;

    // counters (loop thread while active)
    private long sent;
    private long timeouts;
    private long held;
    private long drainLimits;

    // timing of the last exchange, for the turnaround benchmark
    private long lastReceiveNanos;
    private long lastSendNanos;

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        clearFailure();
        this.context = context;
        List<ComponentInfo> list = context.info().joints();
        try {
            if (list.size() != LbrIiwa14.JOINTS) {
                throw new IllegalArgumentException("an LBR under FRI has 7 joints, '" + context.info().name()
                        + "' declares " + list.size());
            }
            joints = list.size();
            settings = FriDriverSettings.from(context.info(), joints);
            bindJoints(list);
            bindExtras();
            gate = new FriGate(settings.version(), settings.controllerIp());
            writer = new FriCommandWriter(settings.version());
            poseCheck = new CartesianCheck(LbrIiwa14.REACH, settings.maxCartesianVelocity(),
                    settings.maxCartesianAngularVelocity());
            return CallbackReturn.SUCCESS;
        } catch (IllegalArgumentException e) {
            return fail(CallbackReturn.ERROR, Fault.CONFIGURATION, e.getMessage());
        }
    }

    private void bindJoints(List<ComponentInfo> list) {
        positionState = new StateInterfaceHandle[joints];
        positionCommand = new CommandInterfaceHandle[joints];
        effortState = new StateInterfaceHandle[joints];
        externalTorqueState = new StateInterfaceHandle[joints];
        commandedPositionState = new StateInterfaceHandle[joints];
        effortCommand = new CommandInterfaceHandle[joints];
        minPosition = new double[joints];
        maxPosition = new double[joints];
        maxTorque = new double[joints];
        boolean torqueMode = settings.controlMode() == FriControlMode.JOINT_TORQUE_CONTROL;
        for (int i = 0; i < joints; i++) {
            ComponentInfo joint = list.get(i);
            String position = joint.name() + "/position";
            if (!context.hasStateInterface(position) || !context.hasCommandInterface(position)) {
                throw new IllegalArgumentException("FRI joint '" + joint.name()
                        + "' needs a position command interface and a position state interface");
            }
            positionState[i] = context.state(position);
            positionCommand[i] = context.command(position);
            String effort = joint.name() + "/effort";
            if (torqueMode && !context.hasCommandInterface(effort)) {
                throw new IllegalArgumentException("control_mode " + settings.controlMode().number + " (joint torque)"
                        + " needs an effort command interface on joint '" + joint.name() + "'");
            }
            effortCommand[i] = context.hasCommandInterface(effort) ? context.command(effort) : null;
            effortState[i] = state(effort, "effort");
            externalTorqueState[i] = state(joint.name() + "/external_torque", "external_torque");
            commandedPositionState[i] = state(joint.name() + "/commanded_position", "commanded_position");
            // the tighter of the URDF's command limits and the iiwa 14's
            double limit = LbrIiwa14.positionLimit(i);
            InterfaceInfo command = joint.commandInterfaces().stream().filter(c -> c.name().equals("position"))
                    .findFirst().orElse(null);
            minPosition[i] = command == null ? -limit : Math.max(-limit, command.min());
            maxPosition[i] = command == null ? limit : Math.min(limit, command.max());
            maxTorque[i] = LbrIiwa14.torqueLimit(i);
        }
    }

    private void bindExtras() {
        if (settings.controlMode() == FriControlMode.WRENCH_CONTROL) {
            wrenchCommand = new CommandInterfaceHandle[6];
            for (int k = 0; k < 6; k++) {
                String name = "wrench/" + WRENCH_NAMES[k];
                wrenchCommand[k] = context.hasCommandInterface(name) ? context.command(name)
                        : context.exportCommandInterface(name, InterfaceInfo.of(WRENCH_NAMES[k]));
            }
        }
        if (settings.version() == org.robocell.driver.kuka.fri.protocol.FriVersion.V2) {
            poseState = new StateInterfaceHandle[POSE_NAMES.length];
            for (int k = 0; k < POSE_NAMES.length; k++) {
                poseState[k] = state(CARTESIAN_PREFIX + POSE_NAMES[k] + "/position", "position");
            }
        }
        if (settings.controlMode() == FriControlMode.CARTESIAN_POSITION_CONTROL) {
            poseCommand = new CommandInterfaceHandle[POSE_NAMES.length];
            for (int k = 0; k < POSE_NAMES.length; k++) {
                String name = CARTESIAN_PREFIX + POSE_NAMES[k] + "/position";
                poseCommand[k] = context.hasCommandInterface(name) ? context.command(name)
                        : context.exportCommandInterface(name, InterfaceInfo.of("position"));
            }
        }
        for (FriStatus s : FriStatus.values()) {
            status[s.ordinal()] = state(settings.statusPrefix() + "/" + s.interfaceName(), s.interfaceName());
        }
    }

    /** The handle of a state interface the URDF lists, or of one exported now when it does not. */
    private StateInterfaceHandle state(String full, String name) {
        return context.hasStateInterface(full) ? context.state(full)
                : context.exportStateInterface(full, InterfaceInfo.of(name));
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearFailure();
        closeEndpoint();
        InetSocketAddress bind = new InetSocketAddress(settings.clientIp(), settings.clientPort());
        try {
            endpoint = UdpEndpoint.open(bind, DATAGRAM_CAPACITY);
        } catch (IOException | RuntimeException e) {
            return fail(CallbackReturn.FAILURE, Fault.COMMUNICATION_FAILED, "cannot open the FRI port "
                    + bind.getAddress().getHostAddress() + ":" + settings.clientPort() + ": " + e);
        }
        sent = 0;
        clientSequence = 0;
        timeouts = 0;
        held = 0;
        drainLimits = 0;
        setStatus(FriStatus.LISTEN_PORT, endpoint.localPort());
        setStatus(FriStatus.ACTIVE, 0);
        publishCounters();
        LOG.log(Level.INFO, "{0}: FRI {1} client on {2}:{3}, control_mode {4}", context.info().name(),
                settings.version(), settings.clientIp().getHostAddress(), String.valueOf(endpoint.localPort()),
                settings.controlMode().number);
        return CallbackReturn.SUCCESS;
    }

    /**
     * Answers the robot's monitoring messages as the KUKA client SDK does (the commanded, then the interpolated
     * joint position) until its session is in COMMANDING_ACTIVE, then holds the measured position and lets the loop
     * answer from the next message on.
     */
    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        clearFailure();
        UdpEndpoint socket = endpoint;
        if (socket == null) {
            return fail(CallbackReturn.FAILURE, Fault.NONE, "activate before configure");
        }
        // whatever queued while nobody answered is history
        socket.drain();
        gate.startSession();
        robotAddress = null;
        leftIn = null;
        // the client's sequence counter goes on from the last session: the robot's session may have stayed open
        // and takes only newer ones
        sinceLastSend = 0;
        long deadline = System.nanoTime() + settings.activateTimeoutNanos();
        FriSessionState seen = null;
        while (true) {
            UdpEndpoint.Received r = socket.receive(deadline);
            if (r == UdpEndpoint.Received.FAILED) {
                return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED,
                        "the FRI socket failed while waiting for the robot: " + socket.failure());
            }
            if (r == UdpEndpoint.Received.TIMED_OUT) {
                publishCounters();
                String from = settings.controllerIp() == null ? "the robot controller"
                        : settings.controllerIp().getHostAddress();
                return fail(CallbackReturn.FAILURE, Fault.COMMUNICATION_TIMEOUT, seen == null
                        ? "no FRI monitoring message from " + from + " on port " + socket.localPort() + " within "
                                + settings.activateTimeoutNanos() / 1_000_000 + " ms; is the FRI session open?"
                                + refusedSoFar()
                        : "the FRI session of " + robotAddress + " did not reach COMMANDING_ACTIVE within "
                                + settings.activateTimeoutNanos() / 1_000_000 + " ms: it is in " + seen
                                + " with connection quality " + qualityName()
                                + " (does the robot application start an FRI overlay?)");
            }
            if (gate.offer(socket.data(), socket.length(), socket.source()) != FriGate.Verdict.ACCEPTED) {
                continue;
            }
            take();
            robotAddress = gate.robot();
            seen = sessionState;
            String mismatch = mismatch();
            if (mismatch != null) {
                return fail(CallbackReturn.FAILURE, Fault.CONFIGURATION, mismatch);
            }
            if (sessionState == FriSessionState.COMMANDING_ACTIVE) {
                break;
            }
            // the SDK's defaults: echo the commanded position while monitoring, the interpolated one while waiting
            double[] echo = sessionState == FriSessionState.COMMANDING_WAIT || settings.version()
                    == org.robocell.driver.kuka.fri.protocol.FriVersion.V2 ? ipo : commanded;
            System.arraycopy(echo, 0, heldPosition, 0, joints);
            if (poseMeasured) {
                System.arraycopy(measuredPose, 0, heldPose, 0, heldPose.length);
            }
            Arrays.fill(heldTorque, 0.0);
            Arrays.fill(heldWrench, 0.0);
            if (sessionState != FriSessionState.IDLE && due() && !sendFromControl()) {
                return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED, "cannot answer the robot at "
                        + robotAddress + ": " + socket.failure());
            }
        }
        // every activation starts from the measured state: the loop's controllers restart from it, the robot holds
        if (poseCommand != null) {
            if (!poseMeasured) {
                return fail(CallbackReturn.FAILURE, Fault.NO_MEASURED_STATE, "the robot at " + robotAddress
                        + " sends no measured Cartesian pose (FRI 2.x monitorData.measuredCartesianPose), control_mode"
                        + " 5 (cartesian_position_control) starts from it");
            }
            System.arraycopy(measuredPose, 0, heldPose, 0, heldPose.length);
            poseCommanded = false;
            for (CommandInterfaceHandle h : poseCommand) {
                h.set(Double.NaN);
            }
        }
        answerPeriod = Math.max(1, gate.reader.sendPeriodMs()) * 1e-3 * receiveMultiplier;
        heldReason = HeldReason.NONE;
        heldAtActivation = held;
        setStatus(FriStatus.HELD_REASON, 0);
        for (int i = 0; i < joints; i++) {
            if (!Double.isFinite(measured[i])) {
                return fail(CallbackReturn.FAILURE, Fault.NO_MEASURED_STATE, "the robot reports joint "
                        + (i + 1) + " at " + measured[i] + " rad");
            }
            heldPosition[i] = measured[i];
            positionCommanded[i] = false;
            positionCommand[i].set(Double.NaN);
            if (effortCommand[i] != null) {
                effortCommand[i].set(Double.NaN);
            }
        }
        Arrays.fill(heldTorque, 0.0);
        Arrays.fill(heldWrench, 0.0);
        if (wrenchCommand != null) {
            for (CommandInterfaceHandle w : wrenchCommand) {
                w.set(Double.NaN);
            }
        }
        publishState();
        if (due() && !sendFromControl()) {
            return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED, "cannot answer the robot at "
                    + robotAddress + ": " + socket.failure());
        }
        replyPending = false;
        publishCounters();
        setStatus(FriStatus.ACTIVE, 1);
        LOG.log(Level.INFO, "{0}: FRI session with {1} commanding ({2}), start joints {3} rad", context.info().name(),
                robotAddress, robotCommandMode, Arrays.toString(Arrays.copyOf(measured, joints)));
        active = true;
        return CallbackReturn.SUCCESS;
    }

    /** Why the robot's session cannot be the one configured, or null. */
    private String mismatch() {
        FriMonitorReader r = gate.reader;
        if (r.numberOfJoints() != 0 && r.numberOfJoints() != joints) {
            return "the robot at " + robotAddress + " has " + r.numberOfJoints() + " joints, '"
                    + context.info().name() + "' declares " + joints;
        }
        if (r.measuredPositionCount() != joints) {
            return "the robot at " + robotAddress + " sends " + r.measuredPositionCount()
                    + " measured joint positions, expected " + joints;
        }
        FriCommandMode needed = settings.controlMode().commandMode;
        if (robotCommandMode != FriCommandMode.NO_COMMAND_MODE && robotCommandMode != needed) {
            return "the robot application at " + robotAddress + " runs client command mode " + robotCommandMode
                    + ", control_mode " + settings.controlMode().number + " (" + settings.controlMode().name()
                    .toLowerCase(java.util.Locale.ROOT) + ") needs " + needed;
        }
        if (settings.receiveMultiplier() != receiveMultiplier) {
            return "the robot at " + robotAddress + " runs receive multiplier " + receiveMultiplier
                    + ", parameter receive_multiplier is " + settings.receiveMultiplier();
        }
        long period = r.sendPeriodMs();
        if (settings.sendPeriodMs() != 0 && period != 0 && period != settings.sendPeriodMs()) {
            return "the robot at " + robotAddress + " sends every " + period + " ms, parameter send_period_ms is "
                    + settings.sendPeriodMs();
        }
        return null;
    }

    private String refusedSoFar() {
        StringBuilder s = new StringBuilder();
        if (gate.foreign() > 0) {
            s.append("; ").append(gate.foreign()).append(" datagrams from other senders than controller_ip");
        }
        if (gate.malformed() > 0) {
            s.append("; ").append(gate.malformed()).append(" malformed (last: ").append(gate.lastRefusal())
                    .append(")");
        }
        return s.toString();
    }

    /** Copies the accepted message out of the reader. */
    private void take() {
        FriMonitorReader r = gate.reader;
        for (int i = 0; i < joints; i++) {
            measured[i] = r.measuredPosition(i);
            measuredTorque[i] = i < r.measuredTorqueCount() ? r.measuredTorque(i) : 0.0;
            externalTorque[i] = i < r.externalTorqueCount() ? r.externalTorque(i) : 0.0;
            commanded[i] = i < r.commandedPositionCount() ? r.commandedPosition(i) : r.measuredPosition(i);
            ipo[i] = i < r.ipoPositionCount() ? r.ipoPosition(i) : r.measuredPosition(i);
        }
        poseMeasured = r.measuredPoseCount() == FriMonitorReader.POSE_ELEMENTS;
        for (int k = 0; k < measuredPose.length; k++) {
            measuredPose[k] = poseMeasured ? r.measuredPose(k) : Double.NaN;
        }
        sessionState = r.sessionState();
        quality = r.quality().ordinal();
        robotSequence = r.sequenceCounter();
        receiveMultiplier = Math.max(1, r.receiveMultiplier());
        robotCommandMode = r.clientCommandMode();
        replyPending = true;
    }

    private String qualityName() {
        return org.robocell.driver.kuka.fri.protocol.FriConnectionQuality.of(quality).name();
    }

    /** The SDK's rule: answer every {@code receiveMultiplier}-th message received. */
    private boolean due() {
        if (++sinceLastSend >= receiveMultiplier) {
            sinceLastSend = 0;
            return true;
        }
        return false;
    }

    private boolean sendFromControl() {
        int n = encode(controlBytes);
        if (endpoint.sendFromControl(controlBytes, n, robotAddress) == UdpEndpoint.Sent.SENT) {
            sent++;
            return true;
        }
        return false;
    }

    private int encode(byte[] out) {
        FriCommandMode mode = settings.controlMode().commandMode;
        if (mode == FriCommandMode.CARTESIAN_POSE && sessionState != null && sessionState.commanding()) {
            // the held pose: the measured one while waiting (the SDK sends the interpolator's, where the arm stands
            // then), the last valid command while active
            return writer.writeCartesianPose(clientSequence++, robotSequence, heldPose, out);
        }
        return writer.write(clientSequence++, robotSequence, heldPosition,
                mode == FriCommandMode.TORQUE ? heldTorque : null, mode == FriCommandMode.WRENCH ? heldWrench : null,
                joints, out);
    }

    /** Stops answering: the robot stops the overlay when the replies stop, and holds. */
    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        clearFailure();
        if (active) {
            active = false;
            if (held > heldAtActivation) {
                LOG.log(Level.WARNING, "{0}: {1} commands held while commanding, the last because {2}",
                        context.info().name(), held - heldAtActivation, heldReason.line);
            }
            LOG.log(Level.INFO, "{0}: FRI commanding ends; the robot at {1} stops the overlay and holds",
                    context.info().name(), robotAddress);
        }
        setStatus(FriStatus.ACTIVE, 0);
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        clearFailure();
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        return onCleanup(previous);
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        return onCleanup(previous);
    }

    private void closeEndpoint() {
        UdpEndpoint socket = endpoint;
        endpoint = null;
        if (socket != null) {
            socket.close();
        }
    }

    /**
     * Blocks until the robot's next monitoring message and publishes it. Whatever the {@link FriGate} refuses is
     * counted and skipped while the wait goes on, never past the receive timeout. A session that left
     * COMMANDING_ACTIVE answers ERROR. Inactive, it only paces the loop.
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
        long deadline = System.nanoTime() + settings.receiveTimeoutNanos();
        while (true) {
            UdpEndpoint.Received r = socket.receive(deadline);
            if (r == UdpEndpoint.Received.DATAGRAM) {
                if (gate.offer(socket.data(), socket.length(), socket.source()) == FriGate.Verdict.ACCEPTED) {
                    lastReceiveNanos = System.nanoTime();
                    take();
                    break;
                }
                if (System.nanoTime() - deadline < 0) {
                    continue;
                }
                r = UdpEndpoint.Received.TIMED_OUT;
            }
            if (r == UdpEndpoint.Received.TIMED_OUT) {
                timeouts++;
            }
            publishCounters();
            return failLoop(
                    r == UdpEndpoint.Received.TIMED_OUT ? LoopFailure.SILENT_ROBOT : LoopFailure.SOCKET_FAILED);
        }
        drainNewest(socket);
        publishState();
        publishCounters();
        if (sessionState != FriSessionState.COMMANDING_ACTIVE) {
            leftIn = sessionState;
            return failLoop(LoopFailure.LEFT_COMMANDING);
        }
        return ReturnType.OK;
    }

    /** A backlog means the loop fell behind: answer the newest of the robot's messages. */
    private void drainNewest(UdpEndpoint socket) {
        for (int k = 0; k < MAX_DRAIN_PER_READ; k++) {
            if (socket.poll() != UdpEndpoint.Received.DATAGRAM) {
                return;
            }
            if (gate.offer(socket.data(), socket.length(), socket.source()) == FriGate.Verdict.ACCEPTED) {
                lastReceiveNanos = System.nanoTime();
                take();
            }
        }
        drainLimits++;
    }

    /**
     * Answers the message read last, when it is due. A command that is NaN, infinite or beyond the joint's limits
     * never reaches the wire: the last valid one is sent again and counted as held.
     */
    @Override
    public ReturnType write(double time, double period) {
        if (!active || !replyPending) {
            return ReturnType.OK;
        }
        replyPending = false;
        for (int i = 0; i < joints; i++) {
            double q = positionCommand[i].get();
            if (q >= minPosition[i] && q <= maxPosition[i]) {
                heldPosition[i] = q;
                positionCommanded[i] = true;
            } else if (!Double.isNaN(q) || positionCommanded[i]) {
                // NaN before any controller wrote a value means "nobody commands this joint yet": hold silently
                hold(Double.isFinite(q) ? HeldReason.BEYOND_JOINT_LIMIT : HeldReason.NOT_FINITE);
            }
            if (effortCommand[i] != null && settings.controlMode() == FriControlMode.JOINT_TORQUE_CONTROL) {
                double t = effortCommand[i].get();
                if (Math.abs(t) <= maxTorque[i]) {
                    heldTorque[i] = t;
                } else if (!Double.isNaN(t)) {
                    hold(Double.isFinite(t) ? HeldReason.BEYOND_TORQUE_LIMIT : HeldReason.NOT_FINITE);
                }
            }
        }
        if (wrenchCommand != null) {
            for (int k = 0; k < 6; k++) {
                double w = wrenchCommand[k].get();
                if (Double.isFinite(w)) {
                    heldWrench[k] = w;
                } else if (!Double.isNaN(w)) {
                    hold(HeldReason.NOT_FINITE);
                }
            }
        }
        if (poseCommand != null) {
            takePose();
        }
        if (!due()) {
            return ReturnType.OK;
        }
        int n = encode(commandBytes);
        UdpEndpoint socket = endpoint;
        if (socket == null) {
            return failLoop(LoopFailure.SOCKET_CLOSED);
        }
        if (socket.send(commandBytes, n, robotAddress) != UdpEndpoint.Sent.SENT) {
            return failLoop(LoopFailure.SOCKET_FAILED);
        }
        sent++;
        lastSendNanos = System.nanoTime();
        setStatus(FriStatus.SENT_COMMANDS, sent);
        setStatus(FriStatus.HELD_COMMANDS, held);
        return ReturnType.OK;
    }

    /**
     * A pose goes to the wire when the {@link CartesianCheck} passes it; seven NaN before any controller wrote one
     * mean nobody commands the pose yet, and the held pose goes out silently.
     */
    private void takePose() {
        boolean untouched = !poseCommanded;
        for (int k = 0; k < commandedPose.length; k++) {
            double v = poseCommand[k].get();
            commandedPose[k] = v;
            untouched &= Double.isNaN(v);
        }
        if (untouched) {
            return;
        }
        HeldReason why = HeldReason.of(poseCheck.checkPose(commandedPose, heldPose, answerPeriod));
        if (why == HeldReason.NONE) {
            System.arraycopy(commandedPose, 0, heldPose, 0, heldPose.length);
            poseCommanded = true;
        } else {
            hold(why);
        }
    }

    private void hold(HeldReason why) {
        held++;
        if (heldReason != why) {
            heldReason = why;
            setStatus(FriStatus.HELD_REASON, why.number);
        }
    }

    /** Why the loop last held a command since activation ({@link HeldReason#NONE}: never). */
    HeldReason heldReason() {
        return heldReason;
    }

    /**
     * FRI fixes the client command mode for the whole overlay (kuka_drivers: "cannot be changed in active state"):
     * controllers may take over the interfaces of {@code control_mode}, never others.
     */
    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        String wanted = settings.controlMode().jointInterface;
        boolean cartesian = settings.controlMode() == FriControlMode.CARTESIAN_POSITION_CONTROL;
        for (String name : start) {
            String suffix = name.substring(name.lastIndexOf('/') + 1);
            boolean wrench = name.startsWith("wrench/");
            boolean pose = name.startsWith(CARTESIAN_PREFIX);
            boolean allowed = wrench ? settings.controlMode() == FriControlMode.WRENCH_CONTROL
                    : pose || cartesian ? pose && cartesian
                    : suffix.equals("position") || suffix.equals(wanted);
            if (!allowed) {
                callbackFault = Fault.CONFIGURATION;
                callbackError = "FRI cannot command '" + name + "': the robot's client command mode is fixed"
                        + " while commanding, and control_mode " + settings.controlMode().number + " ("
                        + settings.controlMode().name().toLowerCase(java.util.Locale.ROOT) + ") commands "
                        + (cartesian ? "the Cartesian pose " + CARTESIAN_PREFIX + "x/position .. " + CARTESIAN_PREFIX
                                + "qz/position" : wanted == null ? "position and wrench"
                                : wanted.equals("position") ? "position" : "position and " + wanted);
                return ReturnType.ERROR;
            }
        }
        return ReturnType.OK;
    }

    private void publishState() {
        for (int i = 0; i < joints; i++) {
            positionState[i].set(measured[i]);
            effortState[i].set(measuredTorque[i]);
            externalTorqueState[i].set(externalTorque[i]);
            commandedPositionState[i].set(commanded[i]);
        }
        if (poseState != null) {
            for (int k = 0; k < poseState.length; k++) {
                poseState[k].set(measuredPose[k]);
            }
        }
        setStatus(FriStatus.SESSION_STATE, sessionState.ordinal());
        setStatus(FriStatus.CONNECTION_QUALITY, quality);
        setStatus(FriStatus.SEQUENCE_COUNTER, robotSequence);
    }

    private void publishCounters() {
        setStatus(FriStatus.RECEIVED_PACKETS, gate.accepted());
        setStatus(FriStatus.SENT_COMMANDS, sent);
        setStatus(FriStatus.FOREIGN_PACKETS, gate.foreign());
        setStatus(FriStatus.MALFORMED_PACKETS, gate.malformed());
        setStatus(FriStatus.STALE_PACKETS, gate.stale());
        setStatus(FriStatus.RECEIVE_TIMEOUTS, timeouts);
        setStatus(FriStatus.HELD_COMMANDS, held);
        setStatus(FriStatus.DRAIN_LIMITS, drainLimits);
    }

    private void setStatus(FriStatus s, double value) {
        status[s.ordinal()].set(value);
    }

    private void clearFailure() {
        callbackError = null;
        callbackFault = Fault.NONE;
        loopFailure = null;
    }

    private CallbackReturn fail(CallbackReturn result, Fault fault, String message) {
        callbackFault = fault;
        callbackError = message;
        LOG.log(Level.WARNING, "{0}: {1}", context == null ? "FRI" : context.info().name(), message);
        return result;
    }

    /** Real time: records a constant, words nothing. */
    private ReturnType failLoop(LoopFailure why) {
        loopFailure = why;
        return ReturnType.ERROR;
    }

    @Override
    public Fault fault() {
        LoopFailure f = loopFailure;
        return f != null ? f.fault : callbackFault;
    }

    @Override
    public String lastError() {
        LoopFailure f = loopFailure;
        if (f == null) {
            return callbackError;
        }
        return switch (f) {
            case SILENT_ROBOT -> "no FRI monitoring message from " + robotAddress + " for "
                    + settings.receiveTimeoutNanos() / 1_000_000 + " ms (" + timeouts + " receive timeouts)"
                    + refusedSoFar();
            case LEFT_COMMANDING -> "the robot at " + robotAddress + " left COMMANDING_ACTIVE: its FRI session is in "
                    + leftIn + " with connection quality " + qualityName()
                    + "; the overlay stopped and the robot holds";
            case SOCKET_FAILED -> "the FRI socket failed: " + (endpoint == null ? "closed" : endpoint.failure());
            case SOCKET_CLOSED -> "the FRI socket was closed under the loop";
        };
    }

    /** The FRI port listened on, -1 when not configured. Also the state interface {@code fri/listen_port}. */
    public int listenPort() {
        UdpEndpoint e = endpoint;
        return e == null ? -1 : e.localPort();
    }

    /** {@link System#nanoTime()} when {@code read} took the robot's message it answers. */
    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    /** {@link System#nanoTime()} when {@code write} last sent. */
    long lastSendNanos() {
        return lastSendNanos;
    }
}
