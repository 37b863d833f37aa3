package org.robocell.driver.kuka.rsi.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

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
