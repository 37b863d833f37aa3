package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.protocol.ProtocolVersion;

/**
 * Command 11 byte for byte, as libfranka frames it (checked in its sources): protocol 10's {@code GetRobotModel}
 * (libfranka-common {@code include/research_interface/robot/service_types.h}: an empty request, a
 * {@code DynamicSizedCommandMessage} response = the 12-byte header with {@code size} = 12 + 1 + the URDF's length,
 * the uint8 status, then the URDF's bytes, no length prefix nor terminator; libfranka {@code src/robot_impl.h}
 * takes the bytes after the status as the URDF), and protocol 7's {@code LoadModelLibrary} (libfranka 0.13.6
 * {@code src/library_downloader.cpp}, {@code src/network.h}: the library is the {@code size} − 13 bytes after the
 * status; {@code Status} {kSuccess, kError}: the emulator answers kError with no bytes, which libfranka reports as
 * "Server reports error when loading model library.").
 */
class FrankaEmulatorModelServiceTest {

    @Test
    void getRobotModelAnswersTheHeaderTheStatusAndTheUrdfBytesAndNothingElse() throws IOException {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V10)) {
            // header {uint32 command = 11, uint32 command_id, uint32 size = 12}: the request has no payload
            rig.client.sendRaw(header(11, 4242, 12));
            ByteBuffer response = readMessage(rig);
            byte[] urdf = Fr3Model.urdf();
            assertEquals(11, response.getInt(0), "command kGetRobotModel");
            assertEquals(4242, response.getInt(4), "the request's command_id");
            assertEquals(12 + 1 + urdf.length, response.getInt(8), "size: header, status, URDF");
            assertEquals(12 + 1 + urdf.length, response.limit(), "nothing after the URDF");
            assertEquals(0, response.get(12), "kSuccess");
            byte[] body = new byte[urdf.length];
            response.position(13);
            response.get(body);
            assertArrayEquals(urdf, body);
            assertEquals("<?xml", new String(body, 0, 5, java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    @Test
    void loadModelLibraryAnswersKErrorWithNoLibraryBytes() throws IOException {
        try (SteppedRig rig = SteppedRig.connected(ProtocolVersion.V7)) {
            // LoadModelLibrary::Request {uint8 architecture = kX64, uint8 system = kLinux}
            ByteBuffer request = ByteBuffer.allocate(14).order(ByteOrder.LITTLE_ENDIAN);
            request.putInt(11).putInt(77).putInt(14).put((byte) 0).put((byte) 0).flip();
            rig.client.sendRaw(request);
            ByteBuffer response = readMessage(rig);
            assertEquals(11, response.getInt(0), "command kLoadModelLibrary");
            assertEquals(77, response.getInt(4));
            assertEquals(13, response.getInt(8), "header and status only: no library");
            assertEquals(13, response.limit());
            assertEquals(1, response.get(12), "kError");
        }
    }

    private static ByteBuffer header(int command, int id, int size) {
        return ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(command).putInt(id).putInt(size).flip();
    }

    /** One whole response off the raw socket, as its header's size says, stepping the robot meanwhile. */
    private static ByteBuffer readMessage(SteppedRig rig) throws IOException {
        ByteBuffer in = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        for (int step = 0; step < SteppedRig.MAX_STEPS; step++) {
            rig.robot.step();
            if (rig.client.tcp.read(in) < 0) {
                throw new IOException("the robot closed the connection");
            }
            if (in.position() >= 12 && in.position() >= in.getInt(8)) {
                // a moment more: anything the robot sent beyond the size would show
                SteppedRig.pause();
                rig.client.tcp.read(in);
                return in.flip();
            }
            SteppedRig.pause();
        }
        throw new AssertionError("no whole response in " + SteppedRig.MAX_STEPS + " cycles");
    }
}
