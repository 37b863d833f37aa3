package org.robocell.foxglove.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The binary server messages of {@code foxglove.websocket.v1} (ws-protocol docs/spec.md, "Binary messages"):
 * one opcode byte, then little-endian fields.
 */
final class MessageFrames {

    static final byte MESSAGE_DATA = 1;
    static final byte TIME = 2;

    private MessageFrames() {
    }

    /** Message Data: opcode 1, subscription id (u32), receive timestamp in ns (u64), the payload. */
    static byte[] messageData(int subscriptionId, long timestampNanos, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 8 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MESSAGE_DATA).putInt(subscriptionId).putLong(timestampNanos).put(payload);
        return b.array();
    }

    /** Time: opcode 2, the server's time in ns (u64). */
    static byte[] time(long timestampNanos) {
        return ByteBuffer.allocate(9).order(ByteOrder.LITTLE_ENDIAN).put(TIME).putLong(timestampNanos).array();
    }
}
