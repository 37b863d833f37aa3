package org.robocell.driver.kuka.fri.protocol;

import java.util.Arrays;

/**
 * Reads an {@code FRIMonitoringMessage} (on 2.x in its {@link FriFrame}) into reused arrays and fields, allocating
 * nothing: the fields a client's
 * cycle needs (header, connection info, robot info, the joint vectors of the monitor and IPO data, the client command
 * mode, and on 2.x the measured Cartesian pose). Every other field is skipped as protobuf requires, packed or unpacked doubles are both taken, and a datagram
 * that is not a well-formed message, or lacks the required header and connection info, is refused with a
 * {@link Refusal} naming what was wrong.
 * <p>
 * Not thread-safe: one reader per thread.
 */
public final class FriMonitorReader {

    /** {@code LBRMONITORMESSAGEID} ({@code friLBRState.h}) */
    public static final int MONITOR_MESSAGE_ID = 0x245142;
    /** joint vectors are read into arrays of this size; nanopb on the robot's side uses 7 as well */
    public static final int MAX_JOINTS = 7;
    /**
     * elements of a Cartesian pose (2.x {@code QuaternionTransformation}): x, y, z (mm), qw, qx, qy, qz
     * ({@code friLBRState.h}, {@code getMeasuredCartesianPose})
     * @since 1.1
     */
    public static final int POSE_ELEMENTS = 7;

    /** Why a datagram is not a monitoring message. */
    public enum Refusal {
        /** a field runs past the end of the datagram, or a varint does not end */
        TRUNCATED,
        /** a wire type protobuf does not define, or not the one the field has */
        BAD_WIRE_TYPE,
        /** no header, or a header without its three required counters */
        MISSING_HEADER,
        /** the header's messageIdentifier is not {@link #MONITOR_MESSAGE_ID} */
        WRONG_MESSAGE_ID,
        /** no connection info with session state and quality */
        MISSING_CONNECTION_INFO,
        /** a session state or quality FRI does not define */
        UNKNOWN_ENUM,
        /** a joint vector with more than {@link #MAX_JOINTS} values */
        TOO_MANY_JOINTS,
        /** a sub-message without a field the schema requires */
        MISSING_REQUIRED,
        /** 2.x: the CRC-32 after the message is not the message's */
        BAD_CHECKSUM
    }

    private final FriVersion version;
    private final java.util.zip.CRC32 crc = new java.util.zip.CRC32();

    private byte[] buf;
    private int pos;
    private Refusal refusal;

    // header
    private long messageId;
    private long sequenceCounter;
    private long reflectedSequenceCounter;
    private int headerFields;
    // connection info
    private FriSessionState sessionState;
    private FriConnectionQuality quality;
    private long sendPeriodMs;
    private long receiveMultiplier;
    // robot info
    private int numberOfJoints;
    private int controlMode;
    private int safetyState;
    private int operationMode;
    // ipo data
    private FriCommandMode clientCommandMode;

    private final double[] measuredPosition = new double[MAX_JOINTS];
    private final double[] measuredTorque = new double[MAX_JOINTS];
    private final double[] commandedPosition = new double[MAX_JOINTS];
    private final double[] commandedTorque = new double[MAX_JOINTS];
    private final double[] externalTorque = new double[MAX_JOINTS];
    private final double[] ipoPosition = new double[MAX_JOINTS];
    private final double[] measuredPose = new double[POSE_ELEMENTS];
    private int measuredPoseCount;
    private int measuredPositionCount;
    private int measuredTorqueCount;
    private int commandedPositionCount;
    private int commandedTorqueCount;
    private int externalTorqueCount;
    private int ipoPositionCount;
    private long timestampSec;
    private long timestampNanosec;
    private int timestampFields;
    /** required fields seen in the sub-message being read, one bit per field number - 1 */
    private int requiredSeen;

    public FriMonitorReader(FriVersion version) {
        this.version = version;
    }

    /** @return null when {@code data[0, length)} is a monitoring message (now readable here), else why not */
    public Refusal read(byte[] data, int length) {
        buf = data;
        pos = 0;
        refusal = null;
        clear();
        int end = length;
        if (version == FriVersion.V2) {
            end = FriFrame.unwrap(data, length, crc);
            if (end < 0) {
                refusal = end == FriFrame.BAD_CHECKSUM ? Refusal.BAD_CHECKSUM : Refusal.TRUNCATED;
                buf = null;
                return refusal;
            }
            pos = FriFrame.HEADER_BYTES;
        }
        message(end, 0);
        if (refusal == null) {
            if (headerFields != 0b111) {
                refusal = Refusal.MISSING_HEADER;
            } else if (messageId != MONITOR_MESSAGE_ID) {
                refusal = Refusal.WRONG_MESSAGE_ID;
            } else if (sessionState == null || quality == null) {
                refusal = refusal == null ? Refusal.MISSING_CONNECTION_INFO : refusal;
            }
        }
        buf = null;
        return refusal;
    }

    private void clear() {
        messageId = -1;
        sequenceCounter = 0;
        reflectedSequenceCounter = 0;
        headerFields = 0;
        sessionState = null;
        quality = null;
        sendPeriodMs = 0;
        receiveMultiplier = 1;
        numberOfJoints = 0;
        controlMode = -1;
        safetyState = 0;
        operationMode = -1;
        clientCommandMode = FriCommandMode.NO_COMMAND_MODE;
        measuredPositionCount = 0;
        measuredTorqueCount = 0;
        commandedPositionCount = 0;
        commandedTorqueCount = 0;
        externalTorqueCount = 0;
        ipoPositionCount = 0;
        measuredPoseCount = 0;
        timestampSec = 0;
        timestampNanosec = 0;
        timestampFields = 0;
        requiredSeen = 0;
    }

    // message kinds, for the dispatch in field()
    private static final int ROOT = 0;
    private static final int HEADER = 1;
    private static final int ROBOT_INFO = 2;
    private static final int MONITOR_DATA = 3;
    private static final int CONNECTION_INFO = 4;
    private static final int IPO_DATA = 5;
    private static final int TIMESTAMP = 6;
    private static final int TRANSFORMATION = 7;
    private static final int END_OF = 8;
    private static final int CHECKSUM = 9;
    private static final int IO_VALUE = 10;
    private static final int REDUNDANCY = 11;
    private static final int CARTESIAN_VECTOR = 12;
    /** 2.x monitorData.measuredCartesianPose: a QuaternionTransformation whose elements are kept */
    private static final int MEASURED_POSE = 14;
    /** a field this version does not define: skipped whole */
    private static final int UNKNOWN = 13;

    /** Reads fields until {@code end}. */
    private void message(int end, int kind) {
        while (refusal == null && pos < end) {
            long key = varint(end);
            if (refusal != null) {
                return;
            }
            int number = (int) (key >>> 3);
            int wireType = (int) (key & 7);
            if (number == 0) {
                refusal = Refusal.BAD_WIRE_TYPE;
                return;
            }
            field(kind, number, wireType, end);
        }
        if (pos > end && refusal == null) {
            refusal = Refusal.TRUNCATED;
        }
    }

    private void field(int kind, int number, int wireType, int end) {
        switch (kind) {
            case ROOT -> {
                switch (number) {
                    case 1 -> nested(wireType, end, HEADER);
                    case 2 -> nested(wireType, end, ROBOT_INFO);
                    case 3 -> nested(wireType, end, MONITOR_DATA);
                    case 4 -> nested(wireType, end, CONNECTION_INFO);
                    case 5 -> nested(wireType, end, IPO_DATA);
                    case 6 -> nested(wireType, end, TRANSFORMATION);
                    case 15 -> nested(wireType, end, version == FriVersion.V1 ? END_OF : UNKNOWN);
                    default -> skip(wireType, end);
                }
            }
            case HEADER -> {
                if (number >= 1 && number <= 3 && wireType == 0) {
                    long v = varint(end) & 0xFFFF_FFFFL;
                    headerFields |= 1 << (number - 1);
                    if (number == 1) {
                        messageId = v;
                    } else if (number == 2) {
                        sequenceCounter = v;
                    } else {
                        reflectedSequenceCounter = v;
                    }
                } else {
                    skipChecked(number <= 3, wireType, end);
                }
            }
            case CONNECTION_INFO -> {
                if (number >= 1 && number <= 4 && wireType == 0) {
                    long v = varint(end);
                    switch (number) {
                        case 1 -> {
                            sessionState = FriSessionState.of(v);
                            if (sessionState == null) {
                                refusal = Refusal.UNKNOWN_ENUM;
                            }
                        }
                        case 2 -> {
                            quality = FriConnectionQuality.of(v);
                            if (quality == null) {
                                refusal = Refusal.UNKNOWN_ENUM;
                            }
                        }
                        case 3 -> sendPeriodMs = v & 0xFFFF_FFFFL;
                        default -> receiveMultiplier = v & 0xFFFF_FFFFL;
                    }
                } else {
                    skipChecked(number <= 4, wireType, end);
                }
            }
            case ROBOT_INFO -> {
                if ((number == 1 || number == 2 || number == 6 || number == 7) && wireType == 0) {
                    int v = (int) varint(end);
                    switch (number) {
                        case 1 -> numberOfJoints = v;
                        case 2 -> safetyState = v;
                        case 6 -> operationMode = v;
                        default -> controlMode = v;
                    }
                } else {
                    skip(wireType, end);
                }
            }
            case MONITOR_DATA -> {
                switch (number) {
                    case 1 -> measuredPositionCount =
                            jointValues(wireType, end, measuredPosition, measuredPositionCount);
                    case 2 -> measuredTorqueCount = jointValues(wireType, end, measuredTorque, measuredTorqueCount);
                    case 3 -> {
                        if (version == FriVersion.V1) {
                            commandedPositionCount =
                                    jointValues(wireType, end, commandedPosition, commandedPositionCount);
                        } else {
                            skip(wireType, end);
                        }
                    }
                    case 4 -> commandedTorqueCount = jointValues(wireType, end, commandedTorque, commandedTorqueCount);
                    case 5 -> externalTorqueCount = jointValues(wireType, end, externalTorque, externalTorqueCount);
                    case 8 -> nested(wireType, end, IO_VALUE);
                    case 15 -> requiredTimestamp(wireType, end);
                    case 6 -> nested(wireType, end, version == FriVersion.V2 ? CARTESIAN_VECTOR : UNKNOWN);
                    case 9 -> nested(wireType, end, version == FriVersion.V2 ? MEASURED_POSE : UNKNOWN);
                    case 10 -> nested(wireType, end, version == FriVersion.V2 ? REDUNDANCY : UNKNOWN);
                    default -> skip(wireType, end);
                }
            }
            case IPO_DATA -> {
                if (number == 1) {
                    ipoPositionCount = jointValues(wireType, end, ipoPosition, ipoPositionCount);
                } else if (number == 2 && version == FriVersion.V2) {
                    nested(wireType, end, TRANSFORMATION);
                } else if (number == 3 && version == FriVersion.V2) {
                    nested(wireType, end, REDUNDANCY);
                } else if (number == 10 && wireType == 0) {
                    long v = varint(end);
                    FriCommandMode mode = FriCommandMode.of(v);
                    clientCommandMode = mode == null || (mode == FriCommandMode.CARTESIAN_POSE
                            && version == FriVersion.V1) ? FriCommandMode.NO_COMMAND_MODE : mode;
                } else {
                    skip(wireType, end);
                }
            }
            case TIMESTAMP -> {
                if ((number == 1 || number == 2) && wireType == 0) {
                    long v = varint(end) & 0xFFFF_FFFFL;
                    timestampFields |= number;
                    if (number == 1) {
                        timestampSec = v;
                    } else {
                        timestampNanosec = v;
                    }
                } else {
                    skip(wireType, end);
                }
            }
            default -> otherField(kind, number, wireType, end);
        }
    }

    /**
     * The sub-messages the driver does not read are still checked the way a protobuf decoder checks them: their
     * fields must fit, nested messages must be well-formed and required fields present. Otherwise a datagram broken
     * where nobody looks would pass as the robot's.
     */
    private void otherField(int kind, int number, int wireType, int end) {
        switch (kind) {
            case MEASURED_POSE -> {
                if (number == 1) {
                    requiredSeen |= 1;
                    skip(wireType, end);
                } else if (number == 2) {
                    poseElements(wireType, end);
                } else if (number == 3) {
                    requiredTimestamp(wireType, end);
                } else {
                    skip(wireType, end);
                }
            }
            case TRANSFORMATION -> {
                // name = 1 (string, required), matrix/element = 2 (repeated double), timestamp = 3
                if (number == 1) {
                    requiredSeen |= 1;
                    skip(wireType, end);
                } else if (number == 2) {
                    doubles(wireType, end);
                } else if (number == 3) {
                    requiredTimestamp(wireType, end);
                } else {
                    skip(wireType, end);
                }
            }
            case END_OF -> {
                if (number == 1) {
                    skip(wireType, end);
                } else if (number == 2) {
                    nested(wireType, end, CHECKSUM);
                } else {
                    skip(wireType, end);
                }
            }
            case CHECKSUM -> {
                if (number == 1) {
                    skip(wireType, end);
                } else {
                    skip(wireType, end);
                }
            }
            case IO_VALUE -> {
                // name = 1, type = 2, direction = 3 required; digitalValue = 4, analogValue = 5
                switch (number) {
                    case 1 -> {
                        requiredSeen |= 1;
                        skip(wireType, end);
                    }
                    case 2, 3 -> {
                        requiredSeen |= 1 << (number - 1);
                        skip(wireType, end);
                    }
                    case 4 -> skip(wireType, end);
                    case 5 -> skip(wireType, end);
                    default -> skip(wireType, end);
                }
            }
            case REDUNDANCY -> {
                if (number == 1) {
                    requiredSeen |= 1;
                    skip(wireType, end);
                } else if (number == 2) {
                    requiredSeen |= 2;
                    skip(wireType, end);
                } else {
                    skip(wireType, end);
                }
            }
            case CARTESIAN_VECTOR -> {
                if (number == 1) {
                    doubles(wireType, end);
                } else {
                    skip(wireType, end);
                }
            }
            default -> skip(wireType, end);
        }
    }

    /**
     * The pose's repeated double {@code element = 2}, packed or not, appended as protobuf merges them: all are
     * counted, the first {@link #POSE_ELEMENTS} kept (a pose of another length is not a pose the driver takes).
     */
    private void poseElements(int wireType, int end) {
        if (wireType == 1) {
            measuredPoseCount = poseElement(end);
        } else if (wireType == 2) {
            int inner = length(end);
            if (refusal == null && (inner - pos) % 8 != 0) {
                refusal = Refusal.TRUNCATED;
            }
            while (refusal == null && pos < inner) {
                measuredPoseCount = poseElement(inner);
            }
        } else {
            refusal = Refusal.BAD_WIRE_TYPE;
        }
    }

    private int poseElement(int end) {
        if (end - pos < 8) {
            refusal = Refusal.TRUNCATED;
            return measuredPoseCount;
        }
        if (measuredPoseCount < POSE_ELEMENTS) {
            long bits = 0;
            for (int i = 7; i >= 0; i--) {
                bits = (bits << 8) | (buf[pos + i] & 0xFFL);
            }
            measuredPose[measuredPoseCount] = Double.longBitsToDouble(bits);
        }
        pos += 8;
        return measuredPoseCount + 1;
    }

    /** A repeated double, packed or not: its bytes must be whole doubles. */
    private void doubles(int wireType, int end) {
        if (wireType == 2) {
            int inner = length(end);
            if (refusal == null && (inner - pos) % 8 != 0) {
                refusal = Refusal.TRUNCATED;
            }
            if (refusal == null) {
                pos = inner;
            }
        } else {
            skip(wireType, end);
        }
    }

    private void requiredTimestamp(int wireType, int end) {
        int before = timestampFields;
        timestampFields = 0;
        nested(wireType, end, TIMESTAMP);
        if (refusal == null && timestampFields != 0b11) {
            refusal = Refusal.MISSING_REQUIRED;
        }
        timestampFields = before;
    }

    /** A known field with a wire type it cannot have is malformed; an unknown one is skipped. */
    private void skipChecked(boolean known, int wireType, int end) {
        if (known) {
            refusal = Refusal.BAD_WIRE_TYPE;
        } else {
            skip(wireType, end);
        }
    }

    private void nested(int wireType, int end, int kind) {
        if (wireType != 2) {
            // protobuf takes a field of the wrong wire type as an unknown one
            skip(wireType, end);
            return;
        }
        int inner = length(end);
        if (refusal != null) {
            return;
        }
        if (kind == UNKNOWN) {
            pos = inner;
            return;
        }
        int outerRequired = requiredSeen;
        requiredSeen = 0;
        message(inner, kind);
        int needed = switch (kind) {
            case TRANSFORMATION, MEASURED_POSE -> 0b1;
            case IO_VALUE -> 0b111;
            case REDUNDANCY -> 0b11;
            default -> 0;
        };
        if (refusal == null && (requiredSeen & needed) != needed) {
            refusal = Refusal.MISSING_REQUIRED;
        }
        requiredSeen = outerRequired;
    }

    /**
     * A {@code JointValues} message: its repeated double {@code value = 1}, packed or not. A second occurrence of the
     * field merges into the first, as protobuf merges a repeated optional message: its values are appended.
     */
    private int jointValues(int wireType, int end, double[] into, int already) {
        if (wireType != 2) {
            refusal = Refusal.BAD_WIRE_TYPE;
            return 0;
        }
        int inner = length(end);
        int count = already;
        while (refusal == null && pos < inner) {
            long key = varint(inner);
            int number = (int) (key >>> 3);
            int type = (int) (key & 7);
            if (refusal != null) {
                break;
            }
            if (number == 1 && type == 1) {
                count = putDouble(into, count, inner);
            } else if (number == 1 && type == 2) {
                int packedEnd = length(inner);
                if (refusal == null && (packedEnd - pos) % 8 != 0) {
                    refusal = Refusal.TRUNCATED;
                }
                while (refusal == null && pos < packedEnd) {
                    count = putDouble(into, count, packedEnd);
                }
            } else if (number == 1 || number == 0) {
                refusal = Refusal.BAD_WIRE_TYPE;
            } else {
                skip(type, inner);
            }
        }
        return count;
    }

    private int putDouble(double[] into, int count, int end) {
        if (end - pos < 8) {
            refusal = Refusal.TRUNCATED;
            return count;
        }
        if (count >= into.length) {
            refusal = Refusal.TOO_MANY_JOINTS;
            return count;
        }
        long bits = 0;
        for (int i = 7; i >= 0; i--) {
            bits = (bits << 8) | (buf[pos + i] & 0xFFL);
        }
        pos += 8;
        into[count] = Double.longBitsToDouble(bits);
        return count + 1;
    }

    private void skip(int wireType, int end) {
        switch (wireType) {
            case 0 -> varint(end);
            case 1 -> advance(8, end);
            case 2 -> {
                int inner = length(end);
                if (refusal == null) {
                    pos = inner;
                }
            }
            case 5 -> advance(4, end);
            default -> refusal = Refusal.BAD_WIRE_TYPE;
        }
    }

    private void advance(int n, int end) {
        if (end - pos < n) {
            refusal = Refusal.TRUNCATED;
        } else {
            pos += n;
        }
    }

    /** A length prefix: the end of the field it announces, checked against {@code end}. */
    private int length(int end) {
        long n = varint(end);
        if (refusal != null) {
            return end;
        }
        if (n < 0 || n > end - pos) {
            refusal = Refusal.TRUNCATED;
            return end;
        }
        return pos + (int) n;
    }

    private long varint(int end) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                refusal = Refusal.TRUNCATED;
                return 0;
            }
            byte b = buf[pos++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        refusal = Refusal.TRUNCATED;
        return 0;
    }

    public FriVersion version() {
        return version;
    }

    public long sequenceCounter() {
        return sequenceCounter;
    }

    public long reflectedSequenceCounter() {
        return reflectedSequenceCounter;
    }

    public FriSessionState sessionState() {
        return sessionState;
    }

    public FriConnectionQuality quality() {
        return quality;
    }

    /** ms; 0 when the robot did not say */
    public long sendPeriodMs() {
        return sendPeriodMs;
    }

    /** 1 when the robot did not say */
    public long receiveMultiplier() {
        return receiveMultiplier;
    }

    public int numberOfJoints() {
        return numberOfJoints;
    }

    /** {@code ControlMode} wire number, -1 when absent */
    public int controlMode() {
        return controlMode;
    }

    public int safetyState() {
        return safetyState;
    }

    /** {@code OperationMode} wire number, -1 when absent */
    public int operationMode() {
        return operationMode;
    }

    public FriCommandMode clientCommandMode() {
        return clientCommandMode;
    }

    public double measuredPosition(int joint) {
        return measuredPosition[joint];
    }

    public int measuredPositionCount() {
        return measuredPositionCount;
    }

    public double measuredTorque(int joint) {
        return measuredTorque[joint];
    }

    public int measuredTorqueCount() {
        return measuredTorqueCount;
    }

    /** 1.x only */
    public double commandedPosition(int joint) {
        return commandedPosition[joint];
    }

    public int commandedPositionCount() {
        return commandedPositionCount;
    }

    public double commandedTorque(int joint) {
        return commandedTorque[joint];
    }

    public int commandedTorqueCount() {
        return commandedTorqueCount;
    }

    public double externalTorque(int joint) {
        return externalTorque[joint];
    }

    public int externalTorqueCount() {
        return externalTorqueCount;
    }

    /** the interpolator's joint position: what to hold in COMMANDING_WAIT */
    public double ipoPosition(int joint) {
        return ipoPosition[joint];
    }

    public int ipoPositionCount() {
        return ipoPositionCount;
    }

    /**
     * 2.x: element {@code i} of the measured Cartesian pose of the flange in the robot's base frame: x, y, z (mm),
     * qw, qx, qy, qz.
     * @since 1.1
     */
    public double measuredPose(int i) {
        return measuredPose[i];
    }

    /**
     * 2.x: how many elements the measured Cartesian pose had ({@link #POSE_ELEMENTS} for a pose, 0 without one).
     * @since 1.1
     */
    public int measuredPoseCount() {
        return measuredPoseCount;
    }

    public long timestampSec() {
        return timestampSec;
    }

    public long timestampNanosec() {
        return timestampNanosec;
    }

    @Override
    public String toString() {
        return "FRI " + version + " monitoring #" + sequenceCounter + " " + sessionState + "/" + quality + " q="
                + Arrays.toString(Arrays.copyOf(measuredPosition, measuredPositionCount));
    }
}
