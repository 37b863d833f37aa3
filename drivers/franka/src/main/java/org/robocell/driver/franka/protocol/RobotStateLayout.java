package org.robocell.driver.franka.protocol;

/**
 * Byte offsets of every RobotState field in one protocol version, computed from the field order and sizes the
 * way the packed C++ struct lays them out.
 */
public final class RobotStateLayout {

    private static final RobotStateLayout V7 = new RobotStateLayout(ProtocolVersion.V7);
    private static final RobotStateLayout V10 = new RobotStateLayout(ProtocolVersion.V10);

    private final ProtocolVersion version;
    private final int[] offsets = new int[StateField.values().length];
    private final int valueSize;
    private final int motionGeneratorModeOffset;
    private final int controllerModeOffset;
    private final int errorsOffset;
    private final int reflexReasonOffset;
    private final int robotModeOffset;
    private final int successRateOffset;
    private final int size;

    private RobotStateLayout(ProtocolVersion version) {
        this.version = version;
        this.valueSize = version.floatState() ? Float.BYTES : Double.BYTES;
        int at = Long.BYTES; // message_id
        for (StateField f : StateField.values()) {
            if (f.presentIn(version)) {
                offsets[f.ordinal()] = at;
                at += f.count() * valueSize;
            } else {
                offsets[f.ordinal()] = -1;
            }
        }
        motionGeneratorModeOffset = at++;
        controllerModeOffset = at++;
        errorsOffset = at;
        at += FrankaError.COUNT;
        reflexReasonOffset = at;
        at += FrankaError.COUNT;
        robotModeOffset = at++;
        successRateOffset = at;
        size = at + valueSize;
        if (size != version.robotStateSize()) {
            throw new AssertionError("RobotState of " + version + " has " + size + " bytes");
        }
    }

    public static RobotStateLayout of(ProtocolVersion version) {
        return version == ProtocolVersion.V7 ? V7 : V10;
    }

    public ProtocolVersion version() {
        return version;
    }

    /** Byte offset of a field's first value, or -1 when the version has no such field. */
    public int offset(StateField field) {
        return offsets[field.ordinal()];
    }

    /** Bytes per value: 8 (double) or 4 (float32). */
    public int valueSize() {
        return valueSize;
    }

    public int motionGeneratorModeOffset() {
        return motionGeneratorModeOffset;
    }

    public int controllerModeOffset() {
        return controllerModeOffset;
    }

    public int errorsOffset() {
        return errorsOffset;
    }

    public int reflexReasonOffset() {
        return reflexReasonOffset;
    }

    public int robotModeOffset() {
        return robotModeOffset;
    }

    public int controlCommandSuccessRateOffset() {
        return successRateOffset;
    }

    /** Bytes of the whole datagram. */
    public int size() {
        return size;
    }
}
