package org.robocell.driver.franka.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The TCP messages: sizes as {@code sizeof} gives them for libfranka-common's packed structs, both directions. */
class FciCodecTest {

    private final FciCodec v7 = new FciCodec(ProtocolVersion.V7);
    private final FciCodec v10 = new FciCodec(ProtocolVersion.V10);

    private static FciRequest roundTrip(FciCodec codec, FciRequest request, int expectedSize) {
        ByteBuffer b = codec.encodeRequest(42, request);
        assertEquals(expectedSize, b.remaining(), request.command().wireName() + " message size");
        CommandHeader h = CommandHeader.read(b);
        assertEquals(expectedSize, h.size());
        assertEquals(42, h.commandId());
        return codec.decodeRequest(h, b);
    }

    @Test
    void everyRequestHasLibfrankasSizeAndReadsBack() {
        FciRequest.Connect c = (FciRequest.Connect) roundTrip(v7, new FciRequest.Connect(7, 40000), 16);
        assertEquals(7, c.version());
        assertEquals(40000, c.udpPort());
        FciRequest.Move m = (FciRequest.Move) roundTrip(v7,
                new FciRequest.Move(MoveControllerMode.EXTERNAL_CONTROLLER, MoveMotionGeneratorMode.NONE), 68);
        assertEquals(MoveMotionGeneratorMode.NONE, m.motionGeneratorMode());
        assertEquals(Deviation.LIBFRANKA_DEFAULT, m.maximumGoalPoseDeviation());
        FciRequest.Move m10 = (FciRequest.Move) roundTrip(v10, new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
                MoveMotionGeneratorMode.JOINT_POSITION, Deviation.LIBFRANKA_DEFAULT, Deviation.LIBFRANKA_DEFAULT, true,
                new double[] { 1, 2, 3, 4, 5, 6, 7 }), 125);
        assertTrue(m10.useAsyncMotionGenerator());
        assertArrayEquals(new double[] { 1, 2, 3, 4, 5, 6, 7 }, m10.maximumVelocity());
        double[] seven = { 1, 2, 3, 4, 5, 6, 7 };
        double[] six = { 1, 2, 3, 4, 5, 6 };
        FciRequest.SetCollisionBehavior s = (FciRequest.SetCollisionBehavior) roundTrip(v7,
                new FciRequest.SetCollisionBehavior(seven, seven, seven, new double[] { 20, 20, 18, 18, 16, 14, 12 },
                        six, six, six, six), 12 + 416);
        assertEquals(12, s.upperTorqueThresholdsNominal()[6]);
        roundTrip(v7, new FciRequest.SetJointImpedance(seven), 12 + 56);
        roundTrip(v7, new FciRequest.SetCartesianImpedance(six), 12 + 48);
        FciRequest.SetGuidingMode g = (FciRequest.SetGuidingMode) roundTrip(v7,
                new FciRequest.SetGuidingMode(new boolean[] { true, false, true, false, true, false }, true), 12 + 7);
        assertTrue(g.nullspace() && g.guidingMode()[4] && !g.guidingMode()[5]);
        roundTrip(v7, new FciRequest.SetEeToK(new double[16]), 12 + 128);
        roundTrip(v7, new FciRequest.SetNeToEe(new double[16]), 12 + 128);
        FciRequest.SetLoad l = (FciRequest.SetLoad) roundTrip(v7,
                new FciRequest.SetLoad(0.5, new double[] { 0, 0, 0.1 }, new double[9]), 12 + 104);
        assertEquals(0.5, l.mLoad());
        assertEquals(0.1, l.fXCload()[2]);
        roundTrip(v7, new FciRequest.Empty(Command.STOP_MOVE), 12);
        roundTrip(v7, new FciRequest.Empty(Command.AUTOMATIC_ERROR_RECOVERY), 12);
        roundTrip(v7, new FciRequest.LoadModelLibrary(0, 0), 14);
        roundTrip(v10, new FciRequest.Empty(Command.GET_ROBOT_MODEL), 12);
    }

    @Test
    void commandElevenIsLoadModelLibraryInSevenAndGetRobotModelInTen() {
        assertEquals(Command.LOAD_MODEL_LIBRARY, Command.of(11, ProtocolVersion.V7));
        assertEquals(Command.GET_ROBOT_MODEL, Command.of(11, ProtocolVersion.V10));
        assertThrows(IllegalArgumentException.class,
                () -> v7.encodeRequest(1, new FciRequest.Empty(Command.GET_ROBOT_MODEL)));
    }

    @Test
    void responsesCarryTheStatusAndWhatTheCommandAdds() {
        ByteBuffer b = v7.encodeResponse(new FciResponse(Command.CONNECT, 3, ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION,
                7, new byte[0]));
        assertEquals(15, b.remaining());
        assertEquals(1, b.get(12), "status after the header");
        assertEquals(7, b.getShort(13), "the robot's version");
        FciResponse r = v7.decodeResponse(CommandHeader.read(b), b);
        assertEquals(ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION, r.status());
        assertEquals(7, r.version());

        ByteBuffer move = v7.encodeResponse(FciResponse.of(Command.MOVE, 9, MoveStatus.REFLEX_ABORTED));
        assertEquals(13, move.remaining());
        assertEquals(8, move.get(12), "kReflexAborted is 8");

        byte[] urdf = "<robot name=\"fr3\"/>".getBytes(StandardCharsets.UTF_8);
        ByteBuffer model = v10.encodeResponse(new FciResponse(Command.GET_ROBOT_MODEL, 1, BasicStatus.SUCCESS, -1, urdf));
        assertEquals(12 + 1 + urdf.length, model.remaining());
        FciResponse back = v10.decodeResponse(CommandHeader.read(model), model);
        assertArrayEquals(urdf, back.data());
    }

    @Test
    void anUnknownCommandIdIsRefusedNamingIt() {
        ByteBuffer b = ByteBuffer.allocate(12);
        new CommandHeader(12, 1, 12).write(b);
        b.flip();
        CommandHeader h = CommandHeader.read(b);
        FciProtocolException e = assertThrows(FciProtocolException.class, () -> v7.decodeRequest(h, b));
        assertEquals("command header: command=12 is not a command of FCI v7 (expected 0..11)", e.getMessage());
    }

    @Test
    void aSizeFieldThatDoesNotMatchTheCommandIsRefused() {
        ByteBuffer b = v7.encodeRequest(5, new FciRequest.SetJointImpedance(new double[7]));
        b.putInt(8, 12 + 55);
        CommandHeader h = CommandHeader.read(b);
        FciProtocolException e = assertThrows(FciProtocolException.class, () -> v7.decodeRequest(h, b));
        assertEquals("SetJointImpedance request: size=67, expected 68 for FCI v7", e.getMessage());
        ByteBuffer tiny = ByteBuffer.allocate(12);
        new CommandHeader(0, 1, 5).write(tiny);
        tiny.flip();
        assertEquals("command header: size=5 is not between 12 and 4194304",
                assertThrows(FciProtocolException.class, () -> CommandHeader.read(tiny)).getMessage());
        ByteBuffer v10Move = v10.encodeRequest(1, new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
                MoveMotionGeneratorMode.JOINT_POSITION));
        CommandHeader h10 = CommandHeader.read(v10Move);
        assertEquals("Move request: size=125, expected 68 for FCI v7",
                assertThrows(FciProtocolException.class, () -> v7.decodeRequest(h10, v10Move)).getMessage());
    }

    @Test
    void aNanStiffnessAndAnUnknownModeAreRefusedNamingTheField() {
        double[] k = { 3000, 3000, Double.NaN, 2500, 2500, 2000, 2000 };
        ByteBuffer b = ByteBuffer.allocate(68).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        new CommandHeader(4, 1, 68).write(b);
        for (double v : k) {
            b.putDouble(v);
        }
        b.flip();
        CommandHeader h = CommandHeader.read(b);
        assertEquals("SetJointImpedance request: K_theta[2]=NaN is not a finite number",
                assertThrows(FciProtocolException.class, () -> v7.decodeRequest(h, b)).getMessage());
        ByteBuffer move = v7.encodeRequest(1, new FciRequest.Move(MoveControllerMode.JOINT_IMPEDANCE,
                MoveMotionGeneratorMode.JOINT_POSITION));
        move.putInt(12 + 4, 9);
        CommandHeader mh = CommandHeader.read(move);
        assertEquals("Move request: motion_generator_mode=9 is not a motion generator mode (expected 0..4)",
                assertThrows(FciProtocolException.class, () -> v7.decodeRequest(mh, move)).getMessage());
        assertFalse(Command.MOVE.statuses()[0] != MoveStatus.SUCCESS);
    }

    @Test
    void statusNamesAreLibfrankas() {
        assertEquals("kMotionStarted", MoveStatus.MOTION_STARTED.wireName());
        assertEquals("kIncompatibleLibraryVersion", ConnectStatus.INCOMPATIBLE_LIBRARY_VERSION.wireName());
        assertEquals("SetEEToK", Command.SET_EE_TO_K.wireName());
        assertEquals("SetNEToEE", Command.SET_NE_TO_EE.wireName());
    }
}
