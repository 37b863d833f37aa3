package org.robocell.foxglove.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class MessageFramesTest {

    @Test
    void messageDataIsOpcodeOneThenLittleEndianSubscriptionIdTimestampAndPayload() {
        byte[] payload = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] frame = MessageFrames.messageData(0x01020304, 0x1122334455667788L, payload);
        assertEquals(1 + 4 + 8 + payload.length, frame.length);
        assertEquals(1, frame[0]);
        assertArrayEquals(new byte[] {4, 3, 2, 1}, java.util.Arrays.copyOfRange(frame, 1, 5));
        assertEquals(0x1122334455667788L, ByteBuffer.wrap(frame, 5, 8).order(ByteOrder.LITTLE_ENDIAN).getLong());
        assertArrayEquals(payload, java.util.Arrays.copyOfRange(frame, 13, frame.length));
    }

    @Test
    void aSubscriptionIdAboveTwoToThe31IsWrittenAsTheUnsignedValueTheClientChose() {
        int id = (int) 4_000_000_000L;
        byte[] frame = MessageFrames.messageData(id, 0, new byte[0]);
        long read = ByteBuffer.wrap(frame, 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xFFFF_FFFFL;
        assertEquals(4_000_000_000L, read);
    }

    @Test
    void timeIsOpcodeTwoThenTheTimestamp() {
        byte[] frame = MessageFrames.time(42);
        assertEquals(9, frame.length);
        assertEquals(2, frame[0]);
        assertEquals(42, ByteBuffer.wrap(frame, 1, 8).order(ByteOrder.LITTLE_ENDIAN).getLong());
    }
}
