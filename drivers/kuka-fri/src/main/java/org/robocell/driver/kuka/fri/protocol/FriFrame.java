package org.robocell.driver.kuka.fri.protocol;

import java.util.zip.CRC32;

/**
 * FRI 2.x frames each message in its datagram: the message's length as a little-endian fixed32, the protobuf message,
 * then the CRC-32 (IEEE, as {@link CRC32}) of the message's bytes as a little-endian fixed32 (KUKA client SDK 2.7,
 * {@code src/protobuf/friCommandMessageEncoder.cpp} and {@code friMonitoringMessageDecoder.cpp}). FRI 1.x sends
 * the bare message.
 */
public final class FriFrame {

    /** the length prefix */
    public static final int HEADER_BYTES = 4;
    /** length prefix and checksum */
    public static final int OVERHEAD_BYTES = 8;
    /** from {@link #unwrap}: the length does not fit the datagram */
    public static final int BAD_LENGTH = -1;
    /** from {@link #unwrap}: the checksum is not the message's */
    public static final int BAD_CHECKSUM = -2;

    private FriFrame() {
    }

    /**
     * Checks the frame of {@code data[0, length)}.
     *
     * @return the end of the message in {@code data} (it starts at {@link #HEADER_BYTES}), or {@link #BAD_LENGTH}
     *         or {@link #BAD_CHECKSUM}
     */
    public static int unwrap(byte[] data, int length, CRC32 crc) {
        if (length < OVERHEAD_BYTES) {
            return BAD_LENGTH;
        }
        long size = littleEndian(data, 0);
        if (size > length - OVERHEAD_BYTES) {
            return BAD_LENGTH;
        }
        int end = HEADER_BYTES + (int) size;
        crc.reset();
        crc.update(data, HEADER_BYTES, (int) size);
        return crc.getValue() == littleEndian(data, end) ? end : BAD_CHECKSUM;
    }

    /**
     * Frames the message written at {@code out[HEADER_BYTES, HEADER_BYTES + size)}.
     *
     * @return the datagram's length
     */
    public static int wrap(byte[] out, int size, CRC32 crc) {
        putLittleEndian(out, 0, size);
        crc.reset();
        crc.update(out, HEADER_BYTES, size);
        putLittleEndian(out, HEADER_BYTES + size, crc.getValue());
        return size + OVERHEAD_BYTES;
    }

    private static long littleEndian(byte[] b, int at) {
        return (b[at] & 0xFFL) | (b[at + 1] & 0xFFL) << 8 | (b[at + 2] & 0xFFL) << 16 | (b[at + 3] & 0xFFL) << 24;
    }

    private static void putLittleEndian(byte[] b, int at, long v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }
}
