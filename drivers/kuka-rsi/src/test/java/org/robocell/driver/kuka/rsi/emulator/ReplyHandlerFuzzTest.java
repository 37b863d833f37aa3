package org.robocell.driver.kuka.rsi.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import org.robocell.driver.kuka.rsi.emulator.ReplyHandler.Outcome;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;

/**
 * Coverage-guided fuzzing of what the RSI robot emulator does with a datagram that reaches its port: anyone on the
 * network can send it anything. For any bytes, with the common channels (relative correction) and with I/O
 * channels (absolute correction): nothing is thrown; only a well-formed reply with Stop=1 stops RSI; only the reply
 * of the current cycle, in time and not yet answered, moves the axes, and then exactly as the controller's limits
 * allow (never out of range, never further than full speed for one cycle); the same reply again, late, or for an
 * older cycle changes nothing; every datagram is counted once. The seed corpus (replies captured from the driver on
 * loopback) is in
 * {@code src/test/resources/org/robocell/driver/kuka/rsi/emulator/ReplyHandlerFuzzTestInputs/}.
 */
class ReplyHandlerFuzzTest {

    private static final double CYCLE_SECONDS = 0.004;
    private static final InetSocketAddress DRIVER = new InetSocketAddress(InetAddress.getLoopbackAddress(), 49152);
    private static final List<RsiEmulatorConfig> CONFIGS = List.of(
            RsiEmulatorConfig.defaults(DRIVER),
            RsiEmulatorConfig.defaults(DRIVER).withCorrectionMode(CorrectionMode.ABSOLUTE).withChannels(
                    RsiChannelMap.defaults().withOutputs(List.of("DiO", "Tech.T31:3"))),
            RsiEmulatorConfig.defaults(DRIVER).withCorrectionMode(CorrectionMode.INCREMENTAL).withHoldOn(false));

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void onlyTheCurrentReplyMovesTheAxesAndNeverBeyondTheirLimits(byte[] datagram) {
        for (RsiEmulatorConfig config : CONFIGS) {
            new Scenario(config, datagram).run();
        }
    }

    /** One emulated controller and one datagram, tried the ways it can arrive. */
    private static final class Scenario {
        private final RsiEmulatorConfig config;
        private final byte[] datagram;
        private final double[] start = RsiEmulatorConfig.HOME_DEGREES.clone();
        private final double[] axes = start.clone();
        private final double[] lastCommand = new double[6];
        private final double[] outputs;
        private final ReplyHandler handler;
        private final RsiLayout layout;
        private final double[] reply;
        private final boolean wellFormed;
        private final long present;
        private int calls;

        Scenario(RsiEmulatorConfig config, byte[] datagram) {
            this.config = config;
            this.datagram = datagram;
            this.outputs = new double[config.channels().outputs().size()];
            this.handler = new ReplyHandler(config, this, start, axes, lastCommand, outputs);
            // as a controller reads it: every channel but the IPOC may be missing and then takes its HOLDON value
            this.layout = config.channels().replyLayoutAsReceived();
            this.reply = new double[layout.channelCount()];
            RsiParser reference = new RsiParser(layout);
            this.wellFormed = reference.parse(datagram, 0, datagram.length, reply);
            this.present = reference.presentMask();
        }

        void run() {
            int stopChannel = layout.indexOf("Stop");
            boolean stop = wellFormed && (present & (1L << stopChannel)) != 0 && reply[stopChannel] == 1;
            long echoed = wellFormed ? (long) reply[layout.indexOf("IPOC")] : -1;
            boolean aCycleOfThisSession = echoed >= config.ipocStart()
                    && (echoed - config.ipocStart()) % config.ipocStep() == 0;
            long current = aCycleOfThisSession ? echoed : config.ipocStart() + 100 * config.ipocStep();

            Outcome first = take(current, true, true);
            Outcome expected = !wellFormed ? Outcome.MALFORMED : stop ? Outcome.STOP
                    : echoed == current ? Outcome.ON_TIME : Outcome.NOT_ON_TIME;
            assertEquals(expected, first, this::describe);

            // once answered, late, or for an older cycle: the same reply changes nothing
            take(current, false, true);
            take(current, true, false);
            take(current + config.ipocStep(), true, true);
            assertEquals(calls, handler.malformedReplies + handler.stopReplies + handler.mismatchedReplies
                    + handler.onTimeReplies, "every datagram is counted once");
        }

        private Outcome take(long current, boolean awaiting, boolean inTime) {
            double[] before = axes.clone();
            double[] commandBefore = lastCommand.clone();
            double[] outputsBefore = outputs.clone();
            Outcome outcome = handler.handle(datagram, datagram.length, current, awaiting, inTime, CYCLE_SECONDS);
            calls++;
            if (outcome != Outcome.ON_TIME) {
                assertArrayEquals(before, axes, () -> outcome + " moved the axes: " + describe());
                assertArrayEquals(outputsBefore, outputs, () -> outcome + " changed the outputs: " + describe());
                return outcome;
            }
            assertTrue(awaiting && inTime && wellFormed, this::describe);
            assertEquals(current, (long) reply[layout.indexOf("IPOC")], this::describe);
            AxisLimits limits = config.limits();
            for (int i = 0; i < axes.length; i++) {
                int channel = layout.indexOf(RsiChannelMap.axisTag(config.channels().axisCommand(), i));
                double command = (present & (1L << channel)) != 0 ? reply[channel]
                        : config.holdOn() ? commandBefore[i] : 0.0;
                double target = switch (config.correctionMode()) {
                    case RELATIVE -> start[i] + command;
                    case ABSOLUTE -> command;
                    case INCREMENTAL -> before[i] + command;
                };
                double lower = limits.lowerDegrees()[i];
                double upper = limits.upperDegrees()[i];
                double reach = limits.maxSpeedDegreesPerSecond()[i] * CYCLE_SECONDS;
                double expected = Math.min(Math.max(Math.min(Math.max(target, lower), upper), before[i] - reach),
                        before[i] + reach);
                int axis = i;
                assertEquals(expected, axes[i], () -> "A" + (axis + 1) + " of " + describe());
                assertTrue(axes[i] >= lower && axes[i] <= upper,
                        () -> "A" + (axis + 1) + " out of range: " + describe());
                // reach, give or take the rounding of before - reach
                assertTrue(Math.abs(axes[i] - before[i]) <= reach + 4 * Math.ulp(before[i]),
                        () -> "A" + (axis + 1) + " too fast: " + describe());
                assertEquals(command, lastCommand[i]);
            }
            return outcome;
        }

        private String describe() {
            return config.correctionMode().label() + " " + config.channels().outputs() + ": "
                    + new String(datagram, StandardCharsets.ISO_8859_1);
        }
    }
}
