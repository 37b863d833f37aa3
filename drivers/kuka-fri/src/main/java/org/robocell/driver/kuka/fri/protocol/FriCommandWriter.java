package org.robocell.driver.kuka.fri.protocol;

/**
 * Writes an {@code FRICommandMessage} (on 2.x in its {@link FriFrame}) into a reused buffer, allocating nothing: the header with the client's sequence
 * counter and the reflected one of the monitoring message answered, and the command data of the session's command
 * mode (joint positions, plus joint torques or a Cartesian wrench; on 2.x a Cartesian pose instead). Repeated doubles are written unpacked, one tag
 * and eight bytes per value, as the KUKA client SDK's nanopb callbacks do ({@code pb_frimessages_callbacks.c}).
 * <p>
 * The caller checks the values (finite, in the robot's limits): this class writes what it is given.
 */
public final class FriCommandWriter {

    /** {@code LBRCOMMANDMESSAGEID} ({@code friLBRCommand.h}) */
    public static final int COMMAND_MESSAGE_ID = 0x34001;
    /** {@code FRI_COMMAND_MSG_MAX_SIZE} */
    public static final int MAX_MESSAGE_BYTES = 1500;
    /**
     * the largest datagram this writer produces: header, 7 positions, 7 torques, a 6-element wrench, and on 2.x the
     * frame's length and checksum
     */
    public static final int MAX_LENGTH = 2 + 3 * 6 + 2 + 3 * (2 + 7 * 9) + 8 + FriFrame.OVERHEAD_BYTES;

    private final FriVersion version;
    private final java.util.zip.CRC32 crc = new java.util.zip.CRC32();

    public FriCommandWriter(FriVersion version) {
        this.version = version;
    }

    /**
     * @param positions  joint positions (rad), always sent (the robot needs them in every command mode)
     * @param torques    joint torques (Nm) for {@link FriCommandMode#TORQUE}, else null
     * @param wrench     Fx, Fy, Fz (N), tau A, B, C (Nm) for {@link FriCommandMode#WRENCH}, else null
     * @param joints     how many of {@code positions}/{@code torques} to send
     * @return the datagram's length in {@code out}
     */
    public int write(long sequenceCounter, long reflectedSequenceCounter, double[] positions, double[] torques,
            double[] wrench, int joints, byte[] out) {
        int start = version == FriVersion.V2 ? FriFrame.HEADER_BYTES : 0;
        int p = start;
        // header = 1
        int headerLength = 3 + varintSize(COMMAND_MESSAGE_ID) + varintSize(sequenceCounter & 0xFFFF_FFFFL)
                + varintSize(reflectedSequenceCounter & 0xFFFF_FFFFL);
        out[p++] = key(1, 2);
        p = putVarint(out, p, headerLength);
        p = headerFields(out, p, sequenceCounter, reflectedSequenceCounter);
        // commandData = 2
        int dataLength = doublesField(joints);
        if (torques != null) {
            dataLength += doublesField(joints);
        }
        if (wrench != null) {
            dataLength += doublesField(6);
        }
        out[p++] = key(2, 2);
        p = putVarint(out, p, dataLength);
        p = doubles(out, p, 1, positions, joints);
        if (wrench != null) {
            p = doubles(out, p, 2, wrench, 6);
        }
        if (torques != null) {
            p = doubles(out, p, 3, torques, joints);
        }
        return version == FriVersion.V2 ? FriFrame.wrap(out, p - start, crc) : p;
    }

    /**
     * A 2.x command in {@link FriCommandMode#CARTESIAN_POSE}: {@code commandData.cartesianPose} (field 6), a
     * {@code QuaternionTransformation} with an empty name and the seven elements x, y, z (mm), qw, qx, qy, qz, as
     * the SDK's {@code LBRCommand::setCartesianPose} fills it ({@code friLBRCommand.cpp}, SDK 2.5/2.7). The
     * redundancy information (field 7) is not sent: the robot keeps its interpolated E1.
     *
     * @return the datagram's length in {@code out}
     * @throws IllegalStateException on a 1.x writer: 1.x has no Cartesian pose command
     * @since 1.1
     */
    public int writeCartesianPose(long sequenceCounter, long reflectedSequenceCounter, double[] pose, byte[] out) {
        if (version != FriVersion.V2) {
            throw new IllegalStateException("FRI 1.x has no Cartesian pose command");
        }
        int start = FriFrame.HEADER_BYTES;
        int p = start;
        int headerLength = 3 + varintSize(COMMAND_MESSAGE_ID) + varintSize(sequenceCounter & 0xFFFF_FFFFL)
                + varintSize(reflectedSequenceCounter & 0xFFFF_FFFFL);
        out[p++] = key(1, 2);
        p = putVarint(out, p, headerLength);
        p = headerFields(out, p, sequenceCounter, reflectedSequenceCounter);
        // the transformation: name = 1 (empty string), element = 2 (seven unpacked doubles)
        int transformation = 2 + FriMonitorReader.POSE_ELEMENTS * 9;
        int dataLength = 1 + varintSize(transformation) + transformation;
        out[p++] = key(2, 2);
        p = putVarint(out, p, dataLength);
        out[p++] = key(6, 2);
        p = putVarint(out, p, transformation);
        out[p++] = key(1, 2);
        out[p++] = 0;
        for (int i = 0; i < FriMonitorReader.POSE_ELEMENTS; i++) {
            out[p++] = key(2, 1);
            long bits = Double.doubleToRawLongBits(pose[i]);
            for (int b = 0; b < 8; b++) {
                out[p++] = (byte) (bits >>> (8 * b));
            }
        }
        return FriFrame.wrap(out, p - start, crc);
    }

    /** the header's three counters, each a tag and a varint */
    private static int headerFields(byte[] out, int start, long sequenceCounter, long reflected) {
        int p = start;
        out[p++] = key(1, 0);
        p = putVarint(out, p, COMMAND_MESSAGE_ID);
        out[p++] = key(2, 0);
        p = putVarint(out, p, sequenceCounter & 0xFFFF_FFFFL);
        out[p++] = key(3, 0);
        return putVarint(out, p, reflected & 0xFFFF_FFFFL);
    }

    /** the bytes of a field {@code number} holding a JointValues/CartesianVector of {@code n} unpacked doubles */
    private static int doublesField(int n) {
        int inner = n * 9;
        return 1 + varintSize(inner) + inner;
    }

    /** a field {@code number} holding a message whose field 1 is the repeated double {@code values[0, n)} */
    private static int doubles(byte[] out, int start, int number, double[] values, int n) {
        int p = start;
        out[p++] = key(number, 2);
        p = putVarint(out, p, n * 9);
        for (int i = 0; i < n; i++) {
            out[p++] = key(1, 1);
            long bits = Double.doubleToRawLongBits(values[i]);
            for (int b = 0; b < 8; b++) {
                out[p++] = (byte) (bits >>> (8 * b));
            }
        }
        return p;
    }

    private static byte key(int number, int wireType) {
        return (byte) ((number << 3) | wireType);
    }

    static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    static int putVarint(byte[] out, int start, long v) {
        int p = start;
        while ((v & ~0x7FL) != 0) {
            out[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[p++] = (byte) v;
        return p;
    }

    public FriVersion version() {
        return version;
    }
}
