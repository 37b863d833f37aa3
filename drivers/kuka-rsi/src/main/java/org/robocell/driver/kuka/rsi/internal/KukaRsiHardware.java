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
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;
import org.robocell.driver.kuka.rsi.protocol.RsiWriter;

/**
 * A KUKA robot under RSI as a system component: joints {@code A1..An} in URDF order, each with a {@code position}
 * command and state interface (radians), plus the Cartesian pose, configured I/O channels and status counters as
 * state interfaces.
 * <p>
 * The robot owns the cycle: {@link #read} blocks until the robot's datagram arrives (every 4 ms with IPO_FAST,
 * 12 ms with IPO) and {@link #write} answers it with the same IPOC. Neither allocates.
 * <p>
 * Threads: lifecycle callbacks run off the loop; {@code read} and {@code write} on the loop. The socket belongs
 * to the lifecycle thread until {@code active} is set and to the loop while it is set; the only exception is the
 * stop reply of {@link #onDeactivate} when the loop does not send it in time, which uses its own buffer.
 */
public final class KukaRsiHardware implements HardwareComponent {

    private static final System.Logger LOG = System.getLogger(KukaRsiHardware.class.getName());
    private static final String[] POSE_NAMES = { "x", "y", "z", "a", "b", "c" };
    private static final double MM_TO_M = 1e-3;

    private HardwareContext context;
    private RsiDriverSettings settings;
    private String lastError = "";

    // channels
    private RsiParser parser;
    private RsiWriter writer;
    private double[] parsed;
    private double[] robot;
    private double[] reply;
    private byte[] replyBytes;
    private byte[] stopBytes;
    private double[] stopReply;
    private int[] axisChannel;
    private int[] poseChannel;
    private int delayChannel;
    private int ipocChannel;
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
    private final StateInterfaceHandle[] status = new StateInterfaceHandle[RsiStatus.values().length];

    // session
    /** volatile: cleanup may close it while a loop that has not yet seen the deactivation still reads */
    private volatile RsiEndpoint endpoint;
    private volatile boolean active;
    private volatile boolean stopRequested;
    private volatile boolean stopSent;
    private volatile long publishedIpoc;
    private InetSocketAddress robotAddress;
    private double[] startDegrees;
    private double[] heldCommand;
    private double[] heldOutput;
    private boolean[] commanded;
    private boolean[] outputCommanded;
    private boolean replyPending;
    private long lastIpoc;
    private boolean haveIpoc;
    private long ipocStep;

    // counters (loop thread while active)
    private long received;
    private long sent;
    private long missed;
    private long stale;
    private long malformed;
    private long foreign;
    private long timeouts;
    private long held;

    // timing of the last exchange, for the turnaround benchmark
    private long lastReceiveNanos;
    private long lastSendNanos;

    @Override
    public CallbackReturn onInit(HardwareContext context) {
        this.context = context;
        List<ComponentInfo> joints = context.info().joints();
        try {
            if (joints.isEmpty() || joints.size() > 6) {
                throw new IllegalArgumentException("an RSI robot has 1 to 6 joints (A1..A6), '" + context.info().name()
                        + "' declares " + joints.size());
            }
            settings = RsiDriverSettings.from(context.info(), joints.size());
            bindChannels(settings.channels());
            bindJoints(joints);
            bindExtras();
            return CallbackReturn.SUCCESS;
        } catch (IllegalArgumentException e) {
            return fail(CallbackReturn.ERROR, e.getMessage());
        }
    }

    private void bindChannels(RsiChannelMap map) {
        RsiLayout in = map.robotLayout();
        RsiLayout out = map.replyLayout();
        parser = new RsiParser(in);
        writer = new RsiWriter(out);
        parsed = new double[in.channelCount()];
        robot = new double[in.channelCount()];
        reply = new double[out.channelCount()];
        stopReply = new double[out.channelCount()];
        replyBytes = new byte[writer.maxLength()];
        stopBytes = new byte[writer.maxLength()];
        int n = map.axisCount();
        axisChannel = new int[n];
        commandChannel = new int[n];
        for (int i = 0; i < n; i++) {
            axisChannel[i] = in.indexOf(RsiChannelMap.axisTag(map.actualAxes(), i));
            commandChannel[i] = out.indexOf(RsiChannelMap.axisTag(map.axisCommand(), i));
        }
        poseChannel = new int[map.hasPose() ? 6 : 0];
        for (int k = 0; k < poseChannel.length; k++) {
            poseChannel[k] = in.indexOf(map.poseTag(k));
        }
        delayChannel = map.hasDelay() ? in.indexOf(map.delay()) : -1;
        ipocChannel = in.indexOf(map.ipoc());
        replyIpocChannel = out.indexOf(map.ipoc());
        stopChannel = map.hasStop() ? out.indexOf(map.stop()) : -1;
        inputChannel = map.inputs().stream().mapToInt(s -> in.indexOf(RsiChannelMap.tagOf(s))).toArray();
        outputChannel = map.outputs().stream().mapToInt(s -> out.indexOf(RsiChannelMap.tagOf(s))).toArray();
        startDegrees = new double[n];
        heldCommand = new double[n];
        heldOutput = new double[outputChannel.length];
        commanded = new boolean[n];
        outputCommanded = new boolean[outputChannel.length];
    }

    private void bindJoints(List<ComponentInfo> joints) {
        jointState = new StateInterfaceHandle[joints.size()];
        jointCommand = new CommandInterfaceHandle[joints.size()];
        for (int i = 0; i < joints.size(); i++) {
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
        closeEndpoint();
        try {
            endpoint = RsiEndpoint.open(new InetSocketAddress(settings.listenAddress(), settings.listenPort()));
        } catch (IOException | RuntimeException e) {
            return fail(CallbackReturn.FAILURE, "cannot listen on " + settings.listenAddress().getHostAddress() + ":"
                    + settings.listenPort() + ": " + e);
        }
        setStatus(RsiStatus.LISTEN_PORT, endpoint.localPort());
        setStatus(RsiStatus.ACTIVE, 0);
        publishCounters();
        LOG.log(Level.INFO, "{0}: listening for RSI on {1}:{2}", context.info().name(),
                settings.listenAddress().getHostAddress(), String.valueOf(endpoint.localPort()));
        return CallbackReturn.SUCCESS;
    }

    /**
     * Waits for the robot's first datagram (the RSI program on the controller has called {@code RSI_ON}), takes its
     * sender as the robot, its axes as the start pose, and answers it: from here on the robot expects an answer
     * every cycle, so the loop must start reading right away.
     */
    @Override
    public CallbackReturn onActivate(LifecycleState previous) {
        if (endpoint == null) {
            return fail(CallbackReturn.FAILURE, "activate before configure");
        }
        robotAddress = null;
        haveIpoc = false;
        ipocStep = 0;
        stopRequested = false;
        stopSent = false;
        // whatever queued up while nobody listened is history, possibly of an earlier session from another port
        while (endpoint.poll() == RsiEndpoint.Received.DATAGRAM) {
            continue;
        }
        long deadline = System.nanoTime() + settings.activateTimeoutNanos();
        while (robotAddress == null) {
            switch (endpoint.receive(deadline)) {
                case TIMED_OUT:
                    return fail(CallbackReturn.FAILURE, "no RSI datagram from the robot within "
                            + settings.activateTimeoutNanos() / 1_000_000 + " ms; is the RSI program running?");
                case FAILED:
                    return fail(CallbackReturn.ERROR, "the RSI socket failed while waiting for the robot");
                case DATAGRAM:
                    if (settings.robotAddress() != null && !settings.robotAddress().equals(endpoint.source.getAddress())) {
                        foreign++;
                    } else if (accept(endpoint)) {
                        robotAddress = endpoint.source;
                    }
                    break;
            }
        }
        // answer the newest datagram: older ones queued while nobody listened are already late
        while (endpoint.poll() == RsiEndpoint.Received.DATAGRAM) {
            if (classify(endpoint)) {
                stale++;
            }
        }
        for (int i = 0; i < startDegrees.length; i++) {
            startDegrees[i] = robot[axisChannel[i]];
            heldCommand[i] = Math.toRadians(startDegrees[i]);
        }
        Arrays.fill(heldOutput, 0.0);
        Arrays.fill(commanded, false);
        Arrays.fill(outputCommanded, false);
        publishState();
        replyPending = true;
        if (!sendReply(false)) {
            return fail(CallbackReturn.ERROR, "cannot answer the robot at " + robotAddress);
        }
        publishCounters();
        setStatus(RsiStatus.ACTIVE, 1);
        LOG.log(Level.INFO, "{0}: RSI session with {1}, start axes {2} deg", context.info().name(), robotAddress,
                Arrays.toString(startDegrees));
        active = true;
        return CallbackReturn.SUCCESS;
    }

    /**
     * Ends RSI on the robot with a reply carrying Stop=1. The loop sends it with the next cycle's IPOC when it is
     * still running; when it does not within two receive timeouts, this thread sends it with the last IPOC seen.
     */
    @Override
    public CallbackReturn onDeactivate(LifecycleState previous) {
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
        RsiEndpoint socket = endpoint;
        if (n < 0 || socket == null || !socket.sendFromControl(stopBytes, n, robotAddress)) {
            LOG.log(Level.WARNING, "{0}: could not send the stop reply to {1}", context.info().name(), robotAddress);
        } else {
            sent++;
            stopSent = true;
            publishCounters();
        }
    }

    @Override
    public CallbackReturn onCleanup(LifecycleState previous) {
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onShutdown(LifecycleState previous) {
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    @Override
    public CallbackReturn onError(LifecycleState previous) {
        active = false;
        closeEndpoint();
        return CallbackReturn.SUCCESS;
    }

    private void closeEndpoint() {
        RsiEndpoint socket = endpoint;
        endpoint = null;
        if (socket != null) {
            socket.close();
        }
    }

    /**
     * Blocks until the robot's next datagram and publishes it. Malformed and foreign datagrams are counted and
     * skipped while the wait goes on; silence for the receive timeout answers ERROR. Without an RSI session
     * (inactive) it only paces the loop, so that a hardware-driven loop does not spin while the robot is idle.
     */
    @Override
    public ReturnType read(double time, double period) {
        if (!active) {
            LockSupport.parkNanos(settings.inactiveReadPeriodNanos());
            return ReturnType.OK;
        }
        RsiEndpoint socket = endpoint;
        if (socket == null) {
            return ReturnType.ERROR;
        }
        long deadline = System.nanoTime() + settings.receiveTimeoutNanos();
        boolean got = false;
        while (!got) {
            switch (socket.receive(deadline)) {
                case TIMED_OUT:
                    timeouts++;
                    publishCounters();
                    return ReturnType.ERROR;
                case FAILED:
                    publishCounters();
                    return ReturnType.ERROR;
                case DATAGRAM:
                    lastReceiveNanos = System.nanoTime();
                    got = classify(socket);
                    break;
            }
        }
        // a backlog means this loop fell behind: answer the newest, the others are late whatever we do
        while (socket.poll() == RsiEndpoint.Received.DATAGRAM) {
            lastReceiveNanos = System.nanoTime();
            if (classify(socket)) {
                stale++;
            }
        }
        replyPending = true;
        publishState();
        publishCounters();
        return ReturnType.OK;
    }

    /**
     * Sorts the datagram just received: counts it as foreign or malformed, or takes it as the robot's current one.
     *
     * @return true when it was taken
     */
    private boolean classify(RsiEndpoint socket) {
        if (robotAddress != null && !robotAddress.equals(socket.source)) {
            foreign++;
            return false;
        }
        return accept(socket);
    }

    private boolean accept(RsiEndpoint socket) {
        if (!parser.parse(socket.data, 0, socket.length, parsed)) {
            malformed++;
            return false;
        }
        System.arraycopy(parsed, 0, robot, 0, parsed.length);
        received++;
        long ipoc = (long) robot[ipocChannel];
        if (haveIpoc) {
            countGap(ipoc - lastIpoc);
        }
        haveIpoc = true;
        lastIpoc = ipoc;
        publishedIpoc = ipoc;
        return true;
    }

    /**
     * The IPOC step is the controller's cycle in ms on a real KR C4 (+4), but 1 in the public simulators, so it is
     * learnt as the smallest positive step seen; a larger step means cycles this driver never received.
     */
    private void countGap(long delta) {
        if (delta <= 0) {
            return;
        }
        if (ipocStep == 0 || delta < ipocStep) {
            ipocStep = delta;
        }
        missed += delta / ipocStep - 1;
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
        boolean ok = sendReply(stop);
        lastSendNanos = System.nanoTime();
        if (stop && ok) {
            active = false;
            stopSent = true;
        }
        publishCounters();
        return ok ? ReturnType.OK : ReturnType.ERROR;
    }

    private boolean sendReply(boolean stop) {
        // NaN before the first valid value means "nobody commands this yet": hold the start, count nothing
        for (int i = 0; i < jointCommand.length; i++) {
            double command = jointCommand[i].get();
            if (Double.isFinite(command)) {
                heldCommand[i] = command;
                commanded[i] = true;
            } else if (commanded[i]) {
                held++;
            }
        }
        for (int k = 0; k < outputCommand.length; k++) {
            double value = outputCommand[k].get();
            if (Double.isFinite(value)) {
                heldOutput[k] = value;
                outputCommanded[k] = true;
            } else if (outputCommanded[k]) {
                held++;
            }
        }
        fillReply(reply, lastIpoc, stop);
        int n = writer.write(reply, replyBytes);
        replyPending = false;
        if (n < 0) {
            // a held value beyond what RSI can carry: better no answer than an invented one
            return false;
        }
        RsiEndpoint socket = endpoint;
        if (socket == null || !socket.send(replyBytes, n, robotAddress)) {
            return false;
        }
        sent++;
        return true;
    }

    private void fillReply(double[] out, long ipoc, boolean stop) {
        boolean relative = settings.correctionMode() == CorrectionMode.RELATIVE;
        for (int i = 0; i < commandChannel.length; i++) {
            double degrees = Math.toDegrees(heldCommand[i]);
            out[commandChannel[i]] = relative ? degrees - startDegrees[i] : degrees;
        }
        for (int k = 0; k < outputChannel.length; k++) {
            out[outputChannel[k]] = heldOutput[k];
        }
        if (stopChannel >= 0) {
            out[stopChannel] = stop ? 1 : 0;
        }
        out[replyIpocChannel] = ipoc;
    }

    private void publishState() {
        for (int i = 0; i < jointState.length; i++) {
            jointState[i].set(Math.toRadians(robot[axisChannel[i]]));
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
        setStatus(RsiStatus.IPOC, lastIpoc);
    }

    private void publishCounters() {
        setStatus(RsiStatus.RECEIVED_PACKETS, received);
        setStatus(RsiStatus.SENT_REPLIES, sent);
        setStatus(RsiStatus.MISSED_PACKETS, missed);
        setStatus(RsiStatus.STALE_PACKETS, stale);
        setStatus(RsiStatus.MALFORMED_PACKETS, malformed);
        setStatus(RsiStatus.FOREIGN_PACKETS, foreign);
        setStatus(RsiStatus.RECEIVE_TIMEOUTS, timeouts);
        setStatus(RsiStatus.HELD_COMMANDS, held);
    }

    private void setStatus(RsiStatus s, double value) {
        status[s.ordinal()].set(value);
    }

    private CallbackReturn fail(CallbackReturn result, String message) {
        lastError = message;
        LOG.log(Level.WARNING, "{0}: {1}", context == null ? "RSI" : context.info().name(), message);
        return result;
    }

    /** Why the last lifecycle callback failed, or empty. */
    public String lastError() {
        return lastError;
    }

    /** The UDP port listened on, -1 when not configured. Also the state interface {@code rsi/listen_port}. */
    public int listenPort() {
        RsiEndpoint e = endpoint;
        return e == null ? -1 : e.localPort();
    }

    /** {@link System#nanoTime()} when {@code read} took the last datagram off the socket, before parsing it. */
    long lastReceiveNanos() {
        return lastReceiveNanos;
    }

    /** {@link System#nanoTime()} when {@code write} last returned after sending. */
    long lastSendNanos() {
        return lastSendNanos;
    }
}
