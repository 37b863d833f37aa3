package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * The driver as an attacker on the RSI network would try it: datagrams from others, replays and duplicates of the
 * robot's own, IPOCs out of sequence, garbage, oversized datagrams, a flood. A bare socket plays the robot and
 * sends each datagram at a chosen moment, so every assertion is about what the driver did with it, never about
 * time. The rule under test: a datagram that is not from the robot, or not its next cycle, changes nothing.
 */
class RsiHostilePacketsTest {

    /** Degrees: what an attacker wants the driver to believe about A1. */
    private static final double FAKE_A1 = 45.0;
    /** Degrees: where the robot's A1 is once the session runs. */
    private static final double ROBOT_A1 = 10.0;

    /** The robot's IPOC in a test: its last datagram. */
    private long ipoc = 3_393_226L;
    /** A datagram the robot sent early in the session, as an attacker would have captured it. */
    private byte[] captured;

    @Test
    void aReplayArrivingJustAfterTheRobotsDatagramIsNotTakenAsTheNewest() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            robot.send(next(), ROBOT_A1);
            robot.send(captured);

            assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9,
                    "the replay queued behind the robot's datagram is not the newest");
            assertEquals(ipoc, rig.status("ipoc"));
            assertEquals(1, rig.status("old_ipoc_packets"));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0));
            assertEquals(ipoc, robot.awaitReplyIpoc(2000));
            assertFalse(robot.hasReply(), "the replay was not answered");
        }
    }

    @Test
    void aReplayOnItsOwnIsNotACycle() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1", "receive_timeout_ms", "100")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            robot.send(captured);

            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0), "the robot's next cycle never came");
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9, "the state is the robot's");
            assertEquals(ipoc, rig.status("ipoc"));
            assertEquals(1, rig.status("old_ipoc_packets"));
            assertFalse(robot.hasReply());
        }
    }

    @Test
    void aDuplicateIpocIsTakenOnceAndAnsweredOnce() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            long staleBefore = rig.status("stale_packets");
            robot.send(next(), ROBOT_A1);
            robot.send(ipoc, FAKE_A1);

            assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9);
            assertEquals(1, rig.status("old_ipoc_packets"));
            assertEquals(staleBefore, rig.status("stale_packets"), "the duplicate did not replace the first");
            assertEquals(ReturnType.OK, rig.driver.write(0, 0));
            assertEquals(ipoc, robot.awaitReplyIpoc(2000));
            assertFalse(robot.hasReply(), "one reply per IPOC");
        }
    }

    @Test
    void anIpocFarAheadIsNotTheRobotsNextCycleAndDoesNotMoveTheSequence() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            long missedBefore = rig.status("missed_packets");
            robot.send(next(), ROBOT_A1);
            robot.send(ipoc + 1_000_000, FAKE_A1);

            assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9);
            assertEquals(ipoc, rig.status("ipoc"));
            assertEquals(1, rig.status("ipoc_jump_packets"));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0));
            assertEquals(ipoc, robot.awaitReplyIpoc(2000));
            assertFalse(robot.hasReply(), "the jump was not answered");

            cycle(rig, robot, next(), ROBOT_A1);
            assertEquals(missedBefore, rig.status("missed_packets"), "the robot's next cycle follows on");
        }
    }

    @Test
    void garbageOversizedAndBadIpocDatagramsFromTheRobotsAddressChangeNothing() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            long newer = ipoc + 8;
            String valid = new String(robot.datagram(newer, FAKE_A1), StandardCharsets.US_ASCII);
            byte[] garbage = new byte[300];
            new Random(7).nextBytes(garbage);
            byte[] oversized = Arrays.copyOf(valid.getBytes(StandardCharsets.US_ASCII), 9000);
            Arrays.fill(oversized, valid.length(), oversized.length, (byte) ' ');
            byte[] fractionalIpoc = valid.replace("<IPOC>" + newer + "</IPOC>", "<IPOC>" + newer + ".5</IPOC>")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] negativeIpoc = valid.replace("<IPOC>" + newer + "</IPOC>", "<IPOC>-" + newer + "</IPOC>")
                    .getBytes(StandardCharsets.US_ASCII);
            byte[] empty = new byte[0];

            robot.send(next(), ROBOT_A1);
            for (byte[] bad : new byte[][] { garbage, oversized, fractionalIpoc, negativeIpoc, empty }) {
                robot.send(bad);
            }
            assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9);
            assertEquals(ipoc, rig.status("ipoc"));
            assertEquals(5, rig.status("malformed_packets"));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0));
            assertEquals(ipoc, robot.awaitReplyIpoc(2000));
            assertFalse(robot.hasReply());
        }
    }

    @Test
    void aFakeRobotThatSendsFirstDoesNotWinTheSessionWhenRobotAddressNamesThePort() throws Exception {
        try (RawRobot robot = RawRobot.onLoopback(0); RawRobot fake = RawRobot.onLoopback(0);
                RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1:" + robot.address().getPort()))
                        .configured()) {
            robot.aimAt(rig.driver.listenPort());
            fake.aimAt(rig.driver.listenPort());
            assertEquals(CallbackReturn.SUCCESS, activate(rig, robot, fake), rig.driver.lastError());
            sync(rig, robot);

            assertEquals(Math.toRadians(0), rig.state("joint_a1/position"), 1e-9, "the start pose is the robot's");
            for (int i = 0; i < 5; i++) {
                fake.send(ipoc + 100, FAKE_A1);
                cycle(rig, robot, next(), ROBOT_A1);
                assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9);
            }
            assertFalse(fake.hasReply(), "the fake robot never got a reply");
            assertEquals(0, rig.status("malformed_packets") + rig.status("old_ipoc_packets"));
        }
    }

    @Test
    void anotherPortOfTheRobotsIpIsIgnoredOnceTheSessionIsLocked() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort());
                RawRobot sameIp = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            for (int i = 0; i < 5; i++) {
                // newer IPOCs than the robot's, from its IP, just before its own datagram
                sameIp.send(ipoc + 100, FAKE_A1);
                cycle(rig, robot, next(), ROBOT_A1);
                assertEquals(Math.toRadians(ROBOT_A1), rig.state("joint_a1/position"), 1e-9);
            }
            assertFalse(sameIp.hasReply(), "a reply goes to the robot only");
        }
    }

    @Test
    void aFloodDuringTheSessionChangesNeitherTheJointStatesNorTheHeldCommand() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE));
                RawRobot attacker = RawRobot.onLoopback(rig.driver.listenPort())) {
            double target = 0.1;
            for (int i = 1; i <= 200; i++) {
                rig.command("joint_a1", target * i / 200);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(100, rig.run(100), "holding the target");
            double measured = rig.state("joint_a1/position");
            assertEquals(target, measured, 1e-6);

            AtomicBoolean flooding = new AtomicBoolean(true);
            AtomicLong flooded = new AtomicLong();
            byte[][] junk = { attacker.datagram(rig.status("ipoc") + 400, FAKE_A1),
                    attacker.datagram(3_393_226L, FAKE_A1),
                    "<Rob><AIPos A1=\"45\"".getBytes(StandardCharsets.US_ASCII) };
            CompletableFuture<Void> flood = CompletableFuture.runAsync(() -> {
                try {
                    for (long n = 0; flooding.get(); n++) {
                        attacker.send(junk[(int) (n % junk.length)]);
                        flooded.set(n + 1);
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            rig.robot.faults().replayPackets(300);
            for (int i = 0; i < 300; i++) {
                assertEquals(ReturnType.OK, rig.cycle());
                assertEquals(measured, rig.state("joint_a1/position"), "cycle " + i + ": the robot's A1 only");
            }
            flooding.set(false);
            flood.get(10, TimeUnit.SECONDS);
            assertEquals(20, rig.run(20));

            assertTrue(rig.robot.faults().drained());
            assertTrue(flooded.get() > 0);
            assertEquals(300, rig.robot.replayedPackets());
            assertEquals(300, rig.status("old_ipoc_packets"), "every replay of the robot's first datagram refused");
            assertEquals(0, rig.robot.unexpectedReplies(), "no reply echoed a replayed or foreign IPOC");
            assertEquals(Math.toDegrees(target), rig.robot.lastCommand()[0], 1e-6, "the held command is unchanged");
            assertEquals(Math.toDegrees(target), rig.robot.axisDegrees()[0], 1e-6, "the robot did not move");
            assertFalse(attacker.hasReply(), "nothing was sent to the attacker");
        }
    }

    @Test
    void refusingADatagramAllocatesNothingOnTheLoop() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort());
                RawRobot stranger = RawRobot.onLoopback(rig.driver.listenPort())) {
            start(rig, robot);
            int warmup = 2_000;
            int measured = 5_000;
            long first = ipoc;
            byte[] replay = captured;
            byte[] garbage = new byte[300];
            new Random(11).nextBytes(garbage);
            byte[] oversized = Arrays.copyOf(robot.datagram(first, FAKE_A1), 9000);
            // the robot's side, on its own thread: every kind of refused datagram, then its next cycle's
            CompletableFuture<Void> robotSide = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 1; i <= warmup + measured; i++) {
                        long n = first + 4L * i;
                        stranger.send(n + 100, FAKE_A1);
                        robot.send(replay);
                        robot.send(n - 4, FAKE_A1);
                        robot.send(n + 1_000_000, FAKE_A1);
                        robot.send(garbage);
                        robot.send(oversized);
                        robot.send(n, ROBOT_A1);
                        if (robot.awaitReplyIpoc(10_000) != n) {
                            throw new AssertionError("cycle " + i + ": no reply for IPOC " + n);
                        }
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                    .getThreadMXBean();
            long self = Thread.currentThread().getId();
            assertEquals(warmup, loop(rig, warmup));
            long before = threads.getThreadAllocatedBytes(self);
            int ran = loop(rig, measured);
            long allocated = threads.getThreadAllocatedBytes(self) - before;
            robotSide.get(30, TimeUnit.SECONDS);

            assertEquals(measured, ran, rig.driver.lastError());
            long cycles = warmup + measured;
            assertEquals(2 * cycles, rig.status("old_ipoc_packets"), "a replay and a duplicate per cycle");
            assertEquals(cycles, rig.status("ipoc_jump_packets"));
            assertEquals(2 * cycles, rig.status("malformed_packets"), "garbage and oversized per cycle");
            assertTrue(allocated < 4096, "refusing and reading allocate nothing per cycle; " + allocated + " bytes in "
                    + measured + " cycles of six refused datagrams each");
        }
    }

    private static int loop(RsiRig rig, int cycles) {
        for (int i = 0; i < cycles; i++) {
            if (rig.driver.read(0, 0) != ReturnType.OK || rig.driver.write(0, 0) != ReturnType.OK) {
                return i;
            }
        }
        return cycles;
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private long next() {
        ipoc += 4;
        return ipoc;
    }

    /**
     * Activates the driver, synchronises with the robot, and runs three cycles with A1 at {@link #ROBOT_A1}; the
     * datagram of the first cycle after activation (A1 at 0) is kept as {@link #captured}.
     */
    private void start(RsiRig rig, RawRobot robot) throws Exception {
        assertEquals(CallbackReturn.SUCCESS, activate(rig, robot), rig.driver.lastError());
        sync(rig, robot);
        captured = robot.datagram(ipoc, 0);
        for (int i = 0; i < 3; i++) {
            cycle(rig, robot, next(), ROBOT_A1);
        }
    }

    /**
     * Activates while the robot sends a datagram (A1 at 0) every millisecond, as RSI does once {@code RSI_ON} runs;
     * the {@code others} send one just before each of the robot's, and ten before the robot's first.
     */
    private CallbackReturn activate(RsiRig rig, RawRobot robot, RawRobot... others) throws Exception {
        CompletableFuture<CallbackReturn> done = CompletableFuture
                .supplyAsync(() -> rig.driver.onActivate(LifecycleState.INACTIVE));
        for (int round = 0; !done.isDone(); round++) {
            for (RawRobot other : others) {
                other.send(ipoc + 1000, FAKE_A1);
            }
            if (round >= 10) {
                robot.send(next(), 0);
            }
            Thread.sleep(1);
        }
        return done.get();
    }

    /**
     * After activation: reads the activation's reply, then runs one cycle with an IPOC newer than anything sent, so
     * that datagrams that raced the activation are behind the test.
     */
    private void sync(RsiRig rig, RawRobot robot) throws Exception {
        assertTrue(robot.awaitReplyIpoc(2000) > 0, "activation answered the robot");
        ipoc += 400;
        cycle(rig, robot, ipoc, 0);
    }

    private static void cycle(RsiRig rig, RawRobot robot, long ipoc, double a1) throws IOException {
        robot.send(ipoc, a1);
        assertEquals(ReturnType.OK, rig.driver.read(0, 0), rig.driver.lastError());
        assertEquals(ReturnType.OK, rig.driver.write(0, 0), rig.driver.lastError());
        assertEquals(ipoc, robot.awaitReplyIpoc(2000), "the reply echoes the robot's IPOC");
    }
}
