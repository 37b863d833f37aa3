package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The hot path of a cycle, parse the robot's datagram and build the reply, allocates nothing. */
class RsiAllocationTest {

    private static final int ITERATIONS = 200_000;
    /** what measuring itself may cost: a constant, independent of the iteration count */
    private static final long SLACK_BYTES = 1024;

    @Test
    void parsingAndReplyBuildingAllocateNothing() {
        RsiChannelMap map = RsiChannelMap.defaults();
        RsiLayout robot = map.robotLayout();
        RsiLayout reply = map.replyLayout();
        RsiParser parser = new RsiParser(robot);
        RsiWriter writer = new RsiWriter(reply);
        double[] in = new double[robot.channelCount()];
        double[] out = new double[reply.channelCount()];
        byte[] replyBytes = new byte[writer.maxLength()];
        byte[] datagram = ("<Rob Type=\"KUKA\"><RIst X=\"445.0000\" Y=\"0.0000\" Z=\"810.0000\" A=\"0.0000\""
                + " B=\"90.0000\" C=\"0.0000\"/><AIPos A1=\"0.0000\" A2=\"-90.0000\" A3=\"90.0000\" A4=\"0.0000\""
                + " A5=\"90.0000\" A6=\"0.0000\"/><Delay D=\"0\"/><IPOC>3393226</IPOC></Rob>")
                .getBytes(StandardCharsets.US_ASCII);
        int ipoc = robot.indexOf("IPOC");
        int a1 = robot.indexOf("AIPos.A1");
        int replyIpoc = reply.indexOf("IPOC");
        int ak1 = reply.indexOf("AK.A1");

        long checksum = run(parser, writer, datagram, in, out, replyBytes, ipoc, a1, replyIpoc, ak1, ITERATIONS);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(self);
        long before = threads.getThreadAllocatedBytes(self);
        checksum += run(parser, writer, datagram, in, out, replyBytes, ipoc, a1, replyIpoc, ak1, ITERATIONS);
        long allocated = threads.getThreadAllocatedBytes(self) - before;

        assertTrue(checksum > 0);
        assertTrue(allocated <= SLACK_BYTES, allocated + " bytes allocated in " + ITERATIONS + " parse+write cycles");
    }

    /**
     * Refusing costs nothing either: every datagram of the fuzzing corpus (captured datagrams, other
     * implementations' shapes, the inputs the fuzzer found), each also cut at every length, read with both layouts.
     */
    @Test
    void parsingAnyCorpusDatagramAcceptedOrRefusedAllocatesNothing() throws Exception {
        List<byte[]> datagrams = new ArrayList<>();
        for (byte[] d : corpus()) {
            for (int length = 0; length <= d.length; length++) {
                datagrams.add(Arrays.copyOf(d, length));
            }
        }
        RsiChannelMap map = RsiChannelMap.defaults().withInputs(List.of("DiL", "Digout.o1", "Tech.T21:2"))
                .withOutputs(List.of("DiO", "Tech.T31:3"));
        RsiParser[] parsers = { new RsiParser(map.robotLayout()), new RsiParser(map.replyLayout()) };
        double[] values = new double[RsiLayout.MAX_CHANNELS];

        long accepted = parseAll(datagrams, parsers, values, 10);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(self);
        long before = threads.getThreadAllocatedBytes(self);
        accepted += parseAll(datagrams, parsers, values, 10);
        long allocated = threads.getThreadAllocatedBytes(self) - before;

        assertTrue(accepted > 0 && accepted < 40L * datagrams.size(), "accepted " + accepted);
        assertTrue(allocated <= SLACK_BYTES, allocated + " bytes allocated in " + 10 * datagrams.size()
                + " parses with each layout");
    }

    private static long parseAll(List<byte[]> datagrams, RsiParser[] parsers, double[] values, int rounds) {
        long accepted = 0;
        for (int r = 0; r < rounds; r++) {
            for (int d = 0; d < datagrams.size(); d++) {
                byte[] datagram = datagrams.get(d);
                for (RsiParser parser : parsers) {
                    if (parser.parse(datagram, 0, datagram.length, values)) {
                        accepted++;
                    }
                }
            }
        }
        return accepted;
    }

    private static List<byte[]> corpus() throws IOException, URISyntaxException {
        Path dir = Path.of(RsiAllocationTest.class.getResource(
                "RsiParserFuzzTestInputs/acceptsOnlyWhatTheXmlSaysWithTheSameValues").toURI());
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                out.add(Files.readAllBytes(f));
            }
        }
        assertTrue(out.size() >= 10, "the corpus has " + out.size() + " datagrams");
        return out;
    }

    private static long run(RsiParser parser, RsiWriter writer, byte[] datagram, double[] in, double[] out,
            byte[] replyBytes, int ipoc, int a1, int replyIpoc, int ak1, int iterations) {
        long total = 0;
        for (int i = 0; i < iterations; i++) {
            if (!parser.parse(datagram, 0, datagram.length, in)) {
                throw new AssertionError("the datagram is valid");
            }
            out[replyIpoc] = in[ipoc];
            out[ak1] = in[a1] + i * 1e-6;
            total += writer.write(out, replyBytes);
        }
        return total;
    }
}
