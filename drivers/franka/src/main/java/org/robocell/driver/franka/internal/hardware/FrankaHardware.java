package org.robocell.driver.franka.internal.hardware;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
import org.robocell.driver.franka.control.CartesianPoseCommandShaper;
import org.robocell.driver.franka.control.CartesianVelocityCommandShaper;
import org.robocell.driver.franka.control.FlightLog;
import org.robocell.driver.franka.control.FlightLogWriter;
import org.robocell.driver.franka.control.FlightRecorder;
import org.robocell.driver.franka.control.FrankaControlException;
import org.robocell.driver.franka.control.FrankaLimits;
import org.robocell.driver.franka.control.JointPositionCommandShaper;
import org.robocell.driver.franka.control.JointVelocityCommandShaper;
import org.robocell.driver.franka.control.PacketLossTracker;
import org.robocell.driver.franka.control.ShapingResult;
import org.robocell.driver.franka.control.TorqueCommandShaper;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciProtocolException;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * A Franka FR3 on FCI as a system component, franka_ros2's {@code franka_hardware/FrankaHardwareInterface}: seven
 * joints with {@code position}, {@code velocity} and {@code effort} state interfaces and the command interfaces
 * the URDF lists ({@code position}, {@code velocity} or {@code effort}, each one FCI control mode), plus the
 * robot's mode, success rate, time and packet counters under the arm id ({@code fr3/robot_mode}).
 * <p>
 * The robot owns the cycle: it sends a state every millisecond; a thread of the driver receives them into a
 * wait-free slot ({@link StateSlot}) and {@link #read} takes the newest, waiting for it when it has not come yet
 * (run the robot on {@code clock=hardware}). {@link #write} answers that state, with its message id, when a motion
 * runs. The TCP command channel (Connect, Move and its two responses, StopMove, error recovery) is used off the
 * loop only: in the lifecycle callbacks and {@link #prepareCommandModeSwitch}.
 * <p>
 * A motion the robot aborts (a reflex, 20 commands lost) fails {@code read} with the robot's errors by libfranka's
 * names; the flight recorder's last states and commands are written to {@code flight_log} and error handling takes
 * the component to UNCONFIGURED; configuring it again runs the robot's automatic error recovery.
 */
public final class FrankaHardware implements HardwareComponent {

    private static final System.Logger LOG = System.getLogger(FrankaHardware.class.getName());
    static final int JOINTS = 7;
    /** How often an inactive component without a session paces the loop. */
    private static final long UNCONNECTED_READ_PERIOD_NANOS = 1_000_000;
    /** The robot's cycle: it sends a state every millisecond and takes the answer to it until its next cycle. */
    private static final long ROBOT_CYCLE_NANOS = 1_000_000;
    /**
     * An answer that goes out later than this after its state arrived is likely to reach the robot after its next
     * cycle (a lost command): 250 µs leave the datagram's way there and the robot's own jitter.
     */
    static final long ANSWER_BY_NANOS = ROBOT_CYCLE_NANOS - 250_000;
    /** After a late answer, the next read takes only a state that arrived at least this long after it. */
    static final long RESYNC_NANOS = ROBOT_CYCLE_NANOS - ANSWER_BY_NANOS;

    private final DriverHost host;
    /** withdraws the component's FrankaRobot service; set from onInit to shutdown */
    private Runnable withdraw;
    private HardwareContext context;
    private FrankaDriverSettings settings;
    private String name = "franka";

    // handles
    private final StateInterfaceHandle[] positionState = new StateInterfaceHandle[JOINTS];
    private final StateInterfaceHandle[] velocityState = new StateInterfaceHandle[JOINTS];
    private final StateInterfaceHandle[] effortState = new StateInterfaceHandle[JOINTS];
    private final CommandInterfaceHandle[][] commands = new CommandInterfaceHandle[ControlMode.values().length][];
    private final StateInterfaceHandle[] status = new StateInterfaceHandle[FrankaStatus.values().length];
    private String[] jointNames;
    private CartesianInterfaces cartesian;
    private RobotStateInterfaces robotState;
    /** null when {@code robot_model} is false */
    private RobotModelInterfaces robotModel;

    // session (lifecycle thread; the loop reads the volatile ones)
    private volatile CommandChannel channel;
    private DatagramChannel udp;
    private StateReceiver receiver;
    private final StateSlot slot = new StateSlot();
    private volatile ProtocolVersion version;
    private volatile boolean active;
    /** the robot's running motion, null when none: set off the loop, read by the loop */
    private volatile CommandChannel.MoveHandle motion;
    private volatile ControlMode motionMode = ControlMode.NONE;
    /** the driver itself is ending the motion: its final kPreempted is no failure */
    private volatile boolean stopping;
    /** someone asked the robot to stop (FrankaRobot.stop): the motion's kPreempted is what they asked for */
    private volatile boolean stopRequested;
    /** the mode the claimed interfaces ask for, decided in prepare, taken by perform */
    private volatile ControlMode preparedMode = ControlMode.NONE;
    /** whether the claimed interfaces include the elbow (with a Cartesian mode), decided in prepare */
    private volatile boolean preparedElbow;
    private final Set<String> claimed = new HashSet<>();

    // loop
    private ControlMode commandMode = ControlMode.NONE;
    private boolean commandElbow;
    private boolean answerPending;
    private boolean startFromMeasured;
    private final MeasuredState measured = new MeasuredState();
    private final SentCommand sent = new SentCommand();
    private final double[] input = new double[JOINTS];
    private final ByteBuffer out = ByteBuffer.allocateDirect(512).order(ByteOrder.LITTLE_ENDIAN);
    private JointPositionCommandShaper positionShaper;
    private JointVelocityCommandShaper velocityShaper;
    private TorqueCommandShaper torqueShaper;
    private CartesianPoseCommandShaper poseShaper;
    private CartesianVelocityCommandShaper twistShaper;
    private CartesianCommandGuard guard;
    private final PacketLossTracker loss = new PacketLossTracker();
    private long phaseShifts;
    /** When the last late answer went out ({@link System#nanoTime()}), 0 when the last answer was in time. */
    private long lateAnswerAt;
    private final FlightRecorder recorder = new FlightRecorder();
    private volatile RobotMode robotMode = RobotMode.OTHER;
    private long sentCommands;
    private long timeouts;
    private int cyclesAwaitingErrors;
    /** How long a motion answered kReflexAborted may go on without the robot's errors in its state. */
    private static final int MAX_CYCLES_AWAITING_ERRORS = 100;

    // failure
    private volatile LoopFailure loopFailure;
    private volatile String callbackError;
    private volatile Fault callbackFault = Fault.NONE;
    private final boolean[] abortErrors = new boolean[FrankaError.COUNT];
    private MoveStatus abortStatus;
    private int refusedJoint = -1;
    private ControlMode refusedMode;
    private double refusedValue;
    private String shapingRefusal;
    private volatile String failureLine;

    /** A component outside a framework: no FrankaRobot service (unit tests). */
    FrankaHardware() {
        this(DriverHost.NONE);
    }

    FrankaHardware(DriverHost host) {
        this.host = host;
    }

    // -------------------------------------------------------------------------------------------- lifecycle

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        beginCallback();
        this.context = context;
        this.name = context.info().name();
        try {
            List<ComponentInfo> joints = context.info().joints();
            if (joints.size() != JOINTS) {
                throw new IllegalArgumentException("a Franka arm has 7 joints, '" + name + "' declares "
                        + joints.size());
            }
            settings = FrankaDriverSettings.from(context.info());
            jointNames = new String[JOINTS];
            for (ControlMode m : ControlMode.values()) {
                if (m.joint()) {
                    commands[m.ordinal()] = new CommandInterfaceHandle[JOINTS];
                }
            }
            for (int i = 0; i < JOINTS; i++) {
                String joint = joints.get(i).name();
                jointNames[i] = joint;
                positionState[i] = stateInterface(joint + "/position", "position");
                velocityState[i] = stateInterface(joint + "/velocity", "velocity");
                effortState[i] = stateInterface(joint + "/effort", "effort");
                for (ControlMode m : ControlMode.values()) {
                    String full = !m.joint() ? null : joint + "/" + m.interfaceName;
                    if (full != null && context.hasCommandInterface(full)) {
                        commands[m.ordinal()][i] = context.command(full);
                    }
                }
            }
            for (ControlMode m : ControlMode.values()) {
                CommandInterfaceHandle[] h = commands[m.ordinal()];
                if (h == null || !m.joint()) {
                    continue;
                }
                int listed = 0;
                for (CommandInterfaceHandle c : h) {
                    listed += c == null ? 0 : 1;
                }
                if (listed != 0 && listed != JOINTS) {
                    throw new IllegalArgumentException("'" + name + "' lists the " + m.interfaceName + " command"
                            + " interface for " + listed + " of its 7 joints; FCI commands all 7 or none");
                }
                if (listed == 0) {
                    commands[m.ordinal()] = null;
                }
            }
            cartesian = CartesianInterfaces.find(context);
            commands[ControlMode.CARTESIAN_POSE.ordinal()] = cartesian.pose;
            commands[ControlMode.CARTESIAN_VELOCITY.ordinal()] = cartesian.twist;
            for (FrankaStatus s : FrankaStatus.values()) {
                status[s.ordinal()] = stateInterface(settings.armId() + "/" + s.interfaceName, s.interfaceName);
            }
            robotState = new RobotStateInterfaces(settings.armId(), this::stateInterface);
            robotModel = settings.robotModel() ? new RobotModelInterfaces(settings.armId(), this::stateInterface)
                    : null;
            FrankaLimits limits = FrankaLimits.FR3;
            positionShaper = new JointPositionCommandShaper(limits, settings.shaping());
            velocityShaper = new JointVelocityCommandShaper(limits, settings.shaping());
            torqueShaper = new TorqueCommandShaper(limits, settings.shaping());
            poseShaper = new CartesianPoseCommandShaper(limits, settings.shaping());
            twistShaper = new CartesianVelocityCommandShaper(limits, settings.shaping());
            guard = new CartesianCommandGuard(limits);
            withdraw = host.announce(this);
            return CallbackReturn.SUCCESS;
        } catch (IllegalArgumentException e) {
            return fail(CallbackReturn.ERROR, Fault.CONFIGURATION, e.getMessage());
        }
    }

    private StateInterfaceHandle stateInterface(String full, String shortName) {
        return context.hasStateInterface(full) ? context.state(full)
                : context.exportStateInterface(full, InterfaceInfo.of(shortName));
    }

    /**
     * Connects: the TCP command channel, Connect with the protocol version (with {@code protocol_version=auto}, 10
     * and then the version the robot answers), the first state on the UDP socket (from the robot's address only),
     * then the receiving thread. A robot that reports errors is recovered (AutomaticErrorRecovery).
     */
    @Override
    public CallbackReturn onConfigure(LifecycleState previous) {
        beginCallback();
        closeSession();
        InetSocketAddress robot;
        try {
            robot = new InetSocketAddress(InetAddress.getByName(settings.robotIp()), settings.commandPort());
        } catch (IOException e) {
            return fail(CallbackReturn.FAILURE, Fault.CONFIGURATION, FrankaDriverSettings.ROBOT_IP + "='"
                    + settings.robotIp() + "' is not a known host: " + e.getMessage());
        }
        try {
            udp = DatagramChannel.open();
            udp.bind(new InetSocketAddress(0));
            int udpPort = ((InetSocketAddress) udp.getLocalAddress()).getPort();
            ProtocolVersion v = settings.firstVersion();
            long deadline = System.nanoTime() + settings.connectTimeoutMs() * 1_000_000L;
            FciResponse r = connect(robot, v, udpPort, deadline);
            if (r.status() != ConnectStatus.SUCCESS && settings.protocol() == null
                    && ProtocolVersion.of(r.version()).isPresent() && r.version() != v.number()) {
                // auto: the robot said which version it speaks, and it is one of ours
                v = ProtocolVersion.of(r.version()).get();
                channel.close();
                r = connect(robot, v, udpPort, deadline);
            }
            if (r.status() != ConnectStatus.SUCCESS) {
                closeSession();
                return fail(CallbackReturn.FAILURE, Fault.CONFIGURATION, "the robot at " + robot + " refused"
                        + " Connect with " + r.status().wireName() + ": it speaks FCI v" + r.version()
                        + ", this driver " + (settings.protocol() == null ? "7 and 10" : settings.protocol())
                        + " (" + FrankaDriverSettings.PROTOCOL_VERSION + ")");
            }
            version = v;
            RobotState first = firstState(robot.getAddress());
            slot.writeBuffer().copyFrom(first);
            slot.publish();
            receiver = new StateReceiver(udp, v, slot, first.messageId(), name);
            receiver.start();
            robotMode = first.robotMode();
            LOG.log(Level.INFO, "{0}: connected to the FR3 at {1} over FCI v{2}, robot mode {3}", name, robot,
                    String.valueOf(v.number()), first.robotMode());
            if (first.robotMode() == RobotMode.REFLEX || any(first.errors())) {
                recover(first);
            }
        } catch (IOException | RuntimeException e) {
            closeSession();
            return fail(CallbackReturn.FAILURE, Fault.COMMUNICATION_FAILED, "cannot connect to the FR3 at "
                    + robot + ": " + e.getMessage());
        }
        claimed.clear();
        preparedMode = ControlMode.NONE;
        preparedElbow = false;
        for (FrankaStatus st : FrankaStatus.values()) {
            publish(st, 0);
        }
        publish(FrankaStatus.ROBOT_MODE, robotMode.ordinal());
        return CallbackReturn.SUCCESS;
    }

    /**
     * Opens the command channel and sends Connect. A robot that refuses the connection (its FCI not up yet, an
     * emulator starting with the cell) or is still busy with the connection just closed (it serves one client at a
     * time and closes a second connection at once) is tried again until the deadline.
     */
    private FciResponse connect(InetSocketAddress robot, ProtocolVersion v, int udpPort, long deadline)
            throws IOException {
        while (true) {
            int left = (int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            try {
                channel = CommandChannel.open(robot, v, left);
            } catch (java.net.ConnectException e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new IOException("connection refused (is FCI enabled in Desk?)", e);
                }
                LockSupport.parkNanos(50_000_000);
                continue;
            }
            try {
                return channel.request(new FciRequest.Connect(v.number(), udpPort), left);
            } catch (IOException e) {
                channel.close();
                if (System.nanoTime() - deadline >= 0 || channel.closedBecause() == null) {
                    throw e;
                }
                LockSupport.parkNanos(20_000_000);
            }
        }
    }

    /** The first state: from the robot's address (anything else is skipped), then the socket is connected to it. */
    private RobotState firstState(InetAddress robotAddress) throws IOException {
        udp.configureBlocking(false);
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        RobotState first = new RobotState();
        long deadline = System.nanoTime() + settings.connectTimeoutMs() * 1_000_000L;
        while (System.nanoTime() - deadline < 0) {
            b.clear();
            SocketAddress from = udp.receive(b);
            if (from == null) {
                LockSupport.parkNanos(100_000);
                continue;
            }
            if (!((InetSocketAddress) from).getAddress().equals(robotAddress)) {
                continue;
            }
            b.flip();
            try {
                first.readFrom(b, version);
            } catch (FciProtocolException e) {
                LOG.log(Level.WARNING, "{0}: {1}", name, e.getMessage());
                continue;
            }
            udp.connect(from);
            udp.configureBlocking(true);
            return first;
        }
        throw new IOException("no robot state from " + robotAddress.getHostAddress() + " within "
                + settings.connectTimeoutMs() + " ms after Connect (is a firewall dropping UDP to port "
                + ((InetSocketAddress) udp.getLocalAddress()).getPort() + "?)");
    }

    private void recover(RobotState state) throws IOException {
        LOG.log(Level.WARNING, "{0}: the robot reports {1} (robot mode {2}); running automatic error recovery",
                name, FrankaError.describe(state.errors()), state.robotMode());
        FciResponse r = channel.request(new FciRequest.Empty(Command.AUTOMATIC_ERROR_RECOVERY),
                settings.moveTimeoutMs());
        if (!r.status().success()) {
            throw new IOException("automatic error recovery answered " + r.status().wireName());
        }
        LOG.log(Level.INFO, "{0}: automatic error recovery done", name);
    }

    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        beginCallback();
        if (channel == null || channel.closedBecause() != null) {
            return fail(CallbackReturn.ERROR, Fault.COMMUNICATION_FAILED, channel == null ? "activate before"
                    + " configure" : channel.closedBecause());
        }
        loss.reset();
        lateAnswerAt = 0;
        recorder.clear();
        loopFailure = null;
        failureLine = null;
        cyclesAwaitingErrors = 0;
        active = true;
        // controllers activated on the inactive component (the robot lifecycle's order: controllers first, then the
        // hardware) claimed a mode that no motion runs yet: it starts now, from the measured state
        ControlMode prepared = preparedMode;
        if (prepared != ControlMode.NONE && motion == null) {
            String failed = startMotion(prepared);
            if (failed != null) {
                active = false;
                return fail(CallbackReturn.ERROR, Fault.ROBOT_STOPPED, failed);
            }
            startFromMeasured = true;
        }
        return CallbackReturn.SUCCESS;
    }

    /** Ends the motion (StopMove): the robot holds where it is. */
    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
        beginCallback();
        stopMotion();
        active = false;
        claimed.clear();
        preparedMode = ControlMode.NONE;
        preparedElbow = false;
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        beginCallback();
        stopMotion();
        active = false;
        closeSession();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        beginCallback();
        stopMotion();
        active = false;
        closeSession();
        Runnable w = withdraw;
        withdraw = null;
        if (w != null) {
            w.run();
        }
        return CallbackReturn.SUCCESS;
    }

    /**
     * After a failure: one line with the robot's errors by libfranka's names, the flight log written, the motion
     * stopped and the session closed. Configure and activate again to go on (configure recovers the robot).
     */
    @Override
    public CallbackReturn onError(LifecycleState previous) {
        String line = describeLoopFailure();
        if (line != null) {
            failureLine = line;
            // the robot vanishing while the runtime stops (its emulator stopped first) is part of the shutdown
            LOG.log(host.stopping() ? Level.DEBUG : stoppedOnRequest() ? Level.INFO : Level.ERROR, "{0}: {1}", name,
                    line);
        }
        stopMotion();
        active = false;
        closeSession();
        return CallbackReturn.SUCCESS;
    }

    private void closeSession() {
        StateReceiver r = receiver;
        receiver = null;
        if (r != null) {
            r.stop();
        }
        CommandChannel c = channel;
        channel = null;
        if (c != null) {
            c.close();
        }
        if (udp != null) {
            try {
                udp.close();
            } catch (IOException e) {
                // closing anyway
            }
            udp = null;
        }
        motion = null;
        motionMode = ControlMode.NONE;
        while (slot.take()) {
            // a state of the closed session must not be taken as the next one's
        }
    }

    // ------------------------------------------------------------------------------------- mode switches

    /**
     * Off the loop: the interfaces claimed after the switch must be one of FCI's modes (all seven positions, all
     * seven velocities or all seven efforts, or nothing). A change of mode ends the running motion (StopMove) and
     * starts the new one (Move, waiting for kMotionStarted); until the switch is performed the driver answers the
     * robot with its own last commanded values, so the new motion starts where the robot is.
     */
    @Override
    public ReturnType prepareCommandModeSwitch(List<String> start, List<String> stop) {
        beginCallback();
        Set<String> after = new HashSet<>(claimed);
        after.removeAll(stop);
        after.addAll(start);
        ControlMode mode;
        boolean elbow;
        try {
            mode = modeOf(after);
            elbow = elbowClaimed(after);
        } catch (IllegalArgumentException e) {
            fail(CallbackReturn.ERROR, Fault.CONFIGURATION, e.getMessage());
            return ReturnType.ERROR;
        }
        if (active && mode != motionMode) {
            stopMotion();
            if (mode != ControlMode.NONE) {
                String failed = startMotion(mode);
                if (failed != null) {
                    fail(CallbackReturn.ERROR, Fault.ROBOT_STOPPED, failed);
                    return ReturnType.ERROR;
                }
            }
        }
        claimed.clear();
        claimed.addAll(after);
        preparedMode = mode;
        preparedElbow = elbow;
        return ReturnType.OK;
    }

    /**
     * The one FCI mode the claimed interfaces ask for: all seven joints of one of position, velocity or effort, or
     * the whole Cartesian pose or Cartesian velocity (with or without the whole elbow). franka_ros2 runs one of
     * them at a time (effort with a Cartesian motion generator is no combination its hardware interface offers).
     */
    private ControlMode modeOf(Set<String> interfaces) {
        if (interfaces.isEmpty()) {
            return ControlMode.NONE;
        }
        List<String> kinds = new ArrayList<>();
        ControlMode mode = null;
        int count = 0;
        int elbows = 0;
        for (String full : interfaces) {
            String kind = cartesian.kindOf(full);
            if (CartesianInterfaces.ELBOW.equals(kind)) {
                elbows++;
                continue;
            }
            ControlMode m = kind != null ? (kind.equals(CartesianInterfaces.POSE) ? ControlMode.CARTESIAN_POSE
                    : ControlMode.CARTESIAN_VELOCITY) : jointMode(full);
            if (m == null) {
                throw new IllegalArgumentException(full + " is not a command interface of '" + name + "'");
            }
            if (!kinds.contains(m.interfaceName)) {
                kinds.add(m.interfaceName);
            }
            mode = m;
            count++;
        }
        if (kinds.size() > 1) {
            throw new IllegalArgumentException("'" + name + "' cannot take " + String.join(" and ", kinds)
                    + " commands at once: FCI runs one of joint position, joint velocity, effort, Cartesian pose or"
                    + " Cartesian velocity");
        }
        if (mode == null) {
            throw new IllegalArgumentException("'" + name + "' cannot take " + CartesianInterfaces.ELBOW + " alone:"
                    + " the elbow is commanded with " + CartesianInterfaces.POSE + " or "
                    + CartesianInterfaces.VELOCITY);
        }
        if (count != mode.count) {
            throw new IllegalArgumentException("'" + name + "' needs the " + mode.interfaceName + " command"
                    + (mode.joint() ? " of all 7 joints" : "s, all " + mode.count + ",") + " claimed together, got "
                    + count + " " + interfaces);
        }
        if (elbows != 0 && elbows != 2) {
            throw new IllegalArgumentException("'" + name + "' needs both " + CartesianInterfaces.ELBOW
                    + " interfaces (joint_3_position, joint_4_sign) claimed together, got " + elbows);
        }
        return mode;
    }

    private ControlMode jointMode(String full) {
        int slash = full.lastIndexOf('/');
        String joint = full.substring(0, Math.max(0, slash));
        for (String j : jointNames) {
            if (j.equals(joint)) {
                return ControlMode.ofJointInterface(full.substring(slash + 1));
            }
        }
        return null;
    }

    private boolean elbowClaimed(Set<String> interfaces) {
        for (String full : interfaces) {
            if (CartesianInterfaces.ELBOW.equals(cartesian.kindOf(full))) {
                return true;
            }
        }
        return false;
    }

    /** Sends the Move for {@code mode} and waits for kMotionStarted; null when started, else why not. */
    private String startMotion(ControlMode mode) {
        CommandChannel c = channel;
        if (c == null) {
            return "not connected";
        }
        try {
            stopRequested = false;
            FciRequest.Move move = mode.move(settings.cartesianController());
            CommandChannel.MoveHandle h = c.move(move);
            cyclesAwaitingErrors = 0;
            motionMode = mode;
            motion = h;
            FciResponse first = c.await(h.started, Command.MOVE, h.id, settings.moveTimeoutMs());
            if (first.status() != MoveStatus.MOTION_STARTED) {
                motion = null;
                motionMode = ControlMode.NONE;
                return "the robot refused the " + mode.interfaceName + " motion (Move " + move.controllerMode()
                        + "/" + move.motionGeneratorMode() + "): " + first.status().wireName()
                        + (robotMode == RobotMode.REFLEX ? " (robot mode Reflex: configure again to recover)" : "");
            }
            LOG.log(Level.INFO, "{0}: {1} motion started", name, mode.interfaceName);
            return null;
        } catch (IOException e) {
            motion = null;
            motionMode = ControlMode.NONE;
            return "cannot start the " + mode.interfaceName + " motion: " + e.getMessage();
        }
    }

    /** StopMove for a running motion, waiting (bounded) for its final response: the robot then holds. */
    private void stopMotion() {
        CommandChannel.MoveHandle h = motion;
        CommandChannel c = channel;
        if (h == null) {
            return;
        }
        stopping = true;
        try {
            if (c != null && h.finalStatus() == null && !h.connectionLost) {
                try {
                    FciResponse r = c.request(new FciRequest.Empty(Command.STOP_MOVE), settings.moveTimeoutMs());
                    c.await(h.finished, Command.MOVE, h.id, settings.moveTimeoutMs());
                    LOG.log(Level.INFO, "{0}: {1} motion stopped ({2}), the robot holds", name,
                            motionMode.interfaceName, r.status().wireName());
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "{0}: StopMove: {1}", name, e.getMessage());
                }
            }
        } finally {
            motion = null;
            motionMode = ControlMode.NONE;
            stopping = false;
        }
    }

    /** Real time: the switch takes effect; the new mode's commands start from the measured state. */
    @Override
    public ReturnType performCommandModeSwitch(List<String> start, List<String> stop) {
        commandMode = preparedMode;
        commandElbow = preparedElbow;
        startFromMeasured = true;
        return ReturnType.OK;
    }

    // ---------------------------------------------------------------------------------------------- loop

    /**
     * Takes the newest state, waiting up to {@code receive_timeout_ms} for one newer than the last; publishes it
     * and checks whether the robot aborted the running motion.
     */
    @Override
    public ReturnType read(double time, double period) {
        StateReceiver r = receiver;
        if (r == null) {
            LockSupport.parkNanos(UNCONNECTED_READ_PERIOD_NANOS);
            return ReturnType.OK;
        }
        long now = System.nanoTime();
        long deadline = now + settings.receiveTimeoutMs() * 1_000_000L;
        if (!slot.awaitNewer(deadline)) {
            timeouts++;
            publish(FrankaStatus.RECEIVE_TIMEOUTS, timeouts);
            return failLoop(LoopFailure.SILENT_ROBOT);
        }
        if (lateAnswerAt != 0) {
            awaitAnswerableState(deadline);
        }
        RobotState s = slot.current();
        loss.offer(s.messageId(), System.nanoTime());
        measured.copyFrom(s);
        robotMode = s.robotMode();
        for (int i = 0; i < JOINTS; i++) {
            positionState[i].set(measured.q[i]);
            velocityState[i].set(measured.dq[i]);
            effortState[i].set(measured.tauJ[i]);
        }
        cartesian.publish(measured.oTEE, measured.elbow);
        robotState.publish(s);
        if (robotModel != null) {
            robotModel.publish(s);
        }
        publish(FrankaStatus.ROBOT_MODE, s.robotMode().ordinal());
        publish(FrankaStatus.SUCCESS_RATE, s.controlCommandSuccessRate());
        publish(FrankaStatus.TIME, s.messageId() * 1e-3);
        publish(FrankaStatus.LOST_STATES, loss.lost());
        publish(FrankaStatus.STALE_STATES, r.stale());
        publish(FrankaStatus.SENT_COMMANDS, sentCommands);
        answerPending = true;
        CommandChannel.MoveHandle m = motion;
        if (m == null) {
            return ReturnType.OK;
        }
        if (s.robotMode() == RobotMode.REFLEX || any(s.errors())) {
            System.arraycopy(s.errors(), 0, abortErrors, 0, FrankaError.COUNT);
            abortStatus = m.finalStatus();
            recorder.record(measured, null);
            return failLoop(LoopFailure.REFLEX);
        }
        MoveStatus end = m.finalStatus();
        if (end != null && !stopping) {
            // kReflexAborted comes over TCP; the state with the robot's errors may come a few cycles later
            if (end == MoveStatus.REFLEX_ABORTED && ++cyclesAwaitingErrors < MAX_CYCLES_AWAITING_ERRORS) {
                return ReturnType.OK;
            }
            abortStatus = end;
            return failLoop(LoopFailure.MOTION_ENDED);
        }
        if (m.connectionLost) {
            return failLoop(LoopFailure.CONNECTION_LOST);
        }
        return ReturnType.OK;
    }

    /**
     * Answers the state read, with its message id, while a motion runs on the robot: the claimed interfaces'
     * commands (NaN: not commanded yet, hold) through libfranka's filter, rate limiter and NaN check; a command
     * outside the FR3's limits or refused by a check is not sent and fails the component.
     */
    @Override
    public ReturnType write(double time, double period) {
        if (!answerPending) {
            return ReturnType.OK;
        }
        answerPending = false;
        CommandChannel.MoveHandle m = motion;
        ControlMode mode = motionMode;
        if (m == null || mode == ControlMode.NONE || robotMode != RobotMode.MOVE || m.finalStatus() != null) {
            return ReturnType.OK;
        }
        boolean claimedNow = commandMode == mode;
        CommandInterfaceHandle[] handles = commands[mode.ordinal()];
        if (claimedNow && startFromMeasured) {
            startFromMeasured = false;
            startFrom(mode, handles);
        }
        RobotState s = answerable();
        sent.command.clear();
        sent.command.messageId = s.messageId();
        ShapingResult result;
        if (mode.cartesian()) {
            result = shapeCartesian(mode, claimedNow && handles != null);
        } else {
            for (int i = 0; i < JOINTS; i++) {
                double v = claimedNow && handles != null ? handles[i].get() : Double.NaN;
                input[i] = Double.isNaN(v) ? hold(mode, i) : v;
            }
            int joint = Fr3Range.outside(mode, input);
            if (joint >= 0) {
                refusedJoint = joint;
                refusedMode = mode;
                refusedValue = input[joint];
                return failLoop(LoopFailure.COMMAND_OUT_OF_RANGE);
            }
            result = switch (mode) {
                case JOINT_VELOCITY -> velocityShaper.shape(input, measured.commanded, sent.command.dqC);
                case EFFORT -> torqueShaper.shape(input, measured.commanded, sent.command.tauJD);
                default -> positionShaper.shape(input, measured.commanded, sent.command.qC);
            };
        }
        if (!result.accepted()) {
            refusedMode = mode;
            return failLoop(LoopFailure.COMMAND_REFUSED);
        }
        try {
            sent.command.writeTo(out);
            DatagramChannel socket = udp;
            if (socket == null) {
                return failLoop(LoopFailure.SEND_FAILED);
            }
            socket.write(out);
        } catch (IOException | RuntimeException e) {
            return failLoop(LoopFailure.SEND_FAILED);
        }
        sentCommands++;
        recorder.record(measured, sent);
        return ReturnType.OK;
    }

    /**
     * The state this cycle's command answers: the one read (the commands were computed from it). Never waits. An
     * answer that goes out late is remembered: the next read waits for a state it can answer in time
     * ({@link #awaitAnswerableState}).
     */
    private RobotState answerable() {
        long now = System.nanoTime();
        if (now - slot.currentArrival() > ANSWER_BY_NANOS) {
            lateAnswerAt = now;
        }
        return slot.current();
    }

    /**
     * After a late answer (the state was read long before the command went out): waits, as a read waits for the
     * robot, until the state taken arrived at least {@link #RESYNC_NANOS} after that answer, so that this cycle's
     * answer goes out in time. In a loop whose reads wait for two arms with their own clocks, the arm whose state
     * comes first was answered late every cycle when the phases lined up so; waiting here moves the loop onto the
     * other arm's phase, where both answers are in time. Costs one cycle without an answer, once. A robot that does
     * not send such a state within a robot cycle more (not cycling at its rate) is not waited for longer.
     */
    private void awaitAnswerableState(long deadline) {
        long after = lateAnswerAt + RESYNC_NANOS;
        long bound = Math.min(deadline, after + ROBOT_CYCLE_NANOS);
        lateAnswerAt = 0;
        boolean waited = false;
        while (slot.currentArrival() - after < 0) {
            if (!slot.awaitNewer(bound)) {
                return;
            }
            waited = true;
        }
        if (waited) {
            publish(FrankaStatus.PHASE_SHIFTS, ++phaseShifts);
        }
    }

    /** When the state the loop read last arrived ({@link System#nanoTime()}); for tests. */
    long stateArrivedAt() {
        return slot.currentArrival();
    }

    /** The robot's own last commanded value of joint {@code i}: what holding means in {@code mode}. */
    private double hold(ControlMode mode, int i) {
        return mode == ControlMode.JOINT_POSITION ? measured.commanded.qD()[i] : 0.0;
    }

    /**
     * A Cartesian mode's command through the guard (a bad command is held at the last good one, counted, and
     * its first of a run logged) and libfranka's pipeline; the elbow rides along when claimed. Until the switch
     * is performed the robot's own last commanded pose ({@code O_T_EE_c}) or a zero twist is sent.
     */
    private ShapingResult shapeCartesian(ControlMode mode, boolean claimedNow) {
        boolean withElbow = claimedNow && commandElbow && cartesian.elbow != null;
        double[] elbow = withElbow ? guard.elbow(cartesian.elbow) : null;
        double[] outElbow = withElbow ? sent.command.elbowC : null;
        ShapingResult r;
        if (mode == ControlMode.CARTESIAN_POSE) {
            double[] pose = claimedNow ? guard.pose(cartesian.pose) : measured.commanded.oTEEc();
            r = poseShaper.shape(pose, elbow, measured.commanded, sent.command.oTEeC, outElbow);
        } else {
            double[] twist = claimedNow ? guard.twist(cartesian.twist) : ZERO_TWIST;
            r = twistShaper.shape(twist, elbow, measured.commanded, sent.command.oDpEeC, outElbow);
        }
        sent.command.validElbow = withElbow;
        guard.endCycle();
        publish(FrankaStatus.HELD_COMMANDS, guard.held());
        String line = guard.takeReport(name); // null but on the first held cycle of a run
        if (line != null) {
            LOG.log(Level.WARNING, line);
        }
        return r;
    }

    private static final double[] ZERO_TWIST = new double[6];

    /**
     * A new mode's first command is the measured state: positions q, velocities and efforts zero, the pose
     * {@code O_T_EE}, a zero twist, the elbow {@code elbow}.
     */
    private void startFrom(ControlMode mode, CommandInterfaceHandle[] handles) {
        positionShaper.restart();
        velocityShaper.restart();
        torqueShaper.restart();
        poseShaper.restart();
        twistShaper.restart();
        guard.start(measured.oTEE, measured.elbow);
        if (commandElbow && cartesian.elbow != null) {
            cartesian.elbow[0].set(measured.elbow[0]);
            cartesian.elbow[1].set(measured.elbow[1]);
        }
        if (handles == null) {
            return;
        }
        for (int i = 0; i < handles.length; i++) {
            handles[i].set(switch (mode) {
                case JOINT_POSITION -> measured.q[i];
                case CARTESIAN_POSE -> measured.oTEE[i];
                default -> 0.0;
            });
        }
    }

    private void publish(FrankaStatus s, double value) {
        status[s.ordinal()].set(value);
    }

    private static boolean any(boolean[] flags) {
        for (boolean f : flags) {
            if (f) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------------------------------ failures

    private void beginCallback() {
        callbackError = null;
        callbackFault = Fault.NONE;
    }

    private CallbackReturn fail(CallbackReturn result, Fault fault, String message) {
        callbackError = message;
        callbackFault = fault;
        LOG.log(Level.WARNING, "{0}: {1}", name, message);
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
        if (callbackError != null) {
            return callbackError;
        }
        String line = failureLine;
        return line != null ? line : describeLoopFailure();
    }

    /**
     * The loop failure as one line, libfranka's wording for an aborted motion; writes the flight log once. Off the
     * loop, after the loop stopped calling this component.
     */
    private synchronized String describeLoopFailure() {
        LoopFailure f = loopFailure;
        if (f == null) {
            return null;
        }
        if (failureLine != null) {
            return failureLine;
        }
        String line = switch (f) {
            case SILENT_ROBOT -> "no robot state for " + settings.receiveTimeoutMs() + " ms ("
                    + FrankaDriverSettings.RECEIVE_TIMEOUT_MS + "); " + silenceCause();
            case REFLEX -> controlException("Move command aborted: motion aborted by reflex!", true);
            case MOTION_ENDED -> stoppedOnRequest() ? "the motion was stopped on request (StopMove): "
                    + abortStatus.wireName() + "; the robot holds"
                    : controlException("Move command ended by the robot: " + abortStatus.wireName(), false);
            case CONNECTION_LOST -> "the command connection to the robot is gone";
            case COMMAND_REFUSED -> controlException(refusedMode.interfaceName + " command refused: "
                    + shapingResult(refusedMode).describe(), false);
            case COMMAND_OUT_OF_RANGE -> controlException(jointNames[refusedJoint] + "/" + refusedMode.interfaceName
                    + " = " + refusedValue + " is outside the FR3's " + Fr3Range.limit(refusedMode, refusedJoint)
                    + "; not sent", false);
            case SEND_FAILED -> "cannot send the command to the robot";
        };
        failureLine = line;
        return line;
    }

    /** The motion ended with kPreempted after a StopMove someone asked for (not a failure of the robot). */
    private boolean stoppedOnRequest() {
        return loopFailure == LoopFailure.MOTION_ENDED && stopRequested && abortStatus == MoveStatus.PREEMPTED;
    }

    /** A StopMove is about to be sent on request ({@code FrankaRobot.stop}): the motion's end is no robot failure. */
    void stopRequested() {
        stopRequested = true;
    }

    /** Why the states stopped, as far as the driver can tell. */
    private String silenceCause() {
        CommandChannel c = channel;
        if (c != null && c.closedBecause() != null) {
            return c.closedBecause();
        }
        StateReceiver r = receiver;
        return r != null && r.failure() != null ? r.failure() : "is the robot's FCI still on?";
    }

    private ShapingResult shapingResult(ControlMode mode) {
        return switch (mode) {
            case JOINT_VELOCITY -> velocityShaper.result();
            case EFFORT -> torqueShaper.result();
            case CARTESIAN_POSE -> poseShaper.result();
            case CARTESIAN_VELOCITY -> twistShaper.result();
            default -> positionShaper.result();
        };
    }

    /** libfranka's ControlException text, with the flight log written to {@code flight_log}. */
    private String controlException(String what, boolean reflex) {
        FlightLog log = recorder.flush();
        String text = FrankaControlException.message(what, reflex, FrankaError.describe(abortErrors), log)
                .replace('\n', ' ');
        if (log.isEmpty()) {
            return text;
        }
        try (FlightLogWriter writer = new FlightLogWriter("franka-flight-log-" + name)) {
            writer.submit(log, settings.flightLog()).join();
            return text + "; flight log: " + settings.flightLog().toAbsolutePath();
        } catch (RuntimeException e) {
            return text + "; " + e.getMessage();
        }
    }

    // ------------------------------------------------------------------------------------ for tests

    /** The component's name (the URDF's {@code <ros2_control name>}). */
    String name() {
        return name;
    }

    FrankaDriverSettings settings() {
        return settings;
    }

    /** The command channel of the session; null when not connected. */
    CommandChannel commandChannel() {
        return channel;
    }

    /** The protocol version of the session; null when not connected. */
    ProtocolVersion version() {
        return version;
    }

    /** The mode of the motion running on the robot (NONE when none). */
    ControlMode motionMode() {
        return motionMode;
    }

    long sentCommands() {
        return sentCommands;
    }

    StateReceiver receiver() {
        return receiver;
    }

    /** The local UDP port the states come to; -1 when not connected. */
    int statePort() {
        try {
            DatagramChannel u = udp;
            return u == null ? -1 : ((InetSocketAddress) u.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }
}
