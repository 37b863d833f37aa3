package org.robocell.driver.franka.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Messages captured between libfranka 0.13.6 ({@code generate_joint_position_motion}, unchanged, protocol 7) and the
 * emulator, through a recording proxy on loopback (module README, "Wire compatibility"): each one decodes and
 * encodes back to the same bytes. The requests and commands were written by libfranka's own structs.
 */
class LibfrankaCaptureTest {

    private static final String DIR = "libfranka-0.13.6/";
    private final FciCodec codec = new FciCodec(ProtocolVersion.V7);

    private static byte[] read(String name) throws IOException {
        try (InputStream in = LibfrankaCaptureTest.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IOException("missing capture " + name);
            }
            return in.readAllBytes();
        }
    }

    @Test
    void libfrankasRequestsDecodeAndEncodeToTheSameBytes() throws IOException {
        List<String> requests = List.of("request-00-cmd0.bin", "request-01-cmd3.bin", "request-02-cmd4.bin",
                "request-03-cmd5.bin", "request-04-cmd1.bin", "request-05-cmd3.bin", "request-06-cmd1.bin",
                "request-07-cmd2.bin");
        for (String name : requests) {
            byte[] bytes = read(name);
            ByteBuffer b = ByteBuffer.wrap(bytes);
            CommandHeader h = CommandHeader.read(b);
            FciRequest request = codec.decodeRequest(h, b);
            ByteBuffer again = codec.encodeRequest(h.commandId(), request);
            byte[] out = new byte[again.remaining()];
            again.get(out);
            assertArrayEquals(bytes, out, name + " " + request.command().wireName());
        }
        FciRequest.Connect connect = (FciRequest.Connect) decode("request-00-cmd0.bin");
        assertEquals(7, connect.version());
        FciRequest.Move move = (FciRequest.Move) decode("request-04-cmd1.bin");
        assertEquals(MoveControllerMode.JOINT_IMPEDANCE, move.controllerMode());
        assertEquals(MoveMotionGeneratorMode.JOINT_POSITION, move.motionGeneratorMode());
        assertEquals(Deviation.LIBFRANKA_DEFAULT, move.maximumPathDeviation());
        FciRequest.SetCollisionBehavior collision = (FciRequest.SetCollisionBehavior) decode("request-01-cmd3.bin");
        assertEquals(20.0, collision.lowerTorqueThresholdsAcceleration()[0], "setDefaultBehavior's thresholds");
        FciRequest.SetJointImpedance impedance = (FciRequest.SetJointImpedance) decode("request-02-cmd4.bin");
        assertArrayEquals(new double[] { 3000, 3000, 3000, 2500, 2500, 2000, 2000 }, impedance.kTheta());
    }

    private FciRequest decode(String name) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(read(name));
        return codec.decodeRequest(CommandHeader.read(b), b);
    }

    @Test
    void theRobotsResponsesDecodeAsLibfrankaReadThem() throws IOException {
        MoveStatus[] moveResponses = { MoveStatus.MOTION_STARTED, MoveStatus.SUCCESS, MoveStatus.MOTION_STARTED,
                MoveStatus.REFLEX_ABORTED };
        String[] moveFiles = { "response-04.bin", "response-05.bin", "response-07.bin", "response-08.bin" };
        for (int i = 0; i < moveFiles.length; i++) {
            ByteBuffer b = ByteBuffer.wrap(read(moveFiles[i]));
            FciResponse r = codec.decodeResponse(CommandHeader.read(b), b);
            assertEquals(moveResponses[i], r.status(), moveFiles[i]);
        }
        ByteBuffer c = ByteBuffer.wrap(read("response-00.bin"));
        FciResponse connect = codec.decodeResponse(CommandHeader.read(c), c);
        assertEquals(ConnectStatus.SUCCESS, connect.status());
        assertEquals(0, connect.commandId(), "libfranka numbers its commands from 0");
    }

    @Test
    void libfrankasCommandsDecodeAndEncodeToTheSameBytes() throws IOException {
        for (String name : List.of("command-0000.bin", "command-0500.bin", "command-1000.bin")) {
            byte[] bytes = read(name);
            RobotCommand command = new RobotCommand();
            command.readFrom(ByteBuffer.wrap(bytes));
            ByteBuffer out = ByteBuffer.allocate(512);
            command.writeTo(out);
            byte[] again = new byte[out.remaining()];
            out.get(again);
            assertArrayEquals(bytes, again, name);
            assertTrue(command.messageId > 0, name);
            assertTrue(command.qC[3] < -0.1, name + ": joint 4 of an FR3 is always negative");
        }
    }

    @Test
    void theEmulatorsStatesDecodeAndEncodeToTheSameBytes() throws IOException {
        for (String name : List.of("state-0000.bin", "state-1000.bin")) {
            byte[] bytes = read(name);
            RobotState state = new RobotState();
            state.readFrom(ByteBuffer.wrap(bytes), ProtocolVersion.V7);
            ByteBuffer out = ByteBuffer.allocate(4096);
            state.writeTo(out, ProtocolVersion.V7);
            byte[] again = new byte[out.remaining()];
            out.get(again);
            assertArrayEquals(bytes, again, name);
        }
    }
}
