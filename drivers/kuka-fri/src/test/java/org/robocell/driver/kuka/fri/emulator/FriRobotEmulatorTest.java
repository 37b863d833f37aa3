package org.robocell.driver.kuka.fri.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.fri.protocol.FriCommandWriter;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;
import org.robocell.driver.kuka.fri.protocol.FriMonitorReader;
import org.robocell.driver.kuka.fri.protocol.FriSessionState;
import org.robocell.driver.kuka.fri.protocol.FriVersion;

/**
 * The emulated controller against a hand-driven client socket: what counts as a reply, and what each broken reply
 * is counted as.
 */
class FriRobotEmulatorTest {

    private DatagramChannel client;
    private DatagramChannel stranger;
    private FriRobotEmulator robot;
    private final FriMonitorReader reader = new FriMonitorReader(FriVersion.V1);
    private final FriCommandWriter writer = new FriCommandWriter(FriVersion.V1);
    private final byte[] in = new byte[2000];
    private final byte[] out = new byte[FriCommandWriter.MAX_LENGTH];
    private long clientCounter;

    @BeforeEach
    void open() throws IOException {
        client = DatagramChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        stranger = DatagramChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        robot = FriRobotEmulator.open(FriEmulatorConfig.defaults((InetSocketAddress) client.getLocalAddress()));
    }

    @AfterEach
    void close() throws IOException {
        robot.close();
        client.close();
        stranger.close();
    }

    /** The robot sends; the client takes the message. */
    private void robotSends() throws IOException {
        robot.step();
        ByteBuffer b = ByteBuffer.wrap(in);
        client.receive(b);
        assertNull(reader.read(in, b.position()));
    }

    private void reply(DatagramChannel from, long counter, long reflected) throws IOException {
        double[] q = new double[7];
        for (int i = 0; i < 7; i++) {
            q[i] = reader.ipoPosition(i);
        }
        int n = writer.write(counter, reflected, q, null, null, 7, out);
        from.send(ByteBuffer.wrap(out, 0, n), robot.address());
    }

    private void answerInTime(int cycles) throws IOException {
        for (int i = 0; i < cycles; i++) {
            robotSends();
            reply(client, clientCounter++, reader.sequenceCounter());
            robot.awaitReply(1, TimeUnit.SECONDS);
        }
    }

    @Test
    void aSessionStartsPoorInMonitoringWaitAndAnsweredMessagesBringItToCommandingActive() throws Exception {
        robotSends();
        assertEquals(FriSessionState.MONITORING_WAIT, reader.sessionState());
        assertEquals(FriConnectionQuality.POOR, reader.quality());
        assertEquals(5, reader.sendPeriodMs());
        assertEquals(7, reader.numberOfJoints());
        reply(client, clientCounter++, reader.sequenceCounter());
        answerInTime(44);
        assertEquals(FriSessionState.MONITORING_WAIT, robot.state(), "44 of 50 answered is FAIR");
        answerInTime(1);
        assertEquals(FriConnectionQuality.GOOD, robot.quality());
        answerInTime(60);
        assertEquals(FriSessionState.COMMANDING_ACTIVE, robot.state());
        assertEquals(FriConnectionQuality.EXCELLENT, robot.quality());
        robotSends();
        assertEquals(FriSessionState.COMMANDING_ACTIVE, reader.sessionState());
        assertEquals(clientCounter - 1, reader.reflectedSequenceCounter(), "the client's counter reflected");
    }

    @Test
    void repliesWithAWrongOrOldCounterOrFromElsewhereOrBrokenDoNotCountAndAreCountedAsWhatTheyAre()
            throws Exception {
        answerInTime(120);
        assertEquals(FriSessionState.COMMANDING_ACTIVE, robot.state());
        long lastCounted = clientCounter - 1;

        robotSends();
        long answered = robot.answeredReplies();
        reply(client, clientCounter++, reader.sequenceCounter() + 5); // reflects a message never sent
        robot.awaitReply(1, TimeUnit.SECONDS);
        robotSends();
        reply(client, lastCounted, reader.sequenceCounter()); // the client's counter did not move on
        robot.awaitReply(1, TimeUnit.SECONDS);
        robotSends();
        long current = reader.sequenceCounter();
        reply(client, clientCounter++, current - 1); // answers the message before: late
        robot.awaitReply(1, TimeUnit.SECONDS);
        robotSends();
        reply(stranger, clientCounter++, reader.sequenceCounter()); // another socket of the client's host
        robot.awaitReply(1, TimeUnit.SECONDS);
        robotSends();
        client.send(ByteBuffer.wrap(new byte[] { 0x0a, 0x09, 0x08 }), robot.address()); // cut short
        robot.awaitReply(1, TimeUnit.SECONDS);
        robotSends();
        int n = writer.write(clientCounter++, reader.sequenceCounter(), new double[7], null, null, 7, out);
        out[3] = 0x01; // messageIdentifier 0x34001 becomes another id: a message, not a command
        client.send(ByteBuffer.wrap(out, 0, n), robot.address());
        robot.awaitReply(1, TimeUnit.SECONDS);
        robot.step();

        assertEquals(2, robot.wrongCounterReplies());
        assertEquals(1, robot.lateReplies());
        assertEquals(1, robot.foreignReplies());
        assertEquals(2, robot.malformedReplies());
        assertEquals(answered, robot.answeredReplies(), "none of them counted");
        assertEquals(6, robot.missedReplies());
        assertEquals(FriSessionState.MONITORING_WAIT, robot.state(),
                "six of fifty missing is FAIR: commanding stopped");
        assertTrue(robot.stopMessage().contains("connection quality FAIR (6 of the last 50 replies missing, late or"
                + " refused)"), robot.stopMessage());
    }

    @Test
    void aCommandBeyondAJointLimitIsClampedAndCounted() throws Exception {
        answerInTime(120);
        double[] q = new double[7];
        q[0] = 3.5;
        for (int i = 0; i < 450; i++) {
            robotSends();
            int n = writer.write(clientCounter++, reader.sequenceCounter(), q, null, null, 7, out);
            client.send(ByteBuffer.wrap(out, 0, n), robot.address());
            robot.awaitReply(1, TimeUnit.SECONDS);
        }
        robot.step();
        assertEquals(450, robot.limitedCommands());
        assertEquals(LbrIiwa14.positionLimit(0), robot.joints()[0], 1e-12);
    }
}
