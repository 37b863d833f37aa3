package org.robocell.driver.franka.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 12-byte header of every TCP message in both directions: the command (uint32), the client's running
 * command id that the response repeats (uint32) and the size of the whole message, header included (uint32).
 *
 * @param command   the command's wire id (see {@link Command#of})
 * @param commandId the request's id
 * @param size      header plus payload, in bytes
 */
public record CommandHeader(long command, long commandId, long size) {

    public static final int SIZE = 12;

    /** The largest message accepted: the robot's URDF in a {@code GetRobotModel} response fits comfortably. */
    public static final int MAX_MESSAGE_SIZE = 4 << 20;

    /**
     * Reads a header from the buffer's position (advancing it by 12).
     *
     * @throws FciProtocolException when fewer than 12 bytes remain or the size field is below 12 or above
     *                              {@link #MAX_MESSAGE_SIZE}
     */
    public static CommandHeader read(ByteBuffer buffer) {
        if (buffer.remaining() < SIZE) {
            throw new FciProtocolException("command header: " + buffer.remaining() + " bytes, expected " + SIZE);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        long command = Integer.toUnsignedLong(buffer.getInt());
        long id = Integer.toUnsignedLong(buffer.getInt());
        long size = Integer.toUnsignedLong(buffer.getInt());
        if (size < SIZE || size > MAX_MESSAGE_SIZE) {
            throw new FciProtocolException("command header: size=" + size + " is not between " + SIZE + " and "
                    + MAX_MESSAGE_SIZE);
        }
        return new CommandHeader(command, id, size);
    }

    /** Writes the header at the buffer's position (advancing it by 12), little-endian. */
    public void write(ByteBuffer buffer) {
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt((int) command).putInt((int) commandId).putInt((int) size);
    }

    /** Bytes of payload after the header. */
    public int payloadSize() {
        return (int) (size - SIZE);
    }
}
