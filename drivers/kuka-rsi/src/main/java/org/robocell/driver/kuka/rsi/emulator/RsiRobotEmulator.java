package org.robocell.driver.kuka.rsi.emulator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiWriter;

/**
 * A KUKA controller running an RSI program ({@code RSI_ON(#ABSOLUTE, #IPO_FAST)}, {@code RSI_MOVECORR()}), as seen
 * from the PC: every cycle it sends {@code <Rob>} with the measured axes (degrees), the flange pose and the count
 * of late replies, then waits for the {@code <Sen>} reply carrying the same IPOC until the cycle ends.
 * <ul>
 * <li>A reply on time moves the axes by its command (relative to the start axes or absolute), within the axis
 * position range and the distance each axis can travel in one cycle.</li>
 * <li>A cycle that ends without its reply (none, or only ones with another IPOC) counts as late, and the count is
 * reported in {@code <Delay D>}. When it reaches the configured Timeout, RSI stops: no more datagrams,
 * {@link SessionState#STOPPED_BY_TIMEOUT} ("RSITimeout" on a real pendant). The count is cumulative over the
 * session (the sources read do not say whether a real controller resets it).</li>
 * <li>A reply with Stop=1 ends RSI, {@link SessionState#STOPPED_BY_REQUEST}, whatever its IPOC.</li>
 * </ul>
 * The flange pose ({@code RIst}) is computed with the KR 6 R900 sixx kinematics for six axes, and reported as zeros
 * for other axis counts.
 */
public final class RsiRobotEmulator implements AutoCloseable {

    /** Where the RSI session stands. */
    public enum SessionState { RUNNING, STOPPED_BY_TIMEOUT, STOPPED_BY_REQUEST, CLOSED }

    private final RsiEmulatorConfig config;
    private final RsiFaults faults = new RsiFaults();
    private final DatagramChannel channel;
    private final DatagramChannel stranger;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);

    private final RsiChannelMap map;
    private final RsiLayout robotLayout;
    private final RsiWriter writer;
    private final ReplyHandler replies;
    private final double[] robotValues;
    private final byte[] out;
    private final byte[] in = new byte[8192];
    private final ByteBuffer txBuffer;
    private final ByteBuffer rxBuffer = ByteBuffer.allocateDirect(8192);
    private final Kr6R900SixxKinematics kinematics = new Kr6R900SixxKinematics();
    private final double[] pose = new double[6];
    private final int[] axisChannel;
    private final int[] poseChannel;
    private final int[] setpointPoseChannel;
    private final int[] setpointAxisChannel;
    /** E1..E6 of the external axes element, -1 when the controller does not send it */
    private final int[] externalAxisChannel;
    private final int delayChannel;
    private final int ipocChannel;
    private final int[] inputChannel;

    private final Object stateLock = new Object();
    private final double[] startAxes;
    private final double[] axes;
    private final double[] lastCommand;
    private final double[] inputs;
    private final double[] outputs;

    private volatile boolean running = true;
    private volatile SessionState state = SessionState.RUNNING;
    private volatile String stopMessage = "";
    private volatile long ipoc;
    private volatile long cycles;
    private volatile long sentPackets;
    private volatile long lateReplies;
    private volatile long droppedPackets;
    private volatile long malformedPackets;
    private volatile long foreignPackets;
    private volatile long replayedPackets;
    /** the session's first datagram as sent, for {@link RsiFaults#replayPackets} */
    private byte[] firstDatagram;
    private volatile long emulatorOverruns;
    /** the last reply on time, for {@link #replyText} */
    private final byte[] lastReply = new byte[8192];
    private int lastReplyLength;
    private volatile long lastSendNanos;
    private volatile long lastRoundTripNanos = -1;

    private RsiRobotEmulator(RsiEmulatorConfig config, Map<String, String> texts) throws IOException {
        this.config = config;
        this.map = config.channels();
        this.robotLayout = map.robotLayout();
        this.writer = new RsiWriter(robotLayout, texts);
        this.robotValues = new double[robotLayout.channelCount()];
        this.out = new byte[writer.maxLength()];
        this.txBuffer = ByteBuffer.allocateDirect(writer.maxLength());
        int n = map.axisCount();
        axisChannel = new int[n];
        for (int i = 0; i < n; i++) {
            axisChannel[i] = robotLayout.indexOf(RsiChannelMap.axisTag(map.actualAxes(), i));
        }
        poseChannel = new int[map.hasPose() ? 6 : 0];
        for (int k = 0; k < poseChannel.length; k++) {
            poseChannel[k] = robotLayout.indexOf(map.poseTag(k));
        }
        setpointPoseChannel = new int[map.hasSetpointPose() ? 6 : 0];
        for (int k = 0; k < setpointPoseChannel.length; k++) {
            setpointPoseChannel[k] = robotLayout.indexOf(map.setpointPoseTag(k));
        }
        setpointAxisChannel = new int[map.hasSetpointAxes() ? n : 0];
        for (int i = 0; i < setpointAxisChannel.length; i++) {
            setpointAxisChannel[i] = robotLayout.indexOf(RsiChannelMap.axisTag(map.setpointAxes(), i));
        }
        externalAxisChannel = new int[map.sendsExternalAxes() ? RsiChannelMap.BUILT_IN_AXES : 0];
        for (int e = 0; e < externalAxisChannel.length; e++) {
            externalAxisChannel[e] = robotLayout.indexOf(RsiChannelMap.externalAxisTag(map.externalActualAxes(), e));
        }
        delayChannel = map.hasDelay() ? robotLayout.indexOf(map.delay()) : -1;
        ipocChannel = robotLayout.indexOf(map.ipoc());
        inputChannel = map.inputs().stream().mapToInt(s -> robotLayout.indexOf(RsiChannelMap.tagOf(s))).toArray();
        startAxes = config.startAxesDegrees();
        axes = config.startAxesDegrees();
        lastCommand = new double[axes.length];
        inputs = new double[inputChannel.length];
        outputs = new double[map.outputs().size()];
        replies = new ReplyHandler(config, stateLock, startAxes, axes, lastCommand, outputs);

        DatagramChannel main = DatagramChannel.open();
        DatagramChannel other = null;
        try {
            main.bind(new InetSocketAddress(config.bindAddress(), 0));
            main.configureBlocking(false);
            other = DatagramChannel.open();
            other.bind(new InetSocketAddress(config.foreignBindAddress(), 0));
        } catch (IOException | RuntimeException e) {
            main.close();
            if (other != null) {
                other.close();
            }
            throw e;
        }
        this.channel = main;
        this.stranger = other;
        this.thread = new Thread(this::run, "rsi-emulator-" + config.driver().getPort());
        this.thread.setDaemon(true);
        this.thread.setPriority(Thread.MAX_PRIORITY);
    }

    /** Opens the controller's socket and starts sending: RSI is on. */
    public static RsiRobotEmulator start(RsiEmulatorConfig config) throws IOException {
        return start(config, Map.of());
    }

    /**
     * Starts an emulator whose datagrams also carry fixed texts, string channels of the robot program
     * ({@code <EStr>Program 3 started</EStr>}).
     *
     * @throws IllegalArgumentException naming a text or element RSI cannot carry
     * @since 1.3
     */
    public static RsiRobotEmulator start(RsiEmulatorConfig config, Map<String, String> texts) throws IOException {
        RsiRobotEmulator emulator = new RsiRobotEmulator(config, texts);
        emulator.thread.start();
        return emulator;
    }

    /**
     * The text of element {@code element} in the last reply on time ({@code <EStr>...</EStr>}, a string channel of
     * the driver's), or null when that reply had none.
     *
     * @since 1.3
     */
    public String replyText(String element) {
        String open = "<" + element + ">";
        String close = "</" + element + ">";
        String reply;
        synchronized (lastReply) {
            reply = new String(lastReply, 0, lastReplyLength, java.nio.charset.StandardCharsets.US_ASCII);
        }
        int start = reply.indexOf(open);
        int end = start < 0 ? -1 : reply.indexOf(close, start);
        return end < 0 ? null : reply.substring(start + open.length(), end);
    }

    public RsiEmulatorConfig config() {
        return config;
    }

    public RsiFaults faults() {
        return faults;
    }

    public SessionState state() {
        return state;
    }

    /** What a pendant would show when RSI ended, e.g. "stopped by timeout: 100 late replies (RSITimeout)". */
    public String stopMessage() {
        return stopMessage;
    }

    /** Waits until RSI has stopped (timeout, Stop, or close). */
    public boolean awaitStopped(long timeout, TimeUnit unit) throws InterruptedException {
        return stopped.await(timeout, unit);
    }

    /** The controller's own port (ephemeral, as on a real controller). */
    public int localPort() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            return -1;
        }
    }

    /** The measured axes A1..An, then the commanded external axes E1..Em, in degrees. */
    public double[] axisDegrees() {
        synchronized (stateLock) {
            return axes.clone();
        }
    }

    /** The axis command of the last reply on time, in degrees as sent. */
    public double[] lastCommand() {
        synchronized (stateLock) {
            return lastCommand.clone();
        }
    }

    /** The value of a configured input channel (e.g. a digital input word) sent from the next cycle on. */
    public void setInput(String tag, double value) {
        int k = map.inputs().stream().map(RsiChannelMap::tagOf).toList().indexOf(tag);
        if (k < 0) {
            throw new IllegalArgumentException("'" + tag + "' is not an input channel of " + map.inputs());
        }
        synchronized (stateLock) {
            inputs[k] = value;
        }
    }

    /** The value of a configured output channel in the last reply on time. */
    public double output(String tag) {
        int k = map.outputs().stream().map(RsiChannelMap::tagOf).toList().indexOf(tag);
        if (k < 0) {
            throw new IllegalArgumentException("'" + tag + "' is not an output channel of " + map.outputs());
        }
        synchronized (stateLock) {
            return outputs[k];
        }
    }

    /** IPOC of the last cycle. */
    public long ipoc() {
        return ipoc;
    }

    public long cycles() {
        return cycles;
    }

    /** Datagrams that left the controller (not dropped, not withheld while silent). */
    public long sentPackets() {
        return sentPackets;
    }

    /** Cycles that ended without their reply: the value of {@code <Delay D>}. */
    public long lateReplies() {
        return lateReplies;
    }

    public long onTimeReplies() {
        return replies.onTimeReplies;
    }

    /** Replies that were not on time: another IPOC than the current cycle's, or found after the cycle ended. */
    public long mismatchedReplies() {
        return replies.mismatchedReplies;
    }

    /**
     * Replies whose IPOC this controller never sent, or had already been answered: a driver that echoes correctly
     * never causes one, however late it is.
     */
    public long unexpectedReplies() {
        return replies.unexpectedReplies;
    }

    /** Replies (including the Stop reply) that were received in total, whatever their timing. */
    public long replies() {
        return replies.onTimeReplies + replies.mismatchedReplies + replies.stopReplies;
    }

    public long malformedReplies() {
        return replies.malformedReplies;
    }

    public long droppedPackets() {
        return droppedPackets;
    }

    public long malformedPackets() {
        return malformedPackets;
    }

    public long foreignPackets() {
        return foreignPackets;
    }

    /**
     * Copies of the session's first datagram sent again ({@link RsiFaults#replayPackets}).
     *
     * @since 1.1
     */
    public long replayedPackets() {
        return replayedPackets;
    }

    /** Replies whose command had to be clamped to the axis range or speed. */
    public long limitedCommands() {
        return replies.limitedCommands;
    }

    /**
     * Replies whose Cartesian correction (RKorr) no axis position reaches: the axes then followed their axis command
     * alone.
     *
     * @since 1.3
     */
    public long unreachableCorrections() {
        return replies.unreachableCorrections;
    }

    /** Cycles the emulator thread itself started late by more than a cycle (a loaded machine), re-phased. */
    public long emulatorOverruns() {
        return emulatorOverruns;
    }

    /** Send of the last datagram to receipt of its reply on time, or -1. */
    public long lastRoundTripNanos() {
        return lastRoundTripNanos;
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly();
        if (state == SessionState.RUNNING) {
            state = SessionState.CLOSED;
            stopMessage = "closed";
        }
        stopped.countDown();
    }

    private void closeQuietly() {
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

    private void run() {
        double cycleSeconds = config.ipocStep() / 1000.0;
        long cycleNanos = config.cycleNanos();
        long next = System.nanoTime();
        boolean awaiting = false;
        boolean counting = !config.graceUntilFirstReply();
        long currentIpoc = config.ipocStart() - config.ipocStep();
        try {
            while (running) {
                if (awaiting && counting) {
                    lateReplies++;
                    if (lateReplies >= config.timeoutCount()) {
                        end(SessionState.STOPPED_BY_TIMEOUT, "stopped by timeout: " + lateReplies
                                + " late replies reached the ETHERNET Timeout (RSITimeout)");
                        return;
                    }
                }
                currentIpoc += config.ipocStep();
                ipoc = currentIpoc;
                cycles++;
                sendCycle(currentIpoc);
                awaiting = true;
                next += cycleNanos;
                // the cycle's window: take replies until it ends
                while (running) {
                    ReplyHandler.Outcome reply = receiveReply(currentIpoc, awaiting, next, cycleSeconds);
                    if (reply == ReplyHandler.Outcome.STOP) {
                        end(SessionState.STOPPED_BY_REQUEST, "stopped by request: the reply carried Stop=1");
                        return;
                    }
                    if (reply == ReplyHandler.Outcome.ON_TIME) {
                        awaiting = false;
                        counting = true;
                        continue;
                    }
                    if (reply != null) {
                        continue;
                    }
                    long now = System.nanoTime();
                    long left = next - now;
                    if (left <= 0) {
                        if (-left > cycleNanos) {
                            emulatorOverruns++;
                            next = now;
                        }
                        break;
                    }
                    if (!awaiting) {
                        LockSupport.parkNanos(left);
                    } else if (config.replyPollNanos() == 0) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(Math.min(left, config.replyPollNanos()));
                    }
                }
            }
        } catch (IOException e) {
            if (running) {
                end(SessionState.CLOSED, "socket failed: " + e);
            }
        } finally {
            closeQuietly();
            stopped.countDown();
        }
    }

    private void end(SessionState how, String message) {
        stopMessage = message;
        state = how;
        running = false;
    }

    private void sendCycle(long currentIpoc) throws IOException {
        synchronized (stateLock) {
            for (int i = 0; i < axisChannel.length; i++) {
                robotValues[axisChannel[i]] = axes[i];
            }
            // the axes move to their setpoint within the cycle: setpoint and actual are the same here
            for (int i = 0; i < setpointAxisChannel.length; i++) {
                robotValues[setpointAxisChannel[i]] = axes[i];
            }
            // DEF_EIPos carries E1..E6 whatever the cell has: the ones not commanded read 0
            for (int e = 0; e < externalAxisChannel.length; e++) {
                int axis = axisChannel.length + e;
                robotValues[externalAxisChannel[e]] = axis < axes.length ? axes[axis] : 0.0;
            }
            if ((poseChannel.length > 0 || setpointPoseChannel.length > 0) && axisChannel.length == 6) {
                kinematics.flangePose(axes, pose);
            }
            for (int k = 0; k < inputChannel.length; k++) {
                robotValues[inputChannel[k]] = inputs[k];
            }
        }
        for (int k = 0; k < poseChannel.length; k++) {
            robotValues[poseChannel[k]] = pose[k];
        }
        for (int k = 0; k < setpointPoseChannel.length; k++) {
            robotValues[setpointPoseChannel[k]] = pose[k];
        }
        if (delayChannel >= 0) {
            robotValues[delayChannel] = lateReplies;
        }
        robotValues[ipocChannel] = currentIpoc;
        int n = writer.write(robotValues, out);
        if (faults.silent) {
            return;
        }
        if (RsiFaults.take(faults.foreign)) {
            stranger.send(wrap(out, n), config.driver());
            foreignPackets++;
        }
        if (RsiFaults.take(faults.drop)) {
            droppedPackets++;
            return;
        }
        if (RsiFaults.take(faults.malformed)) {
            n = garble(n);
            malformedPackets++;
        }
        if (firstDatagram == null) {
            firstDatagram = Arrays.copyOf(out, n);
        }
        lastSendNanos = System.nanoTime();
        channel.send(wrap(out, n), config.driver());
        sentPackets++;
        if (RsiFaults.take(faults.replay)) {
            channel.send(wrap(firstDatagram, firstDatagram.length), config.driver());
            replayedPackets++;
        }
    }

    /** Turns the datagram in {@code out} into one of three kinds of broken message. */
    private int garble(int n) {
        switch ((int) (malformedPackets % 3)) {
            case 0:
                return n / 2; // truncated mid-element
            case 1: {
                // a number that is not one: the first digit of the message becomes a letter
                for (int i = 0; i < n; i++) {
                    if (out[i] >= '0' && out[i] <= '9') {
                        out[i] = 'x';
                        break;
                    }
                }
                return n;
            }
            default: {
                byte[] junk = "<Rob><AIPos A1=\"1\"".getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(junk, 0, out, 0, junk.length);
                return junk.length;
            }
        }
    }

    private ByteBuffer wrap(byte[] bytes, int n) {
        txBuffer.clear();
        txBuffer.put(bytes, 0, n);
        txBuffer.flip();
        return txBuffer;
    }

    /**
     * Takes one queued reply, if any (null when none). It is on time when it carries the current IPOC and is found
     * before the cycle ends: a reply that is found only after the deadline (say the emulator thread itself was
     * descheduled) counts as late, as it would on a controller that is never descheduled.
     */
    private ReplyHandler.Outcome receiveReply(long currentIpoc, boolean awaiting, long deadline, double cycleSeconds)
            throws IOException {
        rxBuffer.clear();
        SocketAddress from = channel.receive(rxBuffer);
        if (from == null) {
            return null;
        }
        long arrived = System.nanoTime();
        rxBuffer.flip();
        int n = rxBuffer.remaining();
        rxBuffer.get(in, 0, n);
        ReplyHandler.Outcome outcome = replies.handle(in, n, currentIpoc, awaiting, arrived - deadline <= 0,
                cycleSeconds);
        if (outcome == ReplyHandler.Outcome.ON_TIME) {
            lastRoundTripNanos = arrived - lastSendNanos;
            synchronized (lastReply) {
                int keep = Math.min(n, lastReply.length);
                System.arraycopy(in, 0, lastReply, 0, keep);
                lastReplyLength = keep;
            }
        }
        return outcome;
    }

    @Override
    public String toString() {
        return "RsiRobotEmulator[" + state + ", ipoc " + ipoc + ", late " + lateReplies + ", axes "
                + Arrays.toString(axisDegrees()) + "]";
    }
}
