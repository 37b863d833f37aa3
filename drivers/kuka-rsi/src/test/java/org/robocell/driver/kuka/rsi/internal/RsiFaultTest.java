package org.robocell.driver.kuka.rsi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.rsi.emulator.RsiRobotEmulator.SessionState;

/** Injected faults and what each one gives, on both ends. */
class RsiFaultTest {

    @Test
    void aDriverThatStallsLongerThanTheCycleIsTimedOutByTheRobot() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "300")).active(c -> c.withTimeoutCount(20))) {
            long worstDelaySeen = 0;
            int cycles = 0;
            // a loop that takes 3 ms between reading and answering a 1 ms robot
            while (cycles < 2_000 && rig.driver.read(0, 0) == ReturnType.OK) {
                worstDelaySeen = Math.max(worstDelaySeen, rig.status("late_packets"));
                Thread.sleep(3);
                rig.driver.write(0, 0);
                cycles++;
            }
            assertTrue(rig.robot.awaitStopped(5, TimeUnit.SECONDS));
            assertEquals(SessionState.STOPPED_BY_TIMEOUT, rig.robot.state());
            assertTrue(rig.robot.stopMessage().contains("stopped by timeout"), rig.robot.stopMessage());
            assertEquals(20, rig.robot.lateReplies(), "RSI stops when the late count reaches the Timeout");
            assertTrue(worstDelaySeen > 0, "the driver saw the robot's <Delay> count grow");
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0), "a stopped robot is silent");
            // stopped when a reply met its closed socket, else silent for the receive timeout
            assertTrue(rig.driver.fault() == Fault.ROBOT_STOPPED || rig.driver.fault() == Fault.COMMUNICATION_TIMEOUT,
                    rig.driver.fault() + ": " + rig.driver.lastError());
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0), "and stays so");
        }
    }

    @Test
    void droppedRobotDatagramsAreCountedAsMissedCycles() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(200, rig.run(200));
            rig.robot.faults().dropPackets(5);
            assertEquals(300, rig.run(300));
            assertTrue(rig.robot.faults().drained());
            assertEquals(5, rig.robot.droppedPackets());
            assertEquals(5, rig.status("missed_packets"), "IPOC gaps: cycles the driver never saw");
            assertTrue(rig.robot.lateReplies() >= 5, "a lost datagram cannot be answered");
            assertEquals(0, rig.status("malformed_packets"));
        }
    }

    @Test
    void malformedDatagramsAreCountedAndSkipped() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(100, rig.run(100));
            long received = rig.status("received_packets");
            rig.robot.faults().sendMalformed(6);
            assertEquals(300, rig.run(300), "read() keeps waiting past broken datagrams");
            assertTrue(rig.robot.faults().drained());
            assertEquals(6, rig.status("malformed_packets"));
            assertEquals(6, rig.status("missed_packets"), "their cycles were never seen");
            assertTrue(rig.status("received_packets") - received >= 300);
            assertEquals(0, rig.robot.unexpectedReplies());
        }
    }

    @Test
    void datagramsFromAnotherPortNeverReachTheSession() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(100, rig.run(100));
            rig.robot.faults().sendForeign(7);
            assertEquals(300, rig.run(300));
            assertTrue(rig.robot.faults().drained());
            assertEquals(7, rig.robot.foreignPackets());
            assertEquals(0, rig.status("foreign_packets"), "connected to the robot: the kernel drops the others");
            assertEquals(0, rig.status("missed_packets"), "the robot's own datagrams all arrived");
            assertEquals(0, rig.robot.unexpectedReplies(), "nothing answered the stranger's IPOCs twice");
        }
    }

    @Test
    void withoutConnectingDatagramsFromAnotherPortAreCountedAndIgnored() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("connect_to_robot", "false"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(100, rig.run(100));
            rig.robot.faults().sendForeign(7);
            assertEquals(300, rig.run(300));
            assertTrue(rig.robot.faults().drained());
            assertEquals(7, rig.status("foreign_packets"));
            assertEquals(0, rig.status("missed_packets"));
            assertEquals(0, rig.robot.unexpectedReplies());
        }
    }

    @Test
    void onlyTheConfiguredRobotAddressIsHeard() throws Exception {
        InetAddress stranger = InetAddress.getByName("127.0.0.2");
        try (RsiRig rig = new RsiRig(Map.of("robot_address", "127.0.0.1", "connect_to_robot", "false"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE).withForeignBindAddress(stranger))) {
            assertEquals(100, rig.run(100));
            rig.robot.faults().sendForeign(4);
            assertEquals(200, rig.run(200));
            assertTrue(rig.robot.faults().drained());
            assertEquals(4, rig.status("foreign_packets"));
            assertEquals(0, rig.robot.unexpectedReplies());
        }
    }

    @Test
    void aSilentRobotMakesReadFailAfterTheReceiveTimeout() throws Exception {
        // the emulator runs its "4 ms" cycle in 1 ms: half a second of silence moves its IPOC by 2000, more than
        // the default max_ipoc_jump of a real controller's second
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "500", "max_ipoc_jump", "1000000"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(100, rig.run(100));
            rig.robot.faults().goSilent();
            ReturnType last = ReturnType.OK;
            for (int i = 0; i < 100 && last == ReturnType.OK; i++) {
                last = rig.cycle();
            }
            assertEquals(ReturnType.ERROR, last);
            assertEquals(1, rig.status("receive_timeouts"));
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("no RSI datagram from the robot at /127.0.0.1:"
                    + rig.robot.localPort() + " within 500 ms"), rig.driver.lastError());
            rig.robot.faults().resume();
            assertEquals(ReturnType.OK, rig.driver.read(0, 0), () -> "the robot speaks again: so does the driver; "
                    + rig.driver.fault() + ": " + rig.driver.lastError() + ", " + rig.robot);
        }
    }

    @Test
    void aRobotThatClosesItsRsiSocketHasStoppedTheSession() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "5000")).configured();
                RawRobot robot = RawRobot.onLoopback(rig.driver.listenPort())) {
            CompletableFuture<CallbackReturn> activation = CompletableFuture
                    .supplyAsync(() -> rig.driver.onActivate(LifecycleState.INACTIVE));
            for (long ipoc = 100; !activation.isDone(); ipoc += 4) {
                robot.send(ipoc, 0);
                Thread.sleep(1);
            }
            assertEquals(CallbackReturn.SUCCESS, activation.get());
            robot.send(1_000, 0);
            assertEquals(ReturnType.OK, rig.driver.read(0, 0));
            robot.send(1_004, 0);
            robot.close(); // RSI ends on the robot: its socket is gone, its last datagram still queued here
            assertEquals(ReturnType.OK, rig.driver.write(0, 0), "the reply leaves; the robot's host refuses it");

            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0));
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            assertTrue(rig.driver.lastError().contains("port unreachable"), rig.driver.lastError());
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0), "what it sent before closing is not a session");
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            assertEquals(1_000, rig.status("ipoc"));
            assertEquals(0, rig.status("receive_timeouts"), "it did not wait for the timeout to say so");
        }
    }

    @Test
    void aSocketThatFailsUnderTheLoopIsACommunicationFailure() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of()).active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            assertEquals(10, rig.run(10));
            rig.driver.endpoint().close();
            assertEquals(ReturnType.ERROR, rig.cycle());
            assertEquals(Fault.COMMUNICATION_FAILED, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("the RSI socket failed: "), rig.driver.lastError());
        }
    }

    @Test
    void aNewLifecycleCallClearsTheLastFailure() throws Exception {
        try (RsiRig rig = new RsiRig(Map.of("receive_timeout_ms", "20"))
                .active(c -> c.withTimeoutCount(Integer.MAX_VALUE))) {
            rig.robot.faults().goSilent();
            ReturnType last = ReturnType.OK;
            for (int i = 0; i < 100 && last == ReturnType.OK; i++) {
                last = rig.cycle();
            }
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onDeactivate(LifecycleState.ACTIVE));
            assertEquals(Fault.NONE, rig.driver.fault());
            assertEquals(null, rig.driver.lastError());
        }
    }
}
