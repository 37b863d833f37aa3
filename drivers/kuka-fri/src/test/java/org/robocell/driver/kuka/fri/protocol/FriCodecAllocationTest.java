package org.robocell.driver.kuka.fri.protocol;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

/** Reading the robot's message and writing the command allocate nothing, refusals included. */
class FriCodecAllocationTest {

    private static final int ITERATIONS = 200_000;
    /** what measuring itself may cost: a constant, independent of the iteration count */
    private static final long SLACK_BYTES = 1024;

    @Test
    void readingAndWritingACycleAllocateNothing() {
        byte[] message = FriWireCompatibilityTest.v1Monitoring(1, 4, 3, 1).toByteArray();
        byte[] cut = java.util.Arrays.copyOf(message, message.length / 2);
        FriMonitorReader reader = new FriMonitorReader(FriVersion.V1);
        FriCommandWriter writer = new FriCommandWriter(FriVersion.V1);
        double[] q = new double[7];
        double[] tau = new double[7];
        byte[] out = new byte[FriCommandWriter.MAX_LENGTH];
        assertNull(reader.read(message, message.length));

        long checksum = run(reader, writer, message, cut, q, tau, out);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(self);
        long before = threads.getThreadAllocatedBytes(self);
        checksum += run(reader, writer, message, cut, q, tau, out);
        long allocated = threads.getThreadAllocatedBytes(self) - before;

        assertTrue(checksum > 0);
        assertTrue(allocated <= SLACK_BYTES, allocated + " bytes allocated in " + ITERATIONS + " cycles");
    }

    private static long run(FriMonitorReader reader, FriCommandWriter writer, byte[] message, byte[] cut, double[] q,
            double[] tau, byte[] out) {
        long sum = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            if (reader.read(cut, cut.length) != null) {
                sum++;
            }
            reader.read(message, message.length);
            for (int j = 0; j < 7; j++) {
                q[j] = reader.measuredPosition(j);
                tau[j] = reader.measuredTorque(j);
            }
            sum += writer.write(i, reader.sequenceCounter(), q, tau, null, 7, out);
        }
        return sum;
    }
}
