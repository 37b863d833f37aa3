package org.robocell.driver.kuka.rsi.emulator;

import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;

/**
 * What the emulated controller does with a datagram that reaches its RSI port, whoever sent it: a well-formed
 * {@code <Sen>} reply with Stop=1 ends RSI; one that carries the current IPOC and arrives in time moves the axes
 * (robot axes within their range and speed; external axes, which have no model here, to the command) and sets the
 * outputs; a command or output it lacks takes its {@code HOLDON} value (the last one, or 0); anything else changes
 * nothing but a counter. Socket-free, so
 * that any bytes can be tried on it ({@code ReplyHandlerFuzzTest}); the emulator's thread is its only caller.
 */
final class ReplyHandler {

    /** What a datagram did. */
    enum Outcome {
        /** Not a well-formed reply of the configured layout: ignored. */
        MALFORMED,
        /** A reply with Stop=1: RSI ends, whatever its IPOC. */
        STOP,
        /** The reply of the current cycle, in time: applied. */
        ON_TIME,
        /** A well-formed reply for another cycle, or too late: ignored. */
        NOT_ON_TIME
    }

    private final RsiEmulatorConfig config;
    private final RsiParser parser;
    private final double[] values;
    private final int[] commandChannel;
    private final int[] outputChannel;
    /** RKorr X..C, or none */
    private final int[] correctionChannel;
    /** the correction in force (mm, deg): the last one received, or the sum of the increments with #RELATIVE */
    private final double[] correction = new double[6];
    private final double[] lastCorrection = new double[6];
    private final CartesianCorrection cartesian;
    private final int stopChannel;
    private final int robotAxes;
    private final int ipocChannel;

    private final Object lock;
    private final double[] startAxes;
    private final double[] axes;
    private final double[] lastCommand;
    private final double[] outputs;

    private long lastAnsweredIpoc = Long.MIN_VALUE;
    volatile long onTimeReplies;
    volatile long mismatchedReplies;
    volatile long malformedReplies;
    volatile long unexpectedReplies;
    volatile long stopReplies;
    volatile long limitedCommands;
    /** Cartesian corrections the arm could not reach: the axes then follow their own command alone. */
    volatile long unreachableCorrections;
    private final double[] targets;
    /** where the axis commands alone lead, before the Cartesian correction (degrees) */
    private final double[] uncorrected;

    /**
     * @param lock        guards {@code axes}, {@code lastCommand} and {@code outputs}, which the emulator shares
     * @param startAxes   the axes at RSI start (degrees), for relative correction
     * @param axes        the measured axes (degrees), moved by replies on time
     * @param lastCommand the axis command of the last reply on time
     * @param outputs     the output channels of the last reply on time, in the order of the channel map's outputs
     */
    ReplyHandler(RsiEmulatorConfig config, Object lock, double[] startAxes, double[] axes, double[] lastCommand,
            double[] outputs) {
        RsiChannelMap map = config.channels();
        RsiLayout layout = map.replyLayoutAsReceived();
        this.config = config;
        this.parser = new RsiParser(layout);
        this.values = new double[layout.channelCount()];
        int robotAxes = map.axisCount();
        commandChannel = new int[robotAxes + map.externalAxisCount()];
        for (int i = 0; i < robotAxes; i++) {
            commandChannel[i] = layout.indexOf(RsiChannelMap.axisTag(map.axisCommand(), i));
        }
        for (int e = 0; e < map.externalAxisCount(); e++) {
            commandChannel[robotAxes + e] = layout.indexOf(RsiChannelMap.externalAxisTag(map.externalAxisCommand(), e));
        }
        this.robotAxes = robotAxes;
        outputChannel = map.outputs().stream().mapToInt(s -> layout.indexOf(RsiChannelMap.tagOf(s))).toArray();
        correctionChannel = new int[map.hasCartesianCorrection() ? 6 : 0];
        for (int k = 0; k < correctionChannel.length; k++) {
            correctionChannel[k] = layout.indexOf(map.correctionTag(k));
        }
        cartesian = map.hasCartesianCorrection() ? new CartesianCorrection() : null;
        stopChannel = map.hasStop() ? layout.indexOf(map.stop()) : -1;
        ipocChannel = layout.indexOf(map.ipoc());
        this.lock = lock;
        this.startAxes = startAxes;
        this.axes = axes;
        this.lastCommand = lastCommand;
        this.outputs = outputs;
        this.targets = new double[axes.length];
        this.uncorrected = startAxes.clone();
    }

    /**
     * Takes one datagram.
     *
     * @param currentIpoc   the IPOC of the cycle under way
     * @param awaiting      true while the current cycle has no reply on time yet
     * @param inTime        true when the datagram was found before the cycle ended
     * @param cycleSeconds  the nominal cycle, for the distance an axis may travel
     */
    Outcome handle(byte[] datagram, int length, long currentIpoc, boolean awaiting, boolean inTime,
            double cycleSeconds) {
        if (!parser.parse(datagram, 0, length, values)) {
            malformedReplies++;
            return Outcome.MALFORMED;
        }
        // a missing stop flag is 0: HOLDON="0" in kuka_drivers' configuration
        if (stopChannel >= 0 && present(stopChannel) && values[stopChannel] != 0) {
            stopReplies++;
            return Outcome.STOP;
        }
        long echoed = (long) values[ipocChannel];
        if (echoed <= lastAnsweredIpoc || echoed > currentIpoc
                || (echoed - config.ipocStart()) % config.ipocStep() != 0) {
            unexpectedReplies++;
        } else {
            lastAnsweredIpoc = echoed;
        }
        if (!awaiting || echoed != currentIpoc || !inTime) {
            mismatchedReplies++;
            return Outcome.NOT_ON_TIME;
        }
        apply(cycleSeconds);
        onTimeReplies++;
        return Outcome.ON_TIME;
    }

    private boolean present(int channel) {
        return (parser.presentMask() & (1L << channel)) != 0;
    }

    /** The value a reply gives a channel: its own, or the HOLDON value when it lacks it. */
    private double received(int channel, double last) {
        return present(channel) ? values[channel] : config.holdOn() ? last : 0.0;
    }

    private void apply(double cycleSeconds) {
        CorrectionMode mode = config.correctionMode();
        boolean limited = false;
        synchronized (lock) {
            for (int i = 0; i < axes.length; i++) {
                double command = received(commandChannel[i], lastCommand[i]);
                lastCommand[i] = command;
                targets[i] = switch (mode) {
                    case RELATIVE -> startAxes[i] + command;
                    case ABSOLUTE -> command;
                    // #RELATIVE: the controller adds each cycle's increment to where it last was told to be; with a
                    // Cartesian correction, to where the axis increments alone lead (the correction is added after)
                    case INCREMENTAL -> (cartesian == null ? axes[i] : uncorrected[i]) + command;
                };
                uncorrected[i] = targets[i];
            }
            if (cartesian != null) {
                for (int k = 0; k < 6; k++) {
                    double value = received(correctionChannel[k], lastCorrection[k]);
                    lastCorrection[k] = value;
                    correction[k] = mode == CorrectionMode.INCREMENTAL ? correction[k] + value : value;
                }
                if (!cartesian.correct(targets, correction)) {
                    unreachableCorrections++;
                }
            }
            for (int i = 0; i < axes.length; i++) {
                double target = targets[i];
                double reached = i < robotAxes ? config.limits().step(i, axes[i], target, cycleSeconds) : target;
                limited |= reached != target;
                axes[i] = reached;
            }
            for (int k = 0; k < outputChannel.length; k++) {
                outputs[k] = received(outputChannel[k], outputs[k]);
            }
        }
        if (limited) {
            limitedCommands++;
        }
    }
}
