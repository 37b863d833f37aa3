package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.BasicStatus;
import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.CommandHeader;
import org.robocell.driver.franka.protocol.ConnectStatus;
import org.robocell.driver.franka.protocol.FciRequest;
import org.robocell.driver.franka.protocol.FciResponse;
import org.robocell.driver.franka.protocol.FrankaError;
import org.robocell.driver.franka.protocol.ModelLibraryStatus;
import org.robocell.driver.franka.protocol.MoveControllerMode;
import org.robocell.driver.franka.protocol.MoveMotionGeneratorMode;
import org.robocell.driver.franka.protocol.MoveStatus;
import org.robocell.driver.franka.protocol.ProtocolVersion;
import org.robocell.driver.franka.protocol.RobotCommand;
import org.robocell.driver.franka.protocol.RobotMode;
import org.robocell.driver.franka.protocol.SetterStatus;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The command channel and the state stream as a careless or hostile client uses them: another protocol version,
 * lost, late and foreign commands, setters at the wrong time, broken messages.
 */
class FrankaEmulatorCommunicationTest {

    private static final double[] READY = FrankaEmulatorConfig.readyPose();

    @Test
    void aClientOfAnotherVersionIsAnsweredIncompatibleWithTheRobotsVersionAndGetsNoStates() throws Exception {
        try (SteppedRig rig = new SteppedRig(ProtocolVersion.V7)) {
            FciResponse r = rig.request(new FciRequest.Connect(10, rig.client.udpPort()));
            assertEquals(ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION, r.status());
            assertEquals(7, r.version(), "the robot says which version it speaks");
            for (int i = 0; i < 10; i++) {
                rig.robot.step();
            }
            assertFalse(rig.client.receiveState(), "no states for a refused client");
            assertFalse(rig.robot.connected());
        }
    }

    @Test
    void statesGoToTheClientsUdpPortEveryCycleWithIdsThatGrowByOne() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V10)) {
            long first = rig.client.state.messageId();
            for (int i = 0; i < 5; i++) {
                rig.robot.step();
            }
            long before = rig.client.statesReceived;
            assertTrue(rig.client.receiveState());
            assertEquals(5, rig.client.statesReceived - before);
            assertEquals(first + 5, rig.client.state.messageId());
            assertEquals(RobotMode.IDLE, rig.client.state.robotMode());
            assertEquals(READY[3], rig.client.state.get(StateField.Q, 3), 1e-6, "float32 in protocol 10");
            assertEquals(9.81, rig.client.state.get(StateField.ACCELEROMETER_BOTTOM, 2), 1e-5,
                    "the base's accelerometer measures gravity along its z");
        }
    }

    @Test
    void nineteenLostCommandsAreBridgedAndTheTwentiethStopsTheRobotWithCommunicationConstraintsViolation()
            throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            for (int k = 0; k < 10; k++) {
                rig.cycle(c -> System.arraycopy(READY, 0, c.qC, 0, 7));
            }
            for (int k = 0; k < 19; k++) {
                rig.lose();
            }
            rig.cycle(c -> System.arraycopy(READY, 0, c.qC, 0, 7));
            rig.client.receiveState();
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode(), "19 lost in a row are bridged");
            assertTrue(rig.client.state.controlCommandSuccessRate() < 0.7, "the loss shows in the success rate: "
                    + rig.client.state.controlCommandSuccessRate());
            for (int k = 0; k < 20; k++) {
                rig.lose();
            }
            assertEquals(MoveStatus.REFLEX_ABORTED, rig.moveResult().status());
            assertTrue(rig.client.state.reflexReason(FrankaError.COMMUNICATION_CONSTRAINTS_VIOLATION),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertEquals(RobotMode.REFLEX, rig.client.state.robotMode());
            rig.assertHolding();
            FrankaEmulatorMotionTest.recover(rig);
        }
    }

    @Test
    void aDroppedJointPositionPacketIsExtrapolatedWithConstantAcceleration() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            double a = 2.0; // rad/s², joint 1
            for (int k = 1; k <= 30; k++) {
                double t = k * 1e-3;
                rig.cycle(c -> {
                    System.arraycopy(READY, 0, c.qC, 0, 7);
                    c.qC[0] += a * t * t / 2;
                });
            }
            rig.lose();
            rig.client.receiveState();
            double t = 31e-3;
            assertEquals(a * t * t / 2, rig.client.state.get(StateField.Q_D, 0), 1e-9, "q_d went on");
            assertEquals(a, rig.client.state.get(StateField.DDQ_D, 0), 1e-6);
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode());
        }
    }

    @Test
    void aCommandForAnOlderStateIsCountedIgnoredAndCountsAsLost() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
            rig.cycle(c -> { });
            rig.client.receiveState();
            long old = rig.client.state.messageId() - 3;
            for (int k = 0; k < 25; k++) {
                rig.client.receiveState();
                RobotCommand c = new RobotCommand();
                c.messageId = old;
                c.tauJD[0] = 50; // never applied: it would be a torque discontinuity
                rig.client.sendCommand(c);
                rig.robot.step();
            }
            assertTrue(rig.robot.staleCommands() >= 20, "stale: " + rig.robot.staleCommands());
            assertEquals(MoveStatus.REFLEX_ABORTED, rig.moveResult().status());
            assertTrue(rig.client.state.reflexReason(FrankaError.COMMUNICATION_CONSTRAINTS_VIOLATION));
            assertFalse(rig.client.state.reflexReason(FrankaError.CONTROLLER_TORQUE_DISCONTINUITY),
                    "the old command's torque was never used");
        }
    }

    @Test
    void aDatagramFromAnotherPortIsCountedAndIgnored() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7);
                DatagramChannel stranger = DatagramChannel.open()
                        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
            InetSocketAddress robotUdp = new InetSocketAddress(InetAddress.getLoopbackAddress(), rig.robot.statePort());
            ByteBuffer b = ByteBuffer.allocate(512);
            for (int k = 0; k < 5; k++) {
                rig.client.receiveState();
                RobotCommand c = new RobotCommand();
                c.messageId = rig.client.state.messageId();
                c.tauJD[0] = 80; // a stranger's torque step, with the right message id
                c.writeTo(b);
                stranger.send(b, robotUdp);
                rig.cycle(own -> { });
            }
            rig.client.receiveState();
            assertEquals(5, rig.robot.foreignDatagrams());
            assertEquals(RobotMode.MOVE, rig.client.state.robotMode(), "the stranger moved nothing");
            assertEquals(0, rig.client.state.get(StateField.TAU_J_D, 0));
        }
    }

    @Test
    void aPushAtTheFlangeAboveTheForceThresholdStopsTheRobotWithCartesianReflex() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            push(rig, 0, 0, -60);
            assertTrue(rig.client.state.reflexReason(FrankaError.CARTESIAN_REFLEX),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertEquals(1.0, rig.client.state.get(StateField.CARTESIAN_COLLISION, 2), "z collision flag");
            assertEquals(-60, rig.client.state.get(StateField.O_F_EXT_HAT_K, 2), 30, "the estimate rose towards -60");
            rig.robot.applyFlangeWrench(0, 0, 0, 0, 0, 0);
            for (int k = 0; k < 40; k++) {
                rig.robot.step();
            }
            FrankaEmulatorMotionTest.recover(rig);
        }
    }

    @Test
    void aPushThatLoadsAJointAboveItsTorqueThresholdStopsTheRobotWithJointReflex() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            double[] joints = { 5, 5, 5, 5, 5, 5, 5 };
            double[] forces = { 500, 500, 500, 500, 500, 500 };
            rig.request(new FciRequest.SetCollisionBehavior(joints, joints, joints, joints, forces, forces, forces,
                    forces));
            push(rig, 0, 40, 0);
            assertTrue(rig.client.state.reflexReason(FrankaError.JOINT_REFLEX),
                    FrankaError.describe(rig.client.state.reflexReason()));
            assertFalse(rig.client.state.reflexReason(FrankaError.CARTESIAN_REFLEX));
            assertEquals(1.0, rig.client.state.get(StateField.JOINT_COLLISION, 0), "joint 1 carries the push");
        }
    }

    /** Pushes the flange during a zero-torque motion until the robot stops it. */
    private static void push(SteppedRig rig, double fx, double fy, double fz) throws Exception {
        rig.startMotion(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE);
        for (int k = 0; k < 5; k++) {
            rig.cycle(c -> { });
        }
        rig.robot.applyFlangeWrench(fx, fy, fz, 0, 0, 0);
        for (int k = 0; k < 30 && rig.client.state.robotMode() == RobotMode.MOVE; k++) {
            rig.cycle(c -> { });
            rig.client.receiveState();
        }
        assertEquals(MoveStatus.REFLEX_ABORTED, rig.moveResult().status());
        assertEquals(RobotMode.REFLEX, rig.client.state.robotMode());
        rig.assertHolding();
    }

    @Test
    void aGentlePushBelowTheThresholdsOnlySetsTheContactFlags() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.request(new FciRequest.SetCollisionBehavior(new double[] { 1, 1, 1, 1, 1, 1, 1 },
                    new double[] { 50, 50, 50, 50, 50, 50, 50 }, new double[] { 1, 1, 1, 1, 1, 1, 1 },
                    new double[] { 50, 50, 50, 50, 50, 50, 50 }, new double[] { 5, 5, 5, 5, 5, 5 },
                    new double[] { 50, 50, 50, 50, 50, 50 }, new double[] { 5, 5, 5, 5, 5, 5 },
                    new double[] { 50, 50, 50, 50, 50, 50 }));
            rig.robot.applyFlangeWrench(0, 0, -10, 0, 0, 0);
            for (int k = 0; k < 30; k++) {
                rig.robot.step();
            }
            rig.client.receiveState();
            assertEquals(1.0, rig.client.state.get(StateField.CARTESIAN_CONTACT, 2));
            assertEquals(0.0, rig.client.state.get(StateField.CARTESIAN_COLLISION, 2));
            assertEquals(RobotMode.IDLE, rig.client.state.robotMode());
        }
    }

    @Test
    void settersAreTakenWhenIdleRefusedDuringAMotionAndBadArgumentsAreRejected() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            double[] k = { 1000, 1000, 1000, 1000, 500, 500, 500 };
            assertEquals(SetterStatus.SUCCESS, rig.request(new FciRequest.SetJointImpedance(k)).status());
            assertEquals(SetterStatus.INVALID_ARGUMENT_REJECTED,
                    rig.request(new FciRequest.SetJointImpedance(new double[] { -1, 0, 0, 0, 0, 0, 0 })).status());
            assertEquals(SetterStatus.INVALID_ARGUMENT_REJECTED,
                    rig.request(new FciRequest.SetEeToK(new double[16])).status(), "not a homogeneous transform");
            assertEquals(SetterStatus.SUCCESS, rig.request(new FciRequest.SetLoad(0.5, new double[] { 0, 0, 0.05 },
                    new double[] { 1e-3, 0, 0, 0, 1e-3, 0, 0, 0, 1e-3 })).status());
            rig.awaitState();
            assertEquals(0.5, rig.client.state.get(StateField.M_LOAD, 0));
            rig.startMotion(MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.JOINT_POSITION);
            assertEquals(SetterStatus.COMMAND_NOT_POSSIBLE_REJECTED,
                    rig.request(new FciRequest.SetJointImpedance(k)).status());
        }
    }

    @Test
    void aTorqueMoveWithoutTheExternalControllerIsAnInvalidArgument() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            assertEquals(MoveStatus.INVALID_ARGUMENT_REJECTED, rig.request(new FciRequest.Move(
                    MoveControllerMode.JOINT_IMPEDANCE, MoveMotionGeneratorMode.NONE)).status());
        }
    }

    @Test
    void protocol10GivesTheRobotsUrdfAndProtocol7RefusesTheProprietaryModelLibrary() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V10)) {
            FciResponse r = rig.request(new FciRequest.Empty(Command.GET_ROBOT_MODEL));
            assertEquals(BasicStatus.SUCCESS, r.status());
            assertArrayEquals(Fr3Model.urdf(), r.data());
            assertTrue(new String(r.data(), java.nio.charset.StandardCharsets.UTF_8).contains("name=\"joint7\""));
        }
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            assertEquals(ModelLibraryStatus.ERROR, rig.request(new FciRequest.LoadModelLibrary(0, 0)).status());
        }
    }

    @Test
    void aBrokenMessageClosesTheConnectionAndTheRobotTakesTheNextClient() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            ByteBuffer b = ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            new CommandHeader(4, 99, 40).write(b); // SetJointImpedance needs 68 bytes
            b.flip();
            rig.client.sendRaw(b);
            ByteBuffer rest = ByteBuffer.allocate(28);
            rig.client.sendRaw(rest);
            rig.stepUntil(() -> rig.robot.protocolErrors() == 1, "the broken message is noticed");
            assertTrue(rig.client.closedByRobot());
            assertFalse(rig.robot.connected());
            try (FciTestClient next = new FciTestClient(rig.robot.commandPort(), ProtocolVersion.V7)) {
                long id = next.send(new FciRequest.Connect(7, next.udpPort()));
                FciResponse r = null;
                for (int i = 0; i < SteppedRig.MAX_STEPS && r == null; i++) {
                    rig.robot.step();
                    r = next.response(id);
                    if (r == null) {
                        SteppedRig.pause();
                    }
                }
                assertEquals(ConnectStatus.SUCCESS, r.status());
            }
        }
    }

    @Test
    void aSecondClientIsRefusedWhileOneIsConnected() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7);
                FciTestClient second = new FciTestClient(rig.robot.commandPort(), ProtocolVersion.V7)) {
            second.send(new FciRequest.Connect(7, second.udpPort()));
            rig.stepUntil(() -> rig.robot.refusedConnections() == 1, "the second connection is refused");
            assertTrue(second.closedByRobot());
            assertTrue(rig.robot.connected(), "the first client keeps the robot");
        }
    }

    /**
     * libfranka makes a connection per {@code franka::Robot}: a tool that closes one and opens the next between two
     * of the robot's cycles is served. The emulator once took the newcomer before reading the old client's end and
     * refused it (the driver then tried again, and a request racing that refusal waited out its timeout).
     */
    @Test
    void aClientThatClosesAndConnectsAgainBetweenTwoCyclesIsServed() throws Exception {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            rig.client.close();
            try (FciTestClient next = new FciTestClient(rig.robot.commandPort(), ProtocolVersion.V7)) {
                long id = next.send(new FciRequest.Connect(7, next.udpPort()));
                rig.robot.step(); // the one cycle between the old client's end and the newcomer
                assertEquals(0, rig.robot.refusedConnections(), "the robot was free when the newcomer came");
                FciResponse r = null;
                for (int i = 0; i < SteppedRig.MAX_STEPS && r == null; i++) {
                    r = next.response(id);
                    if (r == null) {
                        SteppedRig.pause();
                        rig.robot.step();
                    }
                }
                assertEquals(ConnectStatus.SUCCESS, r.status());
                assertTrue(rig.robot.connected());
            }
        }
    }

    @Test
    void aRequestBeforeConnectIsAProtocolError() throws Exception {
        try (SteppedRig rig = new SteppedRig(ProtocolVersion.V7)) {
            rig.client.send(new FciRequest.Empty(Command.STOP_MOVE));
            rig.stepUntil(() -> rig.robot.protocolErrors() == 1, "the request before Connect is noticed");
            assertTrue(rig.client.closedByRobot());
        }
    }
}
