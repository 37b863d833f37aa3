package org.robocell.driver.franka.gripper.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;

/**
 * The gripper messages byte for byte as libfranka-common's packed structs lay them out on x86 (little-endian, no
 * padding): a uint16 command, uint32 id and uint32 size header, then the payload.
 */
class GripperCodecTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void connectRequestIsHeaderThenVersionThreeAndTheUdpPort() {
        byte[] bytes = bytes(GripperCodec.encode(GripperRequest.connect(0, 0xC350)));
        // command 0, id 0, size 14 | version 3 | udp_port 50000
        assertEquals("0000" + "00000000" + "0e000000" + "0300" + "50c3", HEX.formatHex(bytes));
    }

    @Test
    void graspRequestCarriesWidthThenEpsilonInnerOuterThenSpeedThenForce() {
        byte[] bytes = bytes(GripperCodec.encode(GripperRequest.grasp(7, 0.02, 0.005, 0.006, 0.1, 60)));
        ByteBuffer expected = ByteBuffer.allocate(50).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        expected.putShort((short) 2).putInt(7).putInt(50).putDouble(0.02).putDouble(0.005).putDouble(0.006)
                .putDouble(0.1).putDouble(60);
        assertArrayEquals(expected.array(), bytes);
        assertEquals("0200" + "07000000" + "32000000", HEX.formatHex(bytes, 0, 10));
    }

    @Test
    void moveRequestIsWidthThenSpeedAndHomingAndStopAreABareHeader() {
        byte[] move = bytes(GripperCodec.encode(GripperRequest.move(1, 0.08, 0.1)));
        assertEquals(26, move.length);
        assertEquals("0300" + "01000000" + "1a000000" + "7b14ae47e17ab43f" + "9a9999999999b93f", HEX.formatHex(move));
        assertEquals("0100" + "02000000" + "0a000000", HEX.formatHex(bytes(GripperCodec.encode(
                GripperRequest.homing(2)))));
        assertEquals("0400" + "ffffffff" + "0a000000", HEX.formatHex(bytes(GripperCodec.encode(
                GripperRequest.stop(0xFFFF_FFFFL)))));
    }

    @Test
    void responsesAreHeaderThenStatusAndConnectAddsTheVersion() {
        assertEquals("0000" + "05000000" + "0e000000" + "0000" + "0300", HEX.formatHex(bytes(GripperCodec.encode(
                GripperResponse.connect(5, GripperConnectStatus.SUCCESS)))));
        assertEquals("0200" + "09000000" + "0c000000" + "0200", HEX.formatHex(bytes(GripperCodec.encode(
                GripperResponse.of(GripperCommand.GRASP, 9, GripperStatus.UNSUCCESSFUL)))));
        assertEquals("0300" + "09000000" + "0c000000" + "0100", HEX.formatHex(bytes(GripperCodec.encode(
                GripperResponse.of(GripperCommand.MOVE, 9, GripperStatus.FAIL)))));
    }

    @Test
    void everyRequestDecodesToWhatWasEncoded() {
        for (GripperRequest r : new GripperRequest[] { GripperRequest.connect(1, 40000),
            GripperRequest.connect(2, 2, 1), GripperRequest.homing(3),
            GripperRequest.grasp(4, 0.03, 0.001, 0.002, 0.05, 40), GripperRequest.move(5, 0.01, 0.02),
            GripperRequest.stop(6) }) {
            ByteBuffer b = GripperCodec.encode(r);
            GripperHeader h = GripperHeader.read(b);
            assertEquals(r, GripperCodec.decodeRequest(h, b.slice()));
        }
    }

    @Test
    void responseDecodingKeepsAnUnknownStatusAndRefusesItWhenAsked() {
        ByteBuffer b = ByteBuffer.wrap(HEX.parseHex("0100" + "03000000" + "0c000000" + "0900"));
        GripperResponse r = GripperCodec.decodeResponse(GripperHeader.read(b), b.slice());
        assertEquals(9, r.statusCode());
        GripperProtocolException e = assertThrows(GripperProtocolException.class, r::status);
        assertEquals("response: status=9 is not a gripper status (0..3)", e.getMessage());
    }

    @Test
    void aLongerResponseIsAcceptedAsLibfrankaDoesAndAShorterOneIsNot() {
        ByteBuffer longer = ByteBuffer.wrap(HEX.parseHex("0400" + "03000000" + "0e000000" + "0000" + "abcd"));
        assertEquals(GripperStatus.SUCCESS, GripperCodec.decodeResponse(GripperHeader.read(longer), longer.slice())
                .status());
        ByteBuffer shorter = ByteBuffer.wrap(HEX.parseHex("0000" + "03000000" + "0c000000" + "0000"));
        GripperProtocolException e = assertThrows(GripperProtocolException.class,
                () -> GripperCodec.decodeResponse(GripperHeader.read(shorter), shorter.slice()));
        assertEquals("Connect response: size=12, expected at least 14", e.getMessage());
    }

    @Test
    void aHeaderWithAnUnknownCommandOrAnAbsurdSizeIsRefusedNamingTheField() {
        assertEquals("command header: command=5 is not a gripper command (0..4: Connect, Homing, Grasp, Move, Stop)",
                assertThrows(GripperProtocolException.class, () -> GripperHeader.read(ByteBuffer.wrap(
                        HEX.parseHex("0500" + "00000000" + "0a000000")))).getMessage());
        assertEquals("command header: size=4294967295 is not between 10 and 1024",
                assertThrows(GripperProtocolException.class, () -> GripperHeader.read(ByteBuffer.wrap(
                        HEX.parseHex("0100" + "00000000" + "ffffffff")))).getMessage());
        assertEquals("command header: size=9 is not between 10 and 1024",
                assertThrows(GripperProtocolException.class, () -> GripperHeader.read(ByteBuffer.wrap(
                        HEX.parseHex("0100" + "00000000" + "09000000")))).getMessage());
        assertEquals("command header: 3 bytes, expected 10", assertThrows(GripperProtocolException.class,
                () -> GripperHeader.read(ByteBuffer.wrap(new byte[3]))).getMessage());
    }

    @Test
    void aRequestOfTheWrongSizeForItsCommandIsRefused() {
        ByteBuffer b = ByteBuffer.wrap(HEX.parseHex("0300" + "00000000" + "12000000" + "0000000000000000"));
        GripperProtocolException e = assertThrows(GripperProtocolException.class,
                () -> GripperCodec.decodeRequest(GripperHeader.read(b), b.slice()));
        assertEquals("Move request: size=18, expected 26", e.getMessage());
    }

    @Test
    void stateDatagramIsTwentyThreePackedBytes() {
        GripperState s = new GripperState(0x01020304L, 0.04, 0.08, true, 31);
        byte[] bytes = bytes(s.encode());
        assertEquals(23, bytes.length);
        assertEquals("04030201" + "7b14ae47e17aa43f" + "7b14ae47e17ab43f" + "01" + "1f00", HEX.formatHex(bytes));
        assertEquals(s, GripperState.read(ByteBuffer.wrap(bytes)));
    }

    @Test
    void aStateOfAnotherSizeOrWithANonBoolGraspedFlagIsRefused() {
        assertEquals("gripper state: 24 bytes, expected 23", assertThrows(GripperProtocolException.class,
                () -> GripperState.read(ByteBuffer.allocate(24))).getMessage());
        byte[] bytes = bytes(new GripperState(1, 0, 0.08, false, 30).encode());
        bytes[20] = 7;
        assertEquals("gripper state: is_grasped=7 is not a bool (0 or 1)", assertThrows(
                GripperProtocolException.class, () -> GripperState.read(ByteBuffer.wrap(bytes))).getMessage());
        GripperState unsigned = GripperState.read(ByteBuffer.wrap(HEX.parseHex("ffffffff" + "0000000000000000"
                + "0000000000000000" + "00" + "ffff")));
        assertEquals(0xFFFF_FFFFL, unsigned.messageId());
        assertEquals(65535, unsigned.temperature());
        assertFalse(unsigned.grasped());
        assertTrue(GripperCommand.GRASP.requestPayload() == 40);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
