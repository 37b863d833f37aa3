package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of {@link RsiParser} on arbitrary datagrams, read with the driver's layout ({@code <Rob>})
 * and the emulator's ({@code <Sen>}), both with I/O channels. For every input the parser answers without throwing,
 * and whatever it accepts, an independent reading with the JDK's XML parser ({@link ReferenceReading}) accepts too,
 * with the same channels present and the same values: the parser never accepts a datagram that is not well-formed,
 * misses a required channel, repeats one or carries a value outside its channel's range. The same bytes inside a
 * larger buffer give the same answer. The seed corpus (datagrams captured from the emulator and the driver on
 * loopback, and the shapes other RSI implementations send) is in
 * {@code src/test/resources/org/robocell/driver/kuka/rsi/protocol/RsiParserFuzzTestInputs/}.
 */
class RsiParserFuzzTest {

    private static final RsiChannelMap MAP = RsiChannelMap.defaults()
            .withInputs(List.of("DiL", "Digout.o1", "Tech.T21:2"))
            .withOutputs(List.of("DiO", "Tech.T31:3"));
    private static final RsiLayout ROBOT = MAP.robotLayout();
    private static final RsiLayout REPLY = MAP.replyLayout();

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void acceptsOnlyWhatTheXmlSaysWithTheSameValues(byte[] datagram) {
        for (RsiLayout layout : List.of(ROBOT, REPLY)) {
            RsiParser parser = new RsiParser(layout);
            double[] values = new double[layout.channelCount()];
            boolean accepted = parser.parse(datagram, 0, datagram.length, values);
            if (accepted) {
                ReferenceReading reference = ReferenceReading.read(datagram, 0, datagram.length, layout);
                assertTrue(reference.accepted, () -> "the parser accepted, as <" + layout.root() + ">, a datagram "
                        + "the reference refuses (" + reference.reason + "): " + text(datagram));
                assertEquals(reference.presentMask, parser.presentMask(),
                        () -> "other channels present in " + text(datagram));
                for (int c = 0; c < values.length; c++) {
                    if ((reference.presentMask & (1L << c)) != 0) {
                        assertSameNumber(reference.values[c], values[c], layout.tag(c), datagram);
                    }
                }
            }
            assertSameAnswerInsideALargerBuffer(parser, datagram, accepted, values);
        }
    }

    private static void assertSameAnswerInsideALargerBuffer(RsiParser parser, byte[] datagram, boolean accepted,
            double[] values) {
        byte[] framed = new byte[datagram.length + 6];
        Arrays.fill(framed, (byte) '<');
        System.arraycopy(datagram, 0, framed, 3, datagram.length);
        double[] again = new double[values.length];
        assertEquals(accepted, parser.parse(framed, 3, datagram.length, again),
                () -> "another answer inside a larger buffer for " + text(datagram));
        if (accepted) {
            assertTrue(Arrays.equals(values, again), () -> "other values inside a larger buffer for " + text(datagram));
        }
    }

    /** Decimal text to the nearest double: the parser may differ from the JDK in the last bits only. */
    private static void assertSameNumber(double expected, double actual, String tag, byte[] datagram) {
        double tolerance = Math.max(4 * Math.ulp(expected), Double.MIN_NORMAL);
        assertTrue(Math.abs(expected - actual) <= tolerance, () -> tag + " read as " + actual + " but the text says "
                + expected + " in " + text(datagram));
    }

    private static String text(byte[] datagram) {
        return new String(datagram, StandardCharsets.ISO_8859_1);
    }
}
