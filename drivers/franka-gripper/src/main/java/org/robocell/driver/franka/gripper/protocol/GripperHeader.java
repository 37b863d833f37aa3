package org.robocell.driver.franka.gripper.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 10-byte header of every gripper TCP message in both directions ({@code gripper::CommandHeader}): the command
 * (uint16), the client's running command id that the response repeats (uint32) and the size of the whole message,
 * header included (uint32). Narrower than the arm's 12-byte header, whose command is a uint32.
 *
 * @param command   the command
 * @param commandId the request's id, 0 to 2^32-1
 * @param size      header plus payload, in bytes
 */
public record GripperHeader(GripperCommand command, long commandId, int size) {

    public static final int SIZE = 10;

    /** Far above the largest message (a Grasp request, 50 bytes): a size beyond it is not this protocol. */
    public static final int MAX_MESSAGE_SIZE = 1024;

    public GripperHeader {
        if (commandId < 0 || commandId > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("command id " + commandId + " does not fit a uint32");
        }
    }

    /**
     * Reads a header from the buffer's position (advancing it by 10).
     *
     * @throws GripperProtocolException when fewer than 10 bytes remain, the command is not one of the five or the
     *                                  size is below 10 or above {@link #MAX_MESSAGE_SIZE}
     */
    public static GripperHeader read(ByteBuffer buffer) {
        if (buffer.remaining() < SIZE) {
            throw new GripperProtocolException("command header: " + buffer.remaining() + " bytes, expected " + SIZE);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        int command = Short.toUnsignedInt(buffer.getShort());
        long id = Integer.toUnsignedLong(buffer.getInt());
        long size = Integer.toUnsignedLong(buffer.getInt());
        if (size < SIZE || size > MAX_MESSAGE_SIZE) {
            throw new GripperProtocolException("command header: size=" + size + " is not between " + SIZE + " and "
                    + MAX_MESSAGE_SIZE);
        }
        return new GripperHeader(GripperCommand.of(command), id, (int) size);
    }

    /** Writes the header at the buffer's position (advancing it by 10), little-endian. */
    public void write(ByteBuffer buffer) {
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        buffer.putShort((short) command.id()).putInt((int) commandId).putInt(size);
    }

    /** Bytes of payload after the header. */
    public int payloadSize() {
        return size - SIZE;
    }
}
