package org.robocell.driver.kuka.rsi.internal;

import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator.SessionState;
import org.robocell.driver.kuka.rsi.protocol.CorrectionMode;

/**
 * The driver against the emulated robot over UDP on loopback, driven by a minimal control loop on the test thread.
 * Nothing here asserts a time: late replies depend on the machine, so they are printed, and the assertions are
 * about what the protocol guarantees whatever the timing.
 */
class RsiSessionTest {

    private static final double[] HOME_RAD = { 0, Math.toRadians(-90), Math.toRadians(90), 0, Math.toRadians(90), 0 };

    @Test
    void followsTheRobotForTenThousandCyclesEchoingEveryIpoc() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            rig.run(500); // warm-up
            long previousIpoc = rig.status("ipoc");
            long ipocSteps = 0;
            long decreasing = 0;
            // the fewest bytes of four windows: a steady allocation shows in each, a one-off of the JDK's (the
            // selector's first wait under load counted ~10 KB once) in one
            int cycles = 10_000;
            int windows = 4;
            long allocated = Long.MAX_VALUE;
            for (int w = 0; w < windows; w++) {
                long allocatedBefore = threads.getThreadAllocatedBytes(self);
                for (int i = 0; i < cycles / windows; i++) {
                    assertEquals(ReturnType.OK, rig.driver.read(0, 0));
                    long ipoc = (long) rig.context.stateValue("rsi/ipoc");
                    if (ipoc <= previousIpoc) {
                        decreasing++;
                    }
                    ipocSteps += ipoc - previousIpoc;
                    previousIpoc = ipoc;
                    assertEquals(ReturnType.OK, rig.driver.write(0, 0));
                }
                allocated = Math.min(allocated, threads.getThreadAllocatedBytes(self) - allocatedBefore);
            }
            assertEquals(CallbackReturn.SUCCESS, rig.deactivateWhileLooping());
            assertTrue(rig.robot.awaitStopped(5, TimeUnit.SECONDS));

            assertEquals(0, decreasing, "every datagram read is newer than the one before");
            assertEquals(0, ipocSteps % 4, "the IPOC grows by 4 per cycle, like a real KR C4's");
            assertEquals(SessionState.STOPPED_BY_REQUEST, rig.robot.state(), rig.robot.stopMessage());
            assertEquals(0, rig.robot.unexpectedReplies(), "every reply echoes an IPOC the robot sent, once");
            assertEquals(0, rig.robot.malformedReplies());
            assertEquals(rig.status("sent_replies"), rig.robot.replies(), "the robot got every reply");
            assertEquals(rig.status("received_packets") - rig.status("stale_packets"), rig.status("sent_replies"),
                    "one reply per datagram answered, the last one carrying Stop=1");
            assertEquals(0, rig.status("malformed_packets") + rig.status("foreign_packets"));
            assertTrue(allocated < 1024, "read+write allocate nothing per cycle; " + allocated + " bytes in "
                    + cycles / windows + " cycles");
            System.out.printf("10000 cycles: robot on-time %d, late %d, driver stale %d, missed %d, allocated %d B%n",
                    rig.robot.onTimeReplies(), rig.robot.lateReplies(), rig.status("stale_packets"),
                    rig.status("missed_packets"), allocated);
        }
    }

    @Test
    void withACartesianCorrectionAndStringChannelsReadAndWriteStillAllocateNothing() throws Exception {
        org.robocell.driver.kuka.rsi.protocol.RsiChannelMap map = org.robocell.driver.kuka.rsi.protocol.RsiChannelMap
                .defaults().withCartesianCorrection("RKorr");
        try (RsiRig rig = new RsiRig(Map.of("rsi_cartesian_correction", "RKorr", "rsi_string_inputs", "EStr",
                "rsi_string_outputs", "PcStr=RoboCell")).active(c -> c.withChannels(map)
                        .withTimeoutCount(Integer.MAX_VALUE), Map.of("EStr", "Program 3 started"))) {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long self = Thread.currentThread().getId();
            org.robocell.api.hardware.CommandInterfaceHandle z = rig.context.command("tcp_correction/z");
            rig.run(500); // warm-up
            long allocated = Long.MAX_VALUE;
            for (int w = 0; w < 4; w++) {
                long before = threads.getThreadAllocatedBytes(self);
                for (int i = 0; i < 1000; i++) {
                    z.set(0.001 * Math.sin(i * 0.01));
                    assertEquals(ReturnType.OK, rig.driver.read(0, 0));
                    assertEquals(ReturnType.OK, rig.driver.write(0, 0));
                }
                allocated = Math.min(allocated, threads.getThreadAllocatedBytes(self) - before);
            }
            assertTrue(allocated < 1024, "read+write with RKorr and strings allocate nothing per cycle; " + allocated
                    + " bytes in 1000 cycles");
            assertEquals("Program 3 started", rig.driver.texts().get("EStr (received)"));
            assertEquals("RoboCell", rig.robot.replyText("PcStr"));
        }
    }

    @Test
    void activationTakesTheRobotsAxesAsTheStartPose() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c)) {
            double[] joints = new double[6];
            for (int i = 0; i < 6; i++) {
                joints[i] = rig.state(RsiRig.JOINTS[i] + "/position");
            }
            assertArrayEquals(HOME_RAD, joints, 1e-9);
            // KR 6 R900 sixx flange at home: 445 mm ahead, 810 mm up, pointing down (B = 90 deg)
            assertEquals(0.445, rig.state("tcp/x"), 1e-6);
            assertEquals(0.0, rig.state("tcp/y"), 1e-6);
            assertEquals(0.810, rig.state("tcp/z"), 1e-6);
            assertEquals(Math.PI / 2, rig.state("tcp/b"), 1e-6);
            assertEquals(1, rig.status("active"));
            assertTrue(rig.status("listen_port") > 0);
        }
    }

    /**
     * The command slots still hold what the last session commanded (0.3 rad on A1) when the driver is activated
     * again, the robot having been moved meanwhile: the reply that answers the robot's first datagram, sent from
     * onActivate before the loop has restarted any controller, holds the robot where it is.
     */
    @Test
    void theFirstReplyOfASessionHoldsTheRobotWhateverTheLastSessionCommanded() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).configured()) {
            rig.command("joint_a1", 0.3);
            rig.command("joint_a2", 0.0);
            // a 20 ms cycle: the reply from onActivate arrives on time, so the robot applies it
            rig.robot = RsiRobotEmulator.start(rig.emulatorDefaults().withCycleNanos(20_000_000L)
                    .withTimeoutCount(Integer.MAX_VALUE));
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onActivate(LifecycleState.INACTIVE), rig.driver.lastError());
            for (int i = 0; i < 5000 && rig.robot.replies() < 1; i++) {
                Thread.sleep(1);
            }
            assertEquals(1, rig.robot.onTimeReplies(), "the reply sent from onActivate arrived on time and was applied");
            assertArrayEquals(new double[6], rig.robot.lastCommand(), 1e-9, "no correction: hold the start");
            assertArrayEquals(new double[] {0, -90, 90, 0, 90, 0}, rig.robot.axisDegrees(), 1e-9, "nothing moved");
        }
    }

    @Test
    void aRampedPositionCommandMovesTheRobotsAxis() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            double target = 0.2;
            for (int i = 1; i <= 500; i++) {
                rig.command("joint_a1", target * i / 500);
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(500, rig.run(500), "holding the target");
            assertEquals(Math.toDegrees(target), rig.robot.axisDegrees()[0], 1e-6);
            assertEquals(Math.toDegrees(target), rig.robot.lastCommand()[0], 1e-6, "relative: start 0 + correction");
            assertEquals(target, rig.state("joint_a1/position"), 1e-6, "the driver reads the move back");
            assertEquals(-90.0, rig.robot.axisDegrees()[1], 1e-9, "uncommanded axes hold their start");
            assertEquals(0, rig.status("held_commands"));
        }
    }

    @Test
    void absoluteCommandsAreClampedToTheAxisRange() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("correction_mode", "absolute"))
                .active(c -> c.withCorrectionMode(CorrectionMode.ABSOLUTE).withTimeoutCount(Integer.MAX_VALUE))) {
            // A5 of a KR 6 R900 sixx stops at 120 deg; ask for 130 within its speed
            for (int i = 1; i <= 400; i++) {
                rig.command("joint_a5", Math.toRadians(90 + 40.0 * i / 400));
                assertEquals(ReturnType.OK, rig.cycle());
            }
            assertEquals(300, rig.run(300));
            assertEquals(130.0, rig.robot.lastCommand()[4], 1e-6, "absolute: the command is the axis value");
            assertEquals(120.0, rig.robot.axisDegrees()[4], 1e-9);
            assertTrue(rig.robot.limitedCommands() > 0);
        }
    }

    @Test
    void aCommandThatIsNotANumberHoldsTheLastValidOne() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            rig.command("joint_a2", Math.toRadians(-80));
            assertEquals(300, rig.run(300));
            rig.command("joint_a2", Double.NaN);
            assertEquals(100, rig.run(100));
            rig.command("joint_a2", Double.POSITIVE_INFINITY);
            assertEquals(100, rig.run(100));
            assertEquals(-80.0, rig.robot.axisDegrees()[1], 1e-6);
            assertEquals(200, rig.status("held_commands"));
            assertEquals(0, rig.robot.malformedReplies());
        }
    }

    @Test
    void configuredDigitalInputsAndOutputsTravelBothWays() throws Exception {
        List<String> inputs = List.of("DiL");
        List<String> outputs = List.of("DiO", "Tech.T21:2");
        try (RsiRig rig = new RsiRig(Map.of("rsi_inputs", "DiL", "rsi_outputs", "DiO, Tech.T21:2"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE)
                        .withChannels(c.channels().withInputs(inputs).withOutputs(outputs)))) {
            rig.robot.setInput("DiL", 125);
            rig.context.setCommand("rsi_io/DiO", 3);
            rig.context.setCommand("rsi_io/Tech.T21", 1.09);
            assertEquals(300, rig.run(300));
            assertEquals(125.0, rig.state("rsi_io/DiL"));
            assertEquals(3.0, rig.robot.output("DiO"));
            assertEquals(1.09, rig.robot.output("Tech.T21"), 1e-12);
        }
    }

    @Test
    void deactivateEndsRsiWithAStopReplyFromTheRunningLoop() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            AtomicBoolean stop = new AtomicBoolean();
            Thread loop = new Thread(() -> {
                for (int i = 0; i < 100_000 && !stop.get(); i++) {
                    rig.cycle();
                }
            });
            loop.start();
            rig.run(0);
            Thread.sleep(50);
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE));
            stop.set(true);
            loop.join(10_000);
            assertTrue(rig.robot.awaitStopped(5, TimeUnit.SECONDS));
            assertEquals(SessionState.STOPPED_BY_REQUEST, rig.robot.state());
            assertEquals(0, rig.status("active"));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0), "inactive: write sends nothing");
        }
    }

    @Test
    void deactivateEndsRsiEvenWhenNoLoopIsRunning() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "20"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE));
            assertTrue(rig.robot.awaitStopped(5, TimeUnit.SECONDS));
            assertEquals(SessionState.STOPPED_BY_REQUEST, rig.robot.state(), rig.robot.stopMessage());
        }
    }

    @Test
    void theRobotCanBeActivatedAgainAfterAStop() throws Exception {
        // 250 ms: long enough that a loaded machine's pause between two emulated 1 ms cycles is not taken for a
        // silent robot (20 ms was, at load 12), short enough for the deactivation's two timeouts
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "250")).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(100, rig.run(100));
            // no loop: the stop goes out after two receive timeouts, while the robot's datagrams pile up unread
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE));
            assertTrue(rig.robot.awaitStopped(5, TimeUnit.SECONDS));
            rig.robot.close();
            // the program runs RSI_ON again: a new controller socket, a new session
            rig.robot = org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator
                    .start(rig.emulatorDefaults().withTimeoutCount(Integer.MAX_VALUE).withStartAxesDegrees(10, -90, 90, 0, 90, 0));
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onActivate(LifecycleState.INACTIVE));
            int ran = rig.run(100);
            assertEquals(100, ran, "cycle " + ran + ": " + rig.robot + " active=" + rig.status("active") + " timeouts="
                    + rig.status("receive_timeouts") + " sent=" + rig.status("sent_replies"));
            assertEquals(Math.toRadians(10), rig.state("joint_a1/position"), 1e-9);
            assertEquals(0, rig.status("foreign_packets"));
        }
    }
}
