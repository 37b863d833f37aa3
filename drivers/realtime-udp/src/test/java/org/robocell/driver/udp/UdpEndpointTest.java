package org.robocell.driver.udp;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.driver.udp.UdpEndpoint.Received;
import org.robocell.driver.udp.UdpEndpoint.Sent;

/**
 * The endpoint between a driver ({@code driver}) and its robot ({@code robot}, another endpoint), both on loopback.
 * Loopback hands a datagram to the receiving socket before {@code send} returns, so no test waits for one to arrive.
 */
class UdpEndpointTest {

    private static final int CAPACITY = 64;
    /** far enough that a datagram on loopback is always there first; a test that waits this long has failed */
    private static final long PATIENCE_NANOS = 5_000_000_000L;
    private static final int CYCLES = 10_000;
    /**
     * What measuring itself and one-off effects on a loaded machine may cost: a constant. One object per cycle, the
     * least a cycle could allocate, would be 16 bytes x 10 000 cycles.
     */
    private static final long SLACK_BYTES = 4096;

    private UdpEndpoint driver;
    private UdpEndpoint robot;
    private InetSocketAddress driverAddress;
    private InetSocketAddress robotAddress;

    @BeforeEach
    void open() throws IOException {
        InetSocketAddress anyLoopbackPort = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        driver = UdpEndpoint.open(anyLoopbackPort, CAPACITY);
        robot = UdpEndpoint.open(anyLoopbackPort, CAPACITY);
        driverAddress = new InetSocketAddress(InetAddress.getLoopbackAddress(), driver.localPort());
        robotAddress = new InetSocketAddress(InetAddress.getLoopbackAddress(), robot.localPort());
    }

    @AfterEach
    void close() {
        driver.close();
        robot.close();
    }

    @Test
    void aDatagramGoesThereAndTheAnswerBackToItsSender() {
        byte[] state = "<Rob IPOC=\"1\"/>".getBytes(US_ASCII);
        assertEquals(Sent.SENT, robot.send(state, state.length, driverAddress));

        assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
        assertArrayEquals(state, Arrays.copyOf(driver.data(), driver.length()));
        assertEquals(robotAddress, driver.source());

        byte[] reply = "<Sen IPOC=\"1\"/>".getBytes(US_ASCII);
        assertEquals(Sent.SENT, driver.send(reply, reply.length, driver.source()));
        assertEquals(Received.DATAGRAM, robot.receive(System.nanoTime() + PATIENCE_NANOS));
        assertArrayEquals(reply, Arrays.copyOf(robot.data(), robot.length()));
        assertEquals(driverAddress, robot.source());
    }

    @Test
    void aLifecycleThreadSendsThroughItsOwnBuffer() {
        byte[] stop = {1, 2, 3};
        assertEquals(Sent.SENT, driver.sendFromControl(stop, stop.length, robotAddress));
        assertEquals(Received.DATAGRAM, robot.receive(System.nanoTime() + PATIENCE_NANOS));
        assertArrayEquals(stop, Arrays.copyOf(robot.data(), robot.length()));
    }

    @Test
    void aDatagramLongerThanTheLargestTakenShowsAsLonger() throws IOException {
        // the largest datagram taken is CAPACITY - 1 bytes; a longer one is cut to CAPACITY, never to a size that
        // looks valid
        try (UdpEndpoint bigRobot = UdpEndpoint.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                4 * CAPACITY)) {
            byte[] largest = filled(CAPACITY - 1, (byte) 'a');
            byte[] longer = filled(3 * CAPACITY, (byte) 'b');
            bigRobot.send(largest, largest.length, driverAddress);
            bigRobot.send(longer, longer.length, driverAddress);

            assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
            assertEquals(CAPACITY - 1, driver.length());
            assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
            assertEquals(CAPACITY, driver.length());
            assertEquals(CAPACITY, driver.capacity());
        }
    }

    @Test
    void receiveWithoutADatagramTimesOutAtItsDeadlineNotBefore() {
        long deadline = System.nanoTime() + 20_000_000L;

        assertEquals(Received.TIMED_OUT, driver.receive(deadline));
        assertTrue(System.nanoTime() - deadline >= 0, "returned before its deadline");
    }

    @Test
    void receiveWhoseWaitsAreCappedStillWaitsUntilItsDeadline() throws IOException {
        try (UdpEndpoint capped = UdpEndpoint.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                CAPACITY, 0, 1)) {
            long deadline = System.nanoTime() + 20_000_000L;

            assertEquals(Received.TIMED_OUT, capped.receive(deadline));
            assertTrue(System.nanoTime() - deadline >= 0, "returned before its deadline");
        }
    }

    @Test
    void receiveWithADeadlinePassedStillTakesWhatIsQueued() {
        robot.send(new byte[] {7}, 1, driverAddress);

        assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() - 1));
        assertEquals(Received.TIMED_OUT, driver.receive(System.nanoTime() - 1));
    }

    @Test
    void pollTakesWhatIsQueuedAndOtherwiseReturnsAtOnce() {
        // a poll that waited would never return here: nothing is ever sent to the driver before the first poll
        assertEquals(Received.TIMED_OUT, driver.poll());

        robot.send(new byte[] {42}, 1, driverAddress);
        assertEquals(Received.DATAGRAM, driver.poll());
        assertEquals(42, driver.data()[0]);
        assertEquals(Received.TIMED_OUT, driver.poll());
    }

    @Test
    void drainDropsWhatIsQueued() {
        for (byte i = 1; i <= 3; i++) {
            robot.send(new byte[] {i}, 1, driverAddress);
        }

        driver.drain();

        assertEquals(Received.TIMED_OUT, driver.poll());
        robot.send(new byte[] {4}, 1, driverAddress);
        assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
        assertEquals(4, driver.data()[0], "the first datagram after the drain");
    }

    @Test
    void connectedOnlyThePeerIsHeard() throws IOException {
        try (UdpEndpoint stranger = UdpEndpoint.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                CAPACITY)) {
            driver.connect(robotAddress);
            assertTrue(driver.isConnected());

            stranger.send(new byte[] {66}, 1, driverAddress);
            robot.send(new byte[] {1}, 1, driverAddress);

            assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
            assertEquals(1, driver.data()[0]);
            assertEquals(Received.TIMED_OUT, driver.poll());

            driver.disconnect();
            assertFalse(driver.isConnected());
            stranger.send(new byte[] {66}, 1, driverAddress);
            assertEquals(Received.DATAGRAM, driver.receive(System.nanoTime() + PATIENCE_NANOS));
        }
    }

    @Test
    void connectedToAClosedPeerTheNextCallIsRefused() throws IOException {
        // the robot's socket closes; loopback answers the driver's datagram with ICMP port unreachable
        robot.close();
        driver.connect(robotAddress);
        assertEquals(Sent.SENT, driver.send(new byte[] {1}, 1, robotAddress));

        Received r = driver.receive(System.nanoTime() + PATIENCE_NANOS);

        assertEquals(Received.REFUSED, r);
    }

    @Test
    void notConnectedAClosedPeerIsNeverRefused() {
        robot.close();
        assertEquals(Sent.SENT, driver.send(new byte[] {1}, 1, robotAddress));

        assertEquals(Received.TIMED_OUT, driver.poll());
        assertEquals(Sent.SENT, driver.send(new byte[] {1}, 1, robotAddress));
    }

    @Test
    void aClosedEndpointFailsAndSaysWhy() {
        assertNull(driver.failure());
        driver.close();

        assertEquals(Received.FAILED, driver.poll());
        assertNotNull(driver.failure());
        assertEquals(Received.FAILED, driver.receive(System.nanoTime() + PATIENCE_NANOS));
        assertEquals(Sent.FAILED, driver.send(new byte[] {1}, 1, robotAddress));
        assertEquals(-1, driver.localPort());
    }

    @Test
    void aDatagramBeyondTheCapacityIsNotSent() {
        assertEquals(Sent.FAILED, driver.send(new byte[CAPACITY + 1], CAPACITY + 1, robotAddress));
        assertNotNull(driver.failure());
    }

    @Test
    void aCapacityOfNothingIsRefused() {
        InetSocketAddress any = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        assertThrows(IllegalArgumentException.class, () -> UdpEndpoint.open(any, 0));
        assertThrows(IllegalArgumentException.class, () -> UdpEndpoint.open(any, CAPACITY, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> UdpEndpoint.open(any, CAPACITY, 0, -1));
    }

    @Test
    void aCycleAllocatesNothingOnceWarm() {
        byte[] state = filled(CAPACITY - 1, (byte) 's');
        byte[] reply = filled(CAPACITY - 1, (byte) 'r');
        int ok = cycles(CYCLES, state, reply);
        assertEquals(CYCLES, ok);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        threads.getThreadAllocatedBytes(self);
        long before = threads.getThreadAllocatedBytes(self);

        ok = cycles(CYCLES, state, reply);

        long allocated = threads.getThreadAllocatedBytes(self) - before;
        assertEquals(CYCLES, ok);
        assertTrue(allocated <= SLACK_BYTES, allocated + " bytes allocated in " + CYCLES + " cycles");
    }

    /**
     * One cycle: the robot's datagram, taken once with a wait and once by a poll (the queue empty after), the
     * driver's answer to its sender, and a receive that waits in the selector until its deadline.
     */
    private int cycles(int count, byte[] state, byte[] reply) {
        int ok = 0;
        for (int i = 0; i < count; i++) {
            boolean cycle = robot.send(state, state.length, driverAddress) == Sent.SENT
                    && driver.receive(System.nanoTime() + PATIENCE_NANOS) == Received.DATAGRAM
                    && driver.poll() == Received.TIMED_OUT
                    && driver.send(reply, reply.length, driver.source()) == Sent.SENT
                    && robot.poll() == Received.DATAGRAM
                    && robot.length() == reply.length;
            if (i % 100 == 0) {
                // a real wait in the selector, now and then: each one lasts a millisecond
                cycle &= driver.receive(System.nanoTime() + 1_000_000L) == Received.TIMED_OUT;
            }
            if (cycle) {
                ok++;
            }
        }
        return ok;
    }

    private static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }
}
