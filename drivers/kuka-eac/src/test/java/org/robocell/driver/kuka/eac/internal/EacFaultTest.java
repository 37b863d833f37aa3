package org.robocell.driver.kuka.eac.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.driver.kuka.eac.emulator.StopReason;
import org.robocell.driver.kuka.eac.internal.proto.ecs.ExternalHeader;
import org.robocell.driver.kuka.eac.internal.proto.ecs.MotionStateExternal;
import org.robocell.driver.kuka.eac.internal.proto.motion.JointPositions;
import org.robocell.driver.kuka.eac.internal.proto.motion.MotionStateInternal;
import org.robocell.driver.kuka.eac.protocol.CommandEvent;

/** What the QoS profile, stale and foreign datagrams, bad commands and bad settings end in. */
class EacFaultTest {

    @Test
    void moreConsecutiveLostRepliesThanTheProfileAllowsEndControlWithError() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("consequent_lost_packets", "2")).configured().active()) {
            rig.cycle();
            for (int k = 0; k < 2; k++) {
                rig.controller.sendState();
                rig.controller.judge(false); // the driver did not answer in time
                assertTrue(rig.controller.sampling(), "losses within the profile are tolerated");
            }
            rig.controller.sendState();
            rig.controller.judge(false);
            assertFalse(rig.controller.sampling());
            assertEquals(StopReason.QOS_CONSECUTIVE_LOSSES, rig.controller.stopReason());
            EacRig.await(() -> rig.driver.controllerEnded(), "the ERROR event");
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0.004));
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
            assertEquals("iisy: the controller ended external control with ERROR: QoS profile violated: 3 consecutive"
                    + " control signals lost (consequent_lost_packets=2)", rig.driver.lastError());
        }
    }

    @Test
    void moreLostRepliesWithinTheTimeframeThanTheProfileAllowsEndControlWithError() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("consequent_lost_packets", "5", "lost_packets_in_timeframe", "3",
                "timeframe_ms", "200")).configured().active()) {
            for (int loss = 0; loss < 4; loss++) {
                rig.cycle();
                rig.controller.sendState();
                rig.controller.judge(false);
            }
            assertEquals(StopReason.QOS_LOSSES_IN_TIMEFRAME, rig.controller.stopReason());
            assertTrue(rig.controller.stopMessage().contains("4 control signals lost within 200 ms"),
                    rig.controller.stopMessage());
            EacRig.await(() -> rig.driver.controllerEnded(), "the ERROR event");
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0.004));
            assertEquals(Fault.ROBOT_STOPPED, rig.driver.fault());
        }
    }

    @Test
    void lossesSpreadWiderThanTheTimeframeAreTolerated() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("consequent_lost_packets", "5", "lost_packets_in_timeframe", "1",
                "timeframe_ms", "40")).configured().active()) {
            for (int loss = 0; loss < 5; loss++) {
                for (int k = 0; k < 10; k++) { // 40 ms of answered cycles
                    rig.cycle();
                }
                rig.controller.sendState();
                rig.controller.judge(false);
            }
            assertTrue(rig.controller.sampling(), rig.controller.stopMessage());
            assertEquals(5, rig.controller.lostReplies());
        }
    }

    @Test
    void aReplyWithAnotherIpocIsNotTheAnswerAndCountsAsLost() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            rig.cycle();
            long ipoc = rig.controller.sendState();
            assertEquals(ReturnType.OK, rig.driver.read(0, 0.004));
            rig.controller.sendState(); // the controller moved on before the answer: the answer echoes an old IPOC
            assertEquals(ReturnType.OK, rig.driver.write(0, 0.004));
            rig.controller.judge(false);
            EacRig.await(() -> rig.controller.wrongIpocReplies() + rig.controller.lostReplies() >= 1, "the judgement");
            assertTrue(ipoc > 0);
            assertEquals(1, rig.controller.lostReplies());
        }
    }

    @Test
    void datagramsFromAnotherAddressChangeNothingAndAreCounted() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active();
                DatagramSocket intruder = new DatagramSocket(new InetSocketAddress(InetAddress.getByName("127.0.0.2"),
                        0))) {
            rig.cycle();
            double before = rig.state("joint_1/position");
            byte[] fake = motionState(999_999, 1.0).toByteArray();
            intruder.send(new DatagramPacket(fake, fake.length, InetAddress.getLoopbackAddress(),
                    rig.driver.clientPort()));
            rig.cycle();
            assertEquals(1, rig.driver.counter(EacStatus.FOREIGN_PACKETS));
            assertEquals(before, rig.state("joint_1/position"), 1e-12);
            assertEquals(0, rig.controller.lostReplies());
        }
    }

    @Test
    void malformedAndOldIpocDatagramsFromTheControllerAddressAreIgnoredAndCounted() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active();
                DatagramSocket spoof = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            rig.cycle();
            InetSocketAddress driver = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    rig.driver.clientPort());
            byte[] garbage = { 0x0a, 0x7f, 0x01 };
            byte[] replay = motionState(5, 1.0).toByteArray(); // IPOC 5: long past
            spoof.send(new DatagramPacket(garbage, garbage.length, driver));
            spoof.send(new DatagramPacket(replay, replay.length, driver));
            EacRig.await(() -> true, "");
            rig.controller.sendState();
            assertEquals(ReturnType.OK, rig.driver.read(0, 0.004));
            assertEquals(ReturnType.OK, rig.driver.write(0, 0.004));
            rig.controller.judge(true);
            assertEquals(1, rig.driver.counter(EacStatus.MALFORMED_PACKETS));
            assertEquals(1, rig.driver.counter(EacStatus.OLD_IPOC_PACKETS));
            assertEquals(-Math.PI / 2, rig.state("joint_2/position"), 1e-12, "the replayed 1.0 never showed");
            assertEquals(0, rig.controller.lostReplies());
        }
    }

    @Test
    void nanAndOutOfLimitCommandsNeverReachTheWire() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            rig.command("joint_1/position", 0.1);
            for (int k = 0; k < 50; k++) {
                rig.cycle();
            }
            rig.command("joint_1/position", Double.NaN);
            rig.cycle();
            rig.command("joint_1/position", Double.POSITIVE_INFINITY);
            rig.cycle();
            rig.command("joint_1/position", 3.1); // beyond the URDF's max 3.0
            rig.cycle();
            assertTrue(rig.controller.sampling(), rig.controller.stopMessage());
            assertEquals(0.1, rig.controller.positions()[0], 1e-9, "the last valid command held");
            assertEquals(3, rig.driver.counter(EacStatus.HELD_COMMANDS));
        }
    }

    @Test
    void aControllerThatNeverSendsEndsActivationWithOneLine() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("activate_timeout_ms", "300")).configured()) {
            assertEquals(CallbackReturn.FAILURE, rig.driver.onActivate(LifecycleState.INACTIVE));
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("no motion state from 127.0.0.1 on port "),
                    rig.driver.lastError());
        }
    }

    @Test
    void aSilentControllerEndsReadWithTimeout() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("receive_timeout_ms", "50")).configured().active()) {
            assertEquals(ReturnType.ERROR, rig.driver.read(0, 0.004));
            assertEquals(Fault.COMMUNICATION_TIMEOUT, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("iisy: no motion state from 127.0.0.1 within 50 ms"),
                    rig.driver.lastError());
        }
    }

    @Test
    void aQosProfileTheControllerWouldRefuseIsAConfigurationError() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("lost_packets_in_timeframe", "10", "timeframe_ms", "200"))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals(Fault.CONFIGURATION, rig.driver.fault());
            assertEquals("hardware 'iisy' parameter QoS profile: timeframe_ms/lost_packets_in_timeframe=200/10 is below"
                    + " 40 ms per lost packet (the controller refuses it)", rig.driver.lastError());
        }
    }

    @Test
    void aMissingControllerIpIsAConfigurationError() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("controller_ip", " "))) {
            assertEquals(CallbackReturn.ERROR, rig.driver.onInit(rig.context));
            assertEquals("hardware 'iisy' parameter 'controller_ip' is required: the KR C5 micro's KONI address",
                    rig.driver.lastError());
        }
    }

    @Test
    void anUnreachableControllerFailsConfigureWithOneLine() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of("controller_port", "1", "connection_timeout_ms", "1000"))) {
            assertEquals(CallbackReturn.SUCCESS, rig.driver.onInit(rig.context));
            assertEquals(CallbackReturn.FAILURE, rig.driver.onConfigure(LifecycleState.UNCONFIGURED));
            assertEquals(Fault.COMMUNICATION_FAILED, rig.driver.fault());
            assertTrue(rig.driver.lastError().startsWith("SetQoSProfile (2 consecutive, 3 in 200 ms) at 127.0.0.1:1"
                    + " failed: UNAVAILABLE"), rig.driver.lastError());
        }
    }

    @Test
    void stopIpoEndsControlWithStoppedNotError() throws Exception {
        try (EacRig rig = new EacRig(true, Map.of()).configured().active()) {
            rig.cycle();
            EacSessionTest.stop(rig);
            assertEquals(CommandEvent.STOPPED, rig.driver.lastEvent());
            assertEquals(Fault.NONE, rig.driver.fault());
        }
    }

    static MotionStateExternal motionState(int ipoc, double value) {
        JointPositions.Builder p = JointPositions.newBuilder();
        for (int i = 0; i < 6; i++) {
            p.addValues(value);
        }
        return MotionStateExternal.newBuilder().setHeader(ExternalHeader.newBuilder().setIpoc(ipoc))
                .setMotionState(MotionStateInternal.newBuilder().setMeasuredPositions(p)).build();
    }
}
