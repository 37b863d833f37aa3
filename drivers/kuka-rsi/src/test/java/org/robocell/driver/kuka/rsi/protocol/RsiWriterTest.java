package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class RsiWriterTest {

    private final RsiLayout reply = RsiChannelMap.defaults().replyLayout();
    private final RsiWriter writer = new RsiWriter(reply);

    private double[] replyValues(double stop, double a1, double ipoc) {
        double[] v = new double[reply.channelCount()];
        v[reply.indexOf("Stop")] = stop;
        v[reply.indexOf("AK.A1")] = a1;
        v[reply.indexOf("IPOC")] = ipoc;
        return v;
    }

    private String write(double[] values) {
        byte[] out = new byte[writer.maxLength()];
        int n = writer.write(values, out);
        return n < 0 ? null : new String(out, 0, n, StandardCharsets.US_ASCII);
    }

    @Test
    void writesTheReplyInTheKroshuShapeWithSixDecimals() {
        assertEquals("<Sen Type=\"KROSHU\"><Stop>0</Stop>"
                + "<AK A1=\"-1.234568\" A2=\"0.000000\" A3=\"0.000000\" A4=\"0.000000\" A5=\"0.000000\" A6=\"0.000000\"/>"
                + "<IPOC>3393226</IPOC></Sen>", write(replyValues(0, -1.2345675, 3393226)));
    }

    @Test
    void roundsHalfAwayFromZeroAndNeverPrintsNegativeZero() {
        assertTrue(write(replyValues(1, -0.0000004, 1)).contains("A1=\"0.000000\""));
        assertTrue(write(replyValues(1, -0.0, 1)).contains("A1=\"0.000000\""));
        assertTrue(write(replyValues(1, 0.0000005, 1)).contains("A1=\"0.000001\""));
        assertTrue(write(replyValues(1, 179.9999996, 1)).contains("A1=\"180.000000\""));
        assertTrue(write(replyValues(1, 0, 1)).contains("<Stop>1</Stop>"));
    }

    @Test
    void refusesToWriteAnInventedNumber() {
        assertEquals(null, write(replyValues(0, Double.NaN, 1)));
        assertEquals(null, write(replyValues(0, Double.POSITIVE_INFINITY, 1)));
        assertEquals(null, write(replyValues(0, 1e13, 1)));
        assertEquals(null, write(replyValues(Double.NaN, 0, 1)));
    }

    @Test
    void whatTheWriterWritesTheParserReadsBack() {
        RsiChannelMap map = RsiChannelMap.defaults().withOutputs(List.of("DiO", "Tech.T21:2"));
        RsiLayout layout = map.replyLayout();
        RsiWriter w = new RsiWriter(layout);
        double[] v = new double[layout.channelCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = layout.decimals(i) == 0 ? i * 7 : i * -1.125;
        }
        byte[] out = new byte[w.maxLength()];
        int n = w.write(v, out);
        double[] back = new double[layout.channelCount()];
        assertTrue(new RsiParser(layout).parse(out, 0, n, back), new String(out, 0, n, StandardCharsets.US_ASCII));
        for (int i = 0; i < v.length; i++) {
            assertEquals(v[i], back[i], 1e-9, layout.tag(i));
        }
    }

    @Test
    void theLongestMessageFitsInTheAdvertisedBuffer() {
        double[] v = new double[reply.channelCount()];
        java.util.Arrays.fill(v, -8.999999999e12);
        byte[] out = new byte[writer.maxLength()];
        assertTrue(writer.write(v, out) <= writer.maxLength());
    }
}
