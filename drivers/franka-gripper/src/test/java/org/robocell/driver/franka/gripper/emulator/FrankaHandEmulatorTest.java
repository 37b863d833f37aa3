package org.robocell.driver.franka.gripper.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HexFormat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.gripper.protocol.GripperCodec;
import org.robocell.driver.franka.gripper.protocol.GripperCommand;
import org.robocell.driver.franka.gripper.protocol.GripperConnectStatus;
import org.robocell.driver.franka.gripper.protocol.GripperRequest;
import org.robocell.driver.franka.gripper.protocol.GripperResponse;
import org.robocell.driver.franka.gripper.protocol.GripperState;
import org.robocell.driver.franka.gripper.protocol.GripperStatus;

/** The emulated Hand on loopback sockets, as a libfranka client sees it. */
class FrankaHandEmulatorTest {

    private FrankaHandEmulator emulator;

    @BeforeEach
    void start() throws IOException {
        emulator = FrankaHandEmulator.start(HandEmulatorConfig.defaults().withCommandPort(0).withStatePeriodMs(2));
    }

    @AfterEach
    void stop() {
        emulator.close();
    }

    @Test
    void aConnectedClientGetsVersionThreeAndStatesAtItsUdpPortWithIncreasingIds() throws IOException {
        try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
            GripperResponse r = c.connect();
            assertEquals(GripperConnectStatus.SUCCESS, r.connectStatus());
            assertEquals(GripperCodec.VERSION, r.version());
            GripperState first = c.state();
            GripperState second = c.state();
            assertTrue(second.messageId() > first.messageId());
            assertEquals(0.08, second.maxWidth(), 0);
            assertEquals(30, second.temperature());
        }
    }

    @Test
    void aGraspOnThePlacedObjectSucceedsOverTheWireAndTheStateReportsItGrasped() throws Exception {
        emulator.placeObject(0.03);
        try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
            c.connect();
            c.send(GripperRequest.grasp(1, 0.03, 0.005, 0.005, 0.1, 40));
            assertEquals(GripperResponse.of(GripperCommand.GRASP, 1, GripperStatus.SUCCESS), c.receive());
            GripperState s = awaitState(c, true);
            assertEquals(0.03, s.width(), 1e-12);
            c.send(GripperRequest.move(2, 0.08, 0.1));
            assertEquals(GripperResponse.of(GripperCommand.MOVE, 2, GripperStatus.SUCCESS), c.receive());
            c.send(GripperRequest.grasp(3, 0.05, 0.005, 0.005, 0.1, 40));
            assertEquals(GripperResponse.of(GripperCommand.GRASP, 3, GripperStatus.UNSUCCESSFUL), c.receive());
            assertFalse(awaitState(c, false).grasped());
        }
    }

    @Test
    void stopDuringAMoveAnswersTheMoveAbortedAndTheStopSuccess() throws IOException {
        try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
            c.connect();
            c.send(GripperRequest.move(4, 0, 0.001)); // 80 s to close: still moving when the stop comes
            c.send(GripperRequest.stop(5));
            assertEquals(GripperResponse.of(GripperCommand.MOVE, 4, GripperStatus.ABORTED), c.receive());
            assertEquals(GripperResponse.of(GripperCommand.STOP, 5, GripperStatus.SUCCESS), c.receive());
            c.send(GripperRequest.move(6, 0.09, 0.1));
            assertEquals(GripperResponse.of(GripperCommand.MOVE, 6, GripperStatus.FAIL), c.receive());
        }
    }

    @Test
    void aClientOfAnotherProtocolVersionIsToldItIsIncompatible() throws IOException {
        try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
            c.send(GripperRequest.connect(0, 2, c.udp.getLocalPort()));
            GripperResponse r = c.receive();
            assertEquals(GripperConnectStatus.INCOMPATIBLE_LIBRARY_VERSION, r.connectStatus());
            assertEquals(3, r.version());
        }
    }

    @Test
    void hostileBytesEndTheirConnectionAndTheNextClientIsServedAsBefore() throws IOException {
        HexFormat hex = HexFormat.of();
        String[] hostile = {
            "0900" + "00000000" + "0a000000", // command 9
            "0100" + "00000000" + "ffffff7f", // a 2 GB message
            "0300" + "00000000" + "0c000000" + "0000", // a Move of 2 bytes
            "0100" + "00000000" + "0a000000", // Homing before Connect
        };
        long errors = 0;
        for (String h : hostile) {
            try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
                c.sendRaw(hex.parseHex(h));
                assertTrue(c.closedByPeer(), h);
            }
            errors++;
            awaitErrors(errors);
        }
        try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
            assertEquals(GripperConnectStatus.SUCCESS, c.connect().connectStatus());
            c.send(GripperRequest.homing(1));
            assertEquals(GripperResponse.of(GripperCommand.HOMING, 1, GripperStatus.SUCCESS), c.receive());
        }
        assertEquals(0.08, emulator.state().width(), 1e-12, "nothing the hostile clients sent moved the fingers");
    }

    @Test
    void aSecondClientIsClosedWhileTheFirstStaysConnected() throws Exception {
        try (RawHandClient first = new RawHandClient(emulator.commandPort())) {
            first.connect();
            try (RawHandClient second = new RawHandClient(emulator.commandPort())) {
                assertTrue(second.closedByPeer());
            }
            first.send(GripperRequest.stop(1));
            assertEquals(GripperStatus.SUCCESS, first.receive().status());
            assertEquals(1, emulator.refusedConnections());
        }
    }

    /**
     * libfranka makes a connection per {@code franka::Gripper}: one closed and the next opened at once, within one
     * of the Hand's cycles, is served. The emulator once took the newcomer before reading the old client's end and
     * refused it.
     */
    @Test
    void aClientThatClosesAndConnectsAgainAtOnceIsServed() throws Exception {
        for (int i = 0; i < 20; i++) {
            try (RawHandClient c = new RawHandClient(emulator.commandPort())) {
                assertEquals(GripperConnectStatus.SUCCESS, c.connect().connectStatus(), "connection " + i);
            }
        }
        assertEquals(0, emulator.refusedConnections());
    }

    private GripperState awaitState(RawHandClient c, boolean grasped) throws IOException {
        for (int i = 0; i < 1000; i++) {
            GripperState s = c.state();
            if (s.grasped() == grasped) {
                return s;
            }
        }
        throw new AssertionError("no state with is_grasped=" + grasped);
    }

    private void awaitErrors(long n) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (emulator.protocolErrors() < n && System.nanoTime() < deadline) {
            sleepBriefly();
        }
        assertEquals(n, emulator.protocolErrors());
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
