package org.robocell.driver.franka.gripper.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Hand's UDP state datagram ({@code gripper::GripperState}, 23 bytes packed): {@code uint32 message_id; double
 * width; double max_width; bool is_grasped; uint16 temperature}. libfranka turns {@code message_id} into
 * {@code GripperState::time} in milliseconds (libfranka {@code src/gripper.cpp}, {@code convertGripperState}).
 *
 * @param messageId   strictly increasing, uint32
 * @param width       the fingers' opening in m
 * @param maxWidth    the opening the last homing measured, m
 * @param grasped     whether an object is held
 * @param temperature °C, uint16
 */
public record GripperState(long messageId, double width, double maxWidth, boolean grasped, int temperature) {

    public static final int SIZE = 23;

    public GripperState {
        if (messageId < 0 || messageId > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("message_id " + messageId + " does not fit a uint32");
        }
        if (temperature < 0 || temperature > 0xFFFF) {
            throw new IllegalArgumentException("temperature " + temperature + " does not fit a uint16");
        }
    }

    /**
     * Reads a datagram: exactly {@value #SIZE} bytes from the buffer's position to its limit (libfranka refuses any
     * other size with "incorrect object size").
     *
     * @throws GripperProtocolException naming what is wrong: the size, or an {@code is_grasped} byte that is
     *                                  neither 0 nor 1
     */
    public static GripperState read(ByteBuffer buffer) {
        if (buffer.remaining() != SIZE) {
            throw new GripperProtocolException("gripper state: " + buffer.remaining() + " bytes, expected " + SIZE);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        long id = Integer.toUnsignedLong(buffer.getInt());
        double width = buffer.getDouble();
        double maxWidth = buffer.getDouble();
        int grasped = Byte.toUnsignedInt(buffer.get());
        if (grasped > 1) {
            throw new GripperProtocolException("gripper state: is_grasped=" + grasped + " is not a bool (0 or 1)");
        }
        int temperature = Short.toUnsignedInt(buffer.getShort());
        return new GripperState(id, width, maxWidth, grasped == 1, temperature);
    }

    /** Writes the datagram's 23 bytes at the buffer's position, little-endian. */
    public void write(ByteBuffer buffer) {
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt((int) messageId).putDouble(width).putDouble(maxWidth).put((byte) (grasped ? 1 : 0))
                .putShort((short) temperature);
    }

    /** The datagram in a new buffer, ready to send. */
    public ByteBuffer encode() {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        write(b);
        return b.flip();
    }
}
