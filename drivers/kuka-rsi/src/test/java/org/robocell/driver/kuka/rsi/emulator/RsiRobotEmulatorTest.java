package org.robocell.driver.kuka.rsi.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator.SessionState;
import org.robocell.driver.kuka.rsi.protocol.RsiChannelMap;
import org.robocell.driver.kuka.rsi.protocol.RsiLayout;
import org.robocell.driver.kuka.rsi.protocol.RsiParser;

/** The emulated controller seen through a bare UDP socket, without the driver. */
class RsiRobotEmulatorTest {

    private final RsiLayout robot = RsiChannelMap.defaults().robotLayout();
    private final RsiParser parser = new RsiParser(robot);
    private final double[] values = new double[robot.channelCount()];

    private boolean receive(DatagramSocket pc, DatagramPacket packet) throws Exception {
        pc.receive(packet);
        return parser.parse(packet.getData(), 0, packet.getLength(), values);
    }

    @Test
    void unansweredCyclesAreCountedInDelayUntilTheTimeoutStopsRsi() throws Exception {
        try (DatagramSocket pc = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            pc.setSoTimeout(5000);
            RsiEmulatorConfig config = RsiEmulatorConfig.defaults((InetSocketAddress) pc.getLocalSocketAddress())
                    .withCycleNanos(1_000_000).withTimeoutCount(5);
            try (RsiRobotEmulator emulator = RsiRobotEmulator.start(config)) {
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                for (int k = 0; k < 5; k++) {
                    assertTrue(receive(pc, packet));
                    assertEquals(3_393_226 + 4 * k, (long) values[robot.indexOf("IPOC")], "IPOC +4 per cycle");
                    assertEquals(k, (long) values[robot.indexOf("Delay.D")], "every earlier cycle went unanswered");
                    assertEquals(-90.0, values[robot.indexOf("AIPos.A2")]);
                }
                assertTrue(emulator.awaitStopped(5, TimeUnit.SECONDS));
                assertEquals(SessionState.STOPPED_BY_TIMEOUT, emulator.state());
                assertEquals(5, emulator.lateReplies());
                assertEquals(5, emulator.sentPackets(), "nothing is sent once RSI has stopped");
            }
        }
    }

    @Test
    void aReplyWithStopEndsRsiWhateverItsIpoc() throws Exception {
        try (DatagramSocket pc = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            pc.setSoTimeout(5000);
            RsiEmulatorConfig config = RsiEmulatorConfig.defaults((InetSocketAddress) pc.getLocalSocketAddress())
                    .withTimeoutCount(Integer.MAX_VALUE);
            try (RsiRobotEmulator emulator = RsiRobotEmulator.start(config)) {
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                assertTrue(receive(pc, packet));
                byte[] stop = ("<Sen Type=\"ImFree\"><Stop>1</Stop><AK A1=\"0\" A2=\"0\" A3=\"0\" A4=\"0\" A5=\"0\" A6=\"0\"/>"
                        + "<IPOC>1</IPOC></Sen>").getBytes(StandardCharsets.US_ASCII);
                pc.send(new DatagramPacket(stop, stop.length, packet.getSocketAddress()));
                assertTrue(emulator.awaitStopped(5, TimeUnit.SECONDS));
                assertEquals(SessionState.STOPPED_BY_REQUEST, emulator.state());
                assertTrue(emulator.stopMessage().contains("Stop=1"), emulator.stopMessage());
            }
        }
    }

    @Test
    void withGraceItWaitsForADriverWithoutCountingLateReplies() throws Exception {
        try (DatagramSocket pc = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            pc.setSoTimeout(5000);
            RsiEmulatorConfig config = RsiEmulatorConfig.defaults((InetSocketAddress) pc.getLocalSocketAddress())
                    .withCycleNanos(1_000_000).withTimeoutCount(3).withGraceUntilFirstReply(true);
            try (RsiRobotEmulator emulator = RsiRobotEmulator.start(config)) {
                DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
                for (int k = 0; k < 10; k++) {
                    assertTrue(receive(pc, packet));
                    assertEquals(0, (long) values[robot.indexOf("Delay.D")]);
                }
                assertEquals(SessionState.RUNNING, emulator.state());
            }
        }
    }

    @Test
    void axesMoveNoFurtherThanTheirSpeedAllowsInOneCycle() {
        AxisLimits limits = AxisLimits.kr6R900Sixx();
        double cycle = 0.004;
        assertEquals(360 * cycle, limits.step(0, 0, 90, cycle), 1e-9, "A1: 360 deg/s");
        assertEquals(-190.0, limits.step(1, -189.5, -200, cycle), 1e-9, "A2 stops at -190 deg");
        assertEquals(1.0, limits.step(2, 0, 1.0, cycle), 1e-12, "within reach: exactly there");
    }
}
