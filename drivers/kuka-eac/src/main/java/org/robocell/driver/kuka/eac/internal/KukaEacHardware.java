package org.robocell.driver.kuka.eac.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.robocell.driver.kuka.eac.protocol.CommandEvent;
import org.robocell.driver.kuka.eac.protocol.ControlMode;
import org.robocell.driver.kuka.eac.protocol.ControlSignalWriter;
import org.robocell.driver.kuka.eac.protocol.MotionStateReader;
import org.robocell.driver.udp.UdpEndpoint;

import io.grpc.StatusRuntimeException;

/**
 * KUKA iiQKA ExternalAPI.Control (KR C5 micro, LBR iisy): the gRPC control plane on lifecycle threads
 * ({@link ControlPlane}), the UDP real-time plane on the loop. {@code read()} takes the newest motion state from the
 * controller, {@code write()} answers it with the control signal that echoes its IPOC, both without allocating.
 * Every activation and every mode switch starts from the measured positions (in the Cartesian modes the flange pose
 * computed from them, {@link CartesianCommands}); commands that are NaN, infinite or beyond their interface's limits
 * (poses out of reach or too fast, {@code CartesianCheck}) are replaced by the last valid value; datagrams not from the controller or with
 * an IPOC that is not newer change nothing. Deactivation sends {@code stop_ipo}: the robot holds where it is.
 */
public final class KukaEacHardware implements HardwareComponent, ControlPlane.Listener {

    private static final System.Logger LOG = System.getLogger("org.robocell.driver.kuka.eac");
    /** kuka_drivers' defaults for the joint impedance attributes (hardware_interface.cpp on_init) */
    static final double DEFAULT_STIFFNESS = 30;
    static final double DEFAULT_DAMPING = 0.7;
    private static final int DRAIN_LIMIT = 32;
    /** one byte more than the largest motion state taken, so that a longer one shows as longer */
    static final int DATAGRAM_CAPACITY = 2049;
    /** a wait for a motion state looks at the socket again at least this often */
    private static final long LONGEST_WAIT_MILLIS = 5;

    private HardwareContext context;
    private EacDriverSettings settings;
    private int joints;
    private StateInterfaceHandle[] positionState;
    private StateInterfaceHandle[] effortState;
    private CommandInterfaceHandle[] positionCommand;
    private CommandInterfaceHandle[] velocityCommand;
    private CommandInterfaceHandle[] effortCommand;
    private CommandInterfaceHandle[] stiffnessCommand;
    private CommandInterfaceHandle[] dampingCommand;
    private double[] positionMin;
    private double[] positionMax;
    private final StateInterfaceHandle[] status = new StateInterfaceHandle[EacStatus.values().length];

    private UdpEndpoint endpoint;
    private ControlPlane controlPlane;
    private MotionStateReader reader;
    private ControlSignalWriter loopWriter;
    private ControlSignalWriter controlWriter;

    // loop state
    private double[] measuredPositions;
    private double[] measuredTorques;
    private double[] sendPositions;
    private double[] sendVelocities;
    private double[] sendTorques;
    private double[] sendStiffness;
    private double[] sendDamping;
    private boolean answerPending;
    private long pendingIpoc;
    private long lastIpoc = -1;
    private InetSocketAddress replyTo;
    private long messageId;
    /** System.nanoTime() when read() took the motion state answered next, and when write() sent the answer */
    private volatile long lastReceiveNanos;
    private volatile long lastSendNanos;

    // shared between the lifecycle threads, gRPC's event thread and the loop
    private volatile boolean active;
    private volatile boolean restartFromMeasured;
    /** the wrench command interfaces, {@code tcp/<component>/wrench}: force x, y, z (N), torque x, y, z (Nm) */
    static final String[] WRENCH_COMPONENTS = { "force.x", "force.y", "force.z", "torque.x", "torque.y", "torque.z" };
    private final CommandInterfaceHandle[] wrenchCommand = new CommandInterfaceHandle[6];
    private final double[] sendWrench = new double[6];
    private volatile ControlMode mode;
    private volatile ControlMode preparedMode;
    private volatile boolean stopRequested;
    private volatile boolean stopSent;
    private volatile int lastEvent;
    private volatile String lastEventMessage = "";
    private volatile boolean controllerEnded;
    private volatile long samplingEvents;
    private volatile long eventCount;
    private volatile LoopFailure loopFailure = LoopFailure.NONE;
    private volatile Fault fault = Fault.NONE;
    private volatile String lastError;

    // counters (written by the loop, read anywhere)
    private volatile long received;
    private volatile long sent;
    private volatile long stale;
    private volatile long malformed;
    private volatile long foreign;
    private volatile long oldIpoc;
    private volatile long receiveTimeouts;
    private volatile long held;
    private volatile HeldReason heldReason = HeldReason.NONE;
    /** the Cartesian interfaces and what the Cartesian modes send; null when the hardware has not six joints */
    private CartesianCommands cartesian;

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        this.context = context;
        try {
            settings = EacDriverSettings.from(context.info());
        } catch (IllegalArgumentException e) {
            return configurationError(e.getMessage());
        }
        List<ComponentInfo> js = context.info().joints();
        joints = js.size();
        if (joints == 0) {
            return configurationError("hardware '" + context.info().name() + "' declares no joints");
        }
        positionState = new StateInterfaceHandle[joints];
        effortState = new StateInterfaceHandle[joints];
        positionCommand = new CommandInterfaceHandle[joints];
        velocityCommand = new CommandInterfaceHandle[joints];
        effortCommand = new CommandInterfaceHandle[joints];
        stiffnessCommand = new CommandInterfaceHandle[joints];
        dampingCommand = new CommandInterfaceHandle[joints];
        positionMin = new double[joints];
        positionMax = new double[joints];
        for (int i = 0; i < joints; i++) {
            ComponentInfo j = js.get(i);
            String position = j.name() + "/position";
            if (!context.hasStateInterface(position) || !context.hasCommandInterface(position)) {
                return configurationError("hardware '" + context.info().name() + "' joint '" + j.name()
                        + "' needs a position command and state interface");
            }
            positionState[i] = context.state(position);
            positionCommand[i] = context.command(position);
            InterfaceInfo pc = j.commandInterface("position");
            positionMin[i] = pc == null ? Double.NEGATIVE_INFINITY : pc.min();
            positionMax[i] = pc == null ? Double.POSITIVE_INFINITY : pc.max();
            effortState[i] = state(j.name() + "/effort", "effort");
            velocityCommand[i] = command(j.name() + "/velocity", "velocity");
            effortCommand[i] = command(j.name() + "/effort", "effort");
            stiffnessCommand[i] = command(j.name() + "/stiffness", "stiffness");
            dampingCommand[i] = command(j.name() + "/damping", "damping");
        }
        for (int k = 0; k < 6; k++) {
            wrenchCommand[k] = command("tcp/" + WRENCH_COMPONENTS[k] + "/wrench", "wrench");
        }
        if (joints == 6) {
            cartesian = new CartesianCommands(settings.maxCartesianVelocity(), settings.maxCartesianAngularVelocity(),
                    0.004);
            for (int k = 0; k < 7; k++) {
                String n = CartesianCommands.PREFIX + CartesianCommands.POSE_AXES[k] + "/position";
                cartesian.measuredPoseState[k] = state(n, "position");
                cartesian.poseCommand[k] = command(n, "position");
            }
            for (int k = 0; k < 6; k++) {
                cartesian.twistCommand[k] = command(CartesianCommands.PREFIX + CartesianCommands.TWIST_AXES[k]
                        + "/velocity", "velocity");
                String a = CartesianCommands.PREFIX + CartesianCommands.IMPEDANCE_AXES[k];
                cartesian.stiffnessCommand[k] = command(a + "/stiffness", "stiffness");
                cartesian.dampingCommand[k] = command(a + "/damping", "damping");
            }
        }
        for (EacStatus s : EacStatus.values()) {
            status[s.ordinal()] = state(settings.statusPrefix() + "/" + s.interfaceName(), s.interfaceName());
        }
        reader = new MotionStateReader(joints);
        loopWriter = new ControlSignalWriter(joints);
        controlWriter = new ControlSignalWriter(joints);
        measuredPositions = new double[joints];
        measuredTorques = new double[joints];
        sendPositions = new double[joints];
        sendVelocities = new double[joints];
        sendTorques = new double[joints];
        sendStiffness = new double[joints];
        sendDamping = new double[joints];
        mode = settings.controlMode();
        return CallbackReturn.SUCCESS;
    }

    private StateInterfaceHandle state(String full, String name) {
        return context.hasStateInterface(full) ? context.state(full)
                : context.exportStateInterface(full, InterfaceInfo.of(name));
    }

    private CommandInterfaceHandle command(String full, String name) {
        return context.hasCommandInterface(full) ? context.command(full)
                : context.exportCommandInterface(full, InterfaceInfo.of(name));
    }

    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        clearFailure();
        try {
            endpoint = UdpEndpoint.open(new InetSocketAddress(settings.clientIp(), settings.clientPort()),
                    DATAGRAM_CAPACITY, 0, LONGEST_WAIT_MILLIS);
        } catch (IOException e) {
            return fail(Fault.COMMUNICATION_FAILED, CallbackReturn.FAILURE, "cannot bind the real-time socket "
                    + settings.clientIp().getHostAddress() + ":" + settings.clientPort() + " (client_ip, client_port): "
                    + e.getMessage());
        }
        status(EacStatus.CLIENT_PORT, endpoint.localPort());
        controlPlane = new ControlPlane(settings.controllerIp(), settings.controllerPort(),
                settings.connectionTimeoutMs());
        try {
            controlPlane.setQos(settings.qos());
        } catch (StatusRuntimeException e) {
            closeAll();
            return fail(Fault.COMMUNICATION_FAILED, CallbackReturn.FAILURE, "SetQoSProfile (" + settings.qos()
                    + ") at " + controller() + " failed: " + ControlPlane.describe(e));
        }
        long before = eventCount;
        controlPlane.observe(this);
        // the emulator answers a new observer with its current state: wait for it, so that the stream is surely
        // registered before OpenControlChannel (a controller that says nothing costs this short wait only)
        awaitCondition(() -> eventCount > before, 500);
        LOG.log(Level.INFO, "{0}: EAC to {1}, motion states on {2}:{3}, QoS {4}", name(), controller(),
                settings.clientIp().getHostAddress(), Integer.toString(endpoint.localPort()), settings.qos());
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        clearFailure();
        if (endpoint == null) {
            return fail(Fault.CALLBACK_FAILURE, CallbackReturn.FAILURE, "activate before configure");
        }
        endpoint.drain();
        controllerEnded = false;
        stopRequested = false;
        stopSent = false;
        answerPending = false;
        lastIpoc = -1;
        ControlMode m = mode;
        heldReason = HeldReason.NONE;
        if (cartesian != null) {
            try {
                cartesian.prepare();
            } catch (RuntimeException e) {
                return fail(Fault.CONFIGURATION, CallbackReturn.FAILURE, "the LBR iisy 3 R760 model for the Cartesian"
                        + " pose cannot be built: " + e.getMessage());
            }
        }
        try {
            controlPlane.open(m, settings.clientIp());
        } catch (StatusRuntimeException e) {
            return fail(Fault.COMMUNICATION_FAILED, CallbackReturn.FAILURE, "OpenControlChannel(" + m.modeName()
                    + ") at " + controller() + " refused: " + ControlPlane.describe(e));
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.activateTimeoutMs());
        while (true) {
            UdpEndpoint.Received r = endpoint.receive(deadline);
            if (r == UdpEndpoint.Received.TIMED_OUT) {
                return fail(Fault.COMMUNICATION_TIMEOUT, CallbackReturn.FAILURE, "no motion state from "
                        + settings.controllerIp().getHostAddress() + " on port " + endpoint.localPort() + " within "
                        + settings.activateTimeoutMs() + " ms of OpenControlChannel (activate_timeout_ms)");
            }
            if (r == UdpEndpoint.Received.FAILED) {
                return fail(Fault.COMMUNICATION_FAILED, CallbackReturn.FAILURE, "the real-time socket failed: "
                        + endpoint.failure());
            }
            if (!endpoint.source().getAddress().equals(settings.controllerIp())) {
                foreign++;
                continue;
            }
            if (!reader.read(endpoint.data(), 0, endpoint.length())) {
                malformed++;
                continue;
            }
            break;
        }
        // start from the measured state
        replyTo = endpoint.source();
        takeMeasured();
        holdMeasured();
        for (int i = 0; i < joints; i++) {
            sendStiffness[i] = finiteOr(stiffnessCommand[i].get(), DEFAULT_STIFFNESS);
            sendDamping[i] = finiteOr(dampingCommand[i].get(), DEFAULT_DAMPING);
        }
        lastIpoc = reader.ipoc;
        received++;
        int n = encode(controlWriter, reader.ipoc, false, m);
        if (endpoint.sendFromControl(controlWriter.buffer, n, replyTo) != UdpEndpoint.Sent.SENT) {
            return fail(Fault.COMMUNICATION_FAILED, CallbackReturn.FAILURE, "cannot answer the controller at "
                    + replyTo + ": " + endpoint.failure());
        }
        sent++;
        restartFromMeasured = false;
        active = true;
        LOG.log(Level.INFO, "{0}: external control in {1} from {2} rad", name(), m.modeName(),
                Arrays.toString(measuredPositions));
        return CallbackReturn.SUCCESS;
    }

    /**
     * Ends external control with {@code stop_ipo}: the robot holds where it is. The loop does not call the
     * component during a transition, so this thread answers the controller's next motion state with the stop itself
     * (or, if the loop read one and was stopped before answering it, that one at once), then waits for STOPPED.
     */
    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        if (!active) {
            return CallbackReturn.SUCCESS;
        }
        stopRequested = true;
        ControlMode m = mode;
        if (answerPending && !stopSent) {
            int n = encode(controlWriter, pendingIpoc, true, m);
            stopSent = endpoint.sendFromControl(controlWriter.buffer, n, replyTo) == UdpEndpoint.Sent.SENT;
        }
        long deadline = System.nanoTime() + 2 * settings.receiveTimeoutNanos();
        while (!controllerEnded && System.nanoTime() - deadline < 0) {
            UdpEndpoint.Received r = endpoint.receive(Math.min(deadline, System.nanoTime() + 10_000_000L));
            if (r == UdpEndpoint.Received.FAILED) {
                break;
            }
            if (r == UdpEndpoint.Received.DATAGRAM && endpoint.source().getAddress().equals(settings.controllerIp())
                    && reader.read(endpoint.data(), 0, endpoint.length()) && newer(reader.ipoc, lastIpoc)) {
                lastIpoc = reader.ipoc;
                int n = encode(controlWriter, reader.ipoc, true, m);
                stopSent |= endpoint.sendFromControl(controlWriter.buffer, n, endpoint.source())
                        == UdpEndpoint.Sent.SENT;
            }
        }
        active = false;
        answerPending = false;
        if (!controllerEnded) {
            LOG.log(Level.WARNING, "{0}: the controller did not confirm the stop within {1} ms (stop sent: {2})",
                    name(), 2 * settings.receiveTimeoutNanos() / 1_000_000L, stopSent);
        } else {
            LOG.log(Level.INFO, "{0}: external control ended ({1}); the robot holds", name(),
                    CommandEvent.ofNumber(lastEvent));
        }
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        active = false;
        closeAll();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        active = false;
        closeAll();
        return CallbackReturn.SUCCESS;
    }

    private void closeAll() {
        active = false;
        if (controlPlane != null) {
            controlPlane.close();
            controlPlane = null;
        }
        if (endpoint != null) {
            endpoint.close();
            endpoint = null;
        }
    }

    // ---- control plane events (gRPC thread)

    @Override
    public void onEvent(CommandEvent event, String message) {
        lastEventMessage = message;
        lastEvent = event.number();
        if (event == CommandEvent.SAMPLING) {
            samplingEvents++;
        }
        if (event == CommandEvent.STOPPED || event == CommandEvent.ERROR) {
            controllerEnded = true;
        }
        eventCount++;
        if (event == CommandEvent.ERROR) {
            LOG.log(Level.WARNING, "{0}: the controller ended external control: {1}", name(), message);
        }
    }

    @Override
    public void onStreamEnded(String why) {
        if (active) {
            LOG.log(Level.WARNING, "{0}: the controller''s event stream ended: {1}", name(), why);
        }
    }

    // ---- the loop

    @Override
    public ReturnType read(double time, double period) {
        publishStatus();
        if (!active) {
            answerPending = false;
            LockSupport.parkNanos(4_000_000L);
            return ReturnType.OK;
        }
        if (controllerEnded && !stopRequested) {
            return loopFail(LoopFailure.CONTROLLER_ENDED);
        }
        boolean got = false;
        long deadline = System.nanoTime() + settings.receiveTimeoutNanos();
        for (int looked = 0; looked < DRAIN_LIMIT; looked++) {
            UdpEndpoint.Received r = got ? endpoint.poll() : endpoint.receive(deadline);
            if (r == UdpEndpoint.Received.TIMED_OUT) {
                break;
            }
            if (r == UdpEndpoint.Received.FAILED) {
                return loopFail(LoopFailure.SOCKET);
            }
            if (!endpoint.source().getAddress().equals(settings.controllerIp())) {
                foreign++;
                continue;
            }
            if (!reader.read(endpoint.data(), 0, endpoint.length())) {
                malformed++;
                continue;
            }
            if (!newer(reader.ipoc, lastIpoc)) {
                oldIpoc++;
                continue;
            }
            if (got) {
                stale++;
            }
            got = true;
            lastReceiveNanos = System.nanoTime();
            lastIpoc = reader.ipoc;
            pendingIpoc = reader.ipoc;
            replyTo = endpoint.source();
            takeMeasured();
            received++;
        }
        if (!got) {
            answerPending = false;
            if (controllerEnded && !stopRequested) {
                return loopFail(LoopFailure.CONTROLLER_ENDED);
            }
            if (stopSent) {
                return ReturnType.OK;
            }
            receiveTimeouts++;
            return loopFail(LoopFailure.SILENT);
        }
        for (int i = 0; i < joints; i++) {
            positionState[i].set(measuredPositions[i]);
            effortState[i].set(measuredTorques[i]);
        }
        if (cartesian != null) {
            cartesian.measure(measuredPositions);
        }
        if (restartFromMeasured) {
            holdMeasured();
            restartFromMeasured = false;
        }
        answerPending = true;
        publishStatus();
        return ReturnType.OK;
    }

    @Override
    public ReturnType write(double time, double period) {
        if (!active || !answerPending || stopSent) {
            return ReturnType.OK;
        }
        answerPending = false;
        ControlMode m = mode;
        // only what the mode sends is read (and counted when held): the other interfaces may be unclaimed
        if (!m.isJointMode() && m != ControlMode.WRENCH) {
            HeldReason r = cartesian.take(m);
            if (r != HeldReason.NONE) {
                held++;
                heldReason = r;
            }
        }
        for (int i = 0; i < joints && (m.isJointMode() || m == ControlMode.WRENCH); i++) {
            if (m != ControlMode.JOINT_VELOCITY) {
                double p = positionCommand[i].get();
                if (Double.isFinite(p) && p >= positionMin[i] && p <= positionMax[i]) {
                    sendPositions[i] = p;
                } else {
                    held++;
                    heldReason = Double.isFinite(p) ? HeldReason.BEYOND_LIMIT : HeldReason.NOT_FINITE;
                }
            } else {
                sendVelocities[i] = finiteOrHeld(velocityCommand[i].get(), 0);
            }
            if (m == ControlMode.JOINT_TORQUE) {
                sendTorques[i] = finiteOrHeld(effortCommand[i].get(), sendTorques[i]);
            } else if (m == ControlMode.JOINT_IMPEDANCE) {
                sendStiffness[i] = finiteOrHeld(stiffnessCommand[i].get(), sendStiffness[i]);
                sendDamping[i] = finiteOrHeld(dampingCommand[i].get(), sendDamping[i]);
            }
        }
        if (m == ControlMode.WRENCH) {
            for (int k = 0; k < 6; k++) {
                sendWrench[k] = finiteOrHeld(wrenchCommand[k].get(), sendWrench[k]);
            }
        }
        boolean stop = stopRequested;
        int n = encode(loopWriter, pendingIpoc, stop, m);
        if (endpoint.send(loopWriter.buffer, n, replyTo) != UdpEndpoint.Sent.SENT) {
            return loopFail(LoopFailure.SOCKET);
        }
        lastSendNanos = System.nanoTime();
        sent++;
        if (stop) {
            stopSent = true;
        }
        return ReturnType.OK;
    }

    private double finiteOrHeld(double value, double last) {
        if (Double.isFinite(value)) {
            return value;
        }
        held++;
        heldReason = HeldReason.NOT_FINITE;
        return last;
    }

    private static double finiteOr(double value, double fallback) {
        return Double.isFinite(value) ? value : fallback;
    }

    /** The control signal of this mode into {@code w}: the fields kuka-external-control-sdk's client fills. */
    private int encode(ControlSignalWriter w, long ipoc, boolean stop, ControlMode m) {
        messageId = (messageId + 1) & 0xFFFF_FFFFL;
        boolean velocity = m == ControlMode.JOINT_VELOCITY;
        boolean pose = m == ControlMode.CARTESIAN_POSITION || m == ControlMode.CARTESIAN_IMPEDANCE;
        boolean twist = m == ControlMode.CARTESIAN_VELOCITY;
        boolean cartesianImpedance = m == ControlMode.CARTESIAN_IMPEDANCE;
        // the Cartesian modes carry no joint positions: the controller follows the flange
        return w.write(messageId, ipoc, stop, m.number(), !velocity && !pose && !twist, sendPositions, velocity,
                sendVelocities, m == ControlMode.JOINT_TORQUE, sendTorques, m == ControlMode.JOINT_IMPEDANCE,
                sendStiffness, sendDamping, m == ControlMode.WRENCH ? sendWrench : null,
                pose ? cartesian.sendPose : null, twist ? cartesian.sendTwist : null,
                cartesianImpedance ? cartesian.sendStiffness : null, cartesianImpedance ? cartesian.sendDamping : null);
    }

    private void takeMeasured() {
        System.arraycopy(reader.positions, 0, measuredPositions, 0, joints);
        if (reader.torqueCount == joints) {
            System.arraycopy(reader.torques, 0, measuredTorques, 0, joints);
        }
    }

    /** Commands := the measured state: positions measured, velocities 0, torques measured, wrench 0. */
    private void holdMeasured() {
        for (int i = 0; i < joints; i++) {
            sendPositions[i] = measuredPositions[i];
            sendVelocities[i] = 0;
            sendTorques[i] = measuredTorques[i];
            positionCommand[i].set(measuredPositions[i]);
            velocityCommand[i].set(0);
            effortCommand[i].set(measuredTorques[i]);
            positionState[i].set(measuredPositions[i]);
            effortState[i].set(measuredTorques[i]);
        }
        // no wrench measured: the robot starts without a force of the client's
        for (int k = 0; k < 6; k++) {
            sendWrench[k] = 0;
            wrenchCommand[k].set(0);
        }
        if (cartesian != null) {
            cartesian.measure(measuredPositions);
            cartesian.restartFromMeasured();
        }
    }

    /** uint32 IPOCs: newer when ahead by less than half the range (wraps around). */
    static boolean newer(long ipoc, long last) {
        if (last < 0) {
            return true;
        }
        long ahead = (ipoc - last) & 0xFFFF_FFFFL;
        return ahead != 0 && ahead < 0x8000_0000L;
    }

    private void publishStatus() {
        status(EacStatus.RECEIVED_PACKETS, received);
        status(EacStatus.SENT_REPLIES, sent);
        status(EacStatus.STALE_PACKETS, stale);
        status(EacStatus.MALFORMED_PACKETS, malformed);
        status(EacStatus.FOREIGN_PACKETS, foreign);
        status(EacStatus.OLD_IPOC_PACKETS, oldIpoc);
        status(EacStatus.RECEIVE_TIMEOUTS, receiveTimeouts);
        status(EacStatus.HELD_COMMANDS, held);
        status(EacStatus.HELD_REASON, heldReason.number);
        status(EacStatus.SERVER_STATE, lastEvent);
        status(EacStatus.CONTROL_MODE, mode.number());
        status(EacStatus.IPOC, lastIpoc);
        status(EacStatus.ACTIVE, active ? 1 : 0);
    }

    private void status(EacStatus s, double value) {
        StateInterfaceHandle h = status[s.ordinal()];
        if (h != null) {
            h.set(value);
        }
    }

    // ---- control modes

    /**
     * The EAC mode of the command interfaces the new controllers claim: effort = joint torque, stiffness or damping
     * = joint impedance, velocity = joint velocity, position = joint position, wrench = wrench; under
     * {@code dummy_cart_joint/}: position = Cartesian position, with stiffness or damping Cartesian impedance,
     * velocity = Cartesian velocity. Anything else, or joint and Cartesian interfaces at once, is refused.
     */
    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        if (start.isEmpty()) {
            preparedMode = null;
            return ReturnType.OK;
        }
        boolean effort = false;
        boolean impedance = false;
        boolean velocity = false;
        boolean position = false;
        boolean wrench = false;
        boolean cartesianPose = false;
        boolean cartesianImpedance = false;
        boolean cartesianVelocity = false;
        for (String s : start) {
            if (s.startsWith(CartesianCommands.PREFIX)) {
                if (cartesian == null) {
                    lastError = name() + ": cannot command " + s + ": the Cartesian modes need the LBR iisy 3 R760's"
                            + " six joints, this hardware has " + joints;
                    fault = Fault.CONFIGURATION;
                    return ReturnType.ERROR;
                }
                if (s.endsWith("/position")) {
                    cartesianPose = true;
                } else if (s.endsWith("/velocity")) {
                    cartesianVelocity = true;
                } else if (s.endsWith("/stiffness") || s.endsWith("/damping")) {
                    cartesianImpedance = true;
                }
            } else if (s.endsWith("/wrench")) {
                wrench = true;
            } else if (s.endsWith("/effort")) {
                effort = true;
            } else if (s.endsWith("/stiffness") || s.endsWith("/damping")) {
                impedance = true;
            } else if (s.endsWith("/velocity")) {
                velocity = true;
            } else if (s.endsWith("/position")) {
                position = true;
            } else {
                lastError = name() + ": cannot command " + s + ": this driver runs the joint modes (position, velocity,"
                        + " effort, stiffness/damping interfaces), wrench (tcp/force.x/wrench ..) and the Cartesian"
                        + " modes (dummy_cart_joint/x/position .., dummy_cart_joint/x/velocity ..)";
                fault = Fault.CONFIGURATION;
                return ReturnType.ERROR;
            }
        }
        boolean joint = wrench || effort || impedance || velocity || position;
        boolean anyCartesian = cartesianPose || cartesianImpedance || cartesianVelocity;
        if (anyCartesian && (joint || cartesianVelocity && (cartesianPose || cartesianImpedance))) {
            lastError = name() + ": cannot command " + start + " at once: one control mode at a time (joint or wrench"
                    + " interfaces, the Cartesian pose, or the Cartesian twist)";
            fault = Fault.CONFIGURATION;
            return ReturnType.ERROR;
        }
        if (anyCartesian) {
            preparedMode = cartesianVelocity ? ControlMode.CARTESIAN_VELOCITY
                    : cartesianImpedance ? ControlMode.CARTESIAN_IMPEDANCE : ControlMode.CARTESIAN_POSITION;
            return ReturnType.OK;
        }
        preparedMode = wrench ? ControlMode.WRENCH : effort ? ControlMode.JOINT_TORQUE : impedance ? ControlMode.JOINT_IMPEDANCE
                : velocity ? ControlMode.JOINT_VELOCITY : position ? ControlMode.JOINT_POSITION : null;
        return ReturnType.OK;
    }

    /** Real time: the next control signal asks the controller for the prepared mode; commands restart from the state. */
    @Override
    public ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        ControlMode next = preparedMode;
        if (next != null && next != mode) {
            mode = next;
            // at once, from the last motion state read: a switch between read() and write() must not send the
            // commands (a Cartesian pose) left from before; and again from the next motion state
            if (active && received > 0) {
                holdMeasured();
            }
            restartFromMeasured = true;
        }
        preparedMode = null;
        return ReturnType.OK;
    }

    // ---- failures

    private ReturnType loopFail(LoopFailure f) {
        loopFailure = f;
        fault = f.fault;
        return ReturnType.ERROR;
    }

    private void clearFailure() {
        loopFailure = LoopFailure.NONE;
        fault = Fault.NONE;
        lastError = null;
    }

    private CallbackReturn configurationError(String message) {
        return fail(Fault.CONFIGURATION, CallbackReturn.ERROR, message);
    }

    private CallbackReturn fail(Fault f, CallbackReturn r, String message) {
        fault = f;
        lastError = message;
        LOG.log(Level.WARNING, "{0}: {1}", context == null ? "EAC" : name(), message);
        return r;
    }

    @Override
    public Fault fault() {
        return fault;
    }

    @Override
    public String lastError() {
        LoopFailure f = loopFailure;
        return switch (f) {
            case NONE -> lastError;
            case SILENT -> name() + ": no motion state from " + settings.controllerIp().getHostAddress() + " within "
                    + settings.receiveTimeoutNanos() / 1_000_000L + " ms (receive_timeout_ms); refused meanwhile: "
                    + foreign + " foreign, " + malformed + " malformed, " + oldIpoc + " old IPOC";
            case SOCKET -> name() + ": the real-time socket failed: "
                    + (endpoint == null ? "closed" : endpoint.failure());
            case CONTROLLER_ENDED -> name() + ": the controller ended external control with "
                    + CommandEvent.ofNumber(lastEvent) + ": " + lastEventMessage;
        };
    }

    // ---- for tests and the shell

    int clientPort() {
        return endpoint == null ? -1 : endpoint.localPort();
    }

    ControlMode mode() {
        return mode;
    }

    /** For the turnaround benchmark: when read() took the last motion state answered. */
    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    /** For the turnaround benchmark: when write() handed the last control signal to the kernel. */
    long lastSendNanos() {
        return lastSendNanos;
    }

    CommandEvent lastEvent() {
        return CommandEvent.ofNumber(lastEvent);
    }

    boolean controllerEnded() {
        return controllerEnded;
    }

    long counter(EacStatus s) {
        return switch (s) {
            case RECEIVED_PACKETS -> received;
            case SENT_REPLIES -> sent;
            case STALE_PACKETS -> stale;
            case MALFORMED_PACKETS -> malformed;
            case FOREIGN_PACKETS -> foreign;
            case OLD_IPOC_PACKETS -> oldIpoc;
            case RECEIVE_TIMEOUTS -> receiveTimeouts;
            case HELD_COMMANDS -> held;
            case HELD_REASON -> heldReason.number;
            default -> throw new IllegalArgumentException(s + " is not a counter");
        };
    }

    private String name() {
        return context.info().name();
    }

    private String controller() {
        return settings.controllerIp().getHostAddress() + ":" + settings.controllerPort();
    }

    private static void awaitCondition(java.util.function.BooleanSupplier condition, long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!condition.getAsBoolean() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(1_000_000L);
        }
    }
}
