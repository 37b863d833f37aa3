package org.robocell.driver.franka.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One {@code research_interface::robot::RobotState}: a reusable object that {@link #writeTo} puts into and
 * {@link #readFrom} takes from a datagram buffer without allocating. Values are held as doubles in both protocol
 * versions; protocol 10 carries them as float32 on the wire (writing rounds to the nearest float). Not
 * thread-safe.
 */
public final class RobotState {

    private static final StateField[] FIELDS = StateField.values();
    private static final int[] START = new int[FIELDS.length];
    private static final int VALUES;

    static {
        int at = 0;
        for (StateField f : FIELDS) {
            START[f.ordinal()] = at;
            at += f.count();
        }
        VALUES = at;
    }

    private final double[] values = new double[VALUES];
    private final boolean[] errors = new boolean[FrankaError.COUNT];
    private final boolean[] reflexReason = new boolean[FrankaError.COUNT];
    private long messageId;
    private MotionGeneratorMode motionGeneratorMode = MotionGeneratorMode.IDLE;
    private ControllerMode controllerMode = ControllerMode.OTHER;
    private RobotMode robotMode = RobotMode.OTHER;
    private double controlCommandSuccessRate;

    public long messageId() {
        return messageId;
    }

    public RobotState messageId(long id) {
        this.messageId = id;
        return this;
    }

    /** Value {@code index} of a field. */
    public double get(StateField field, int index) {
        return values[START[field.ordinal()] + checkIndex(field, index)];
    }

    public RobotState set(StateField field, int index, double value) {
        values[START[field.ordinal()] + checkIndex(field, index)] = value;
        return this;
    }

    /** Copies a field's values into {@code target} (at least {@link StateField#count()} long). */
    public void get(StateField field, double[] target) {
        System.arraycopy(values, START[field.ordinal()], target, 0, field.count());
    }

    /** Sets a field's values from {@code source} (at least {@link StateField#count()} long). */
    public RobotState set(StateField field, double[] source) {
        System.arraycopy(source, 0, values, START[field.ordinal()], field.count());
        return this;
    }

    public MotionGeneratorMode motionGeneratorMode() {
        return motionGeneratorMode;
    }

    public RobotState motionGeneratorMode(MotionGeneratorMode mode) {
        this.motionGeneratorMode = java.util.Objects.requireNonNull(mode);
        return this;
    }

    public ControllerMode controllerMode() {
        return controllerMode;
    }

    public RobotState controllerMode(ControllerMode mode) {
        this.controllerMode = java.util.Objects.requireNonNull(mode);
        return this;
    }

    public RobotMode robotMode() {
        return robotMode;
    }

    public RobotState robotMode(RobotMode mode) {
        this.robotMode = java.util.Objects.requireNonNull(mode);
        return this;
    }

    public double controlCommandSuccessRate() {
        return controlCommandSuccessRate;
    }

    public RobotState controlCommandSuccessRate(double rate) {
        this.controlCommandSuccessRate = rate;
        return this;
    }

    /** The live {@code errors} flags, indexed by {@link FrankaError#ordinal()}. */
    public boolean[] errors() {
        return errors;
    }

    /** The live {@code reflex_reason} flags: the errors that ended the last motion. */
    public boolean[] reflexReason() {
        return reflexReason;
    }

    public boolean error(FrankaError error) {
        return errors[error.ordinal()];
    }

    public boolean reflexReason(FrankaError error) {
        return reflexReason[error.ordinal()];
    }

    /** Copies every value of {@code other} into this state. */
    public void copyFrom(RobotState other) {
        System.arraycopy(other.values, 0, values, 0, VALUES);
        System.arraycopy(other.errors, 0, errors, 0, errors.length);
        System.arraycopy(other.reflexReason, 0, reflexReason, 0, reflexReason.length);
        messageId = other.messageId;
        motionGeneratorMode = other.motionGeneratorMode;
        controllerMode = other.controllerMode;
        robotMode = other.robotMode;
        controlCommandSuccessRate = other.controlCommandSuccessRate;
    }

    /**
     * Writes the datagram of {@code version} into {@code buffer} from index 0 and sets its position to 0 and its
     * limit to the datagram's size. The buffer's byte order is set to little-endian.
     */
    public void writeTo(ByteBuffer buffer, ProtocolVersion version) {
        RobotStateLayout layout = RobotStateLayout.of(version);
        buffer.order(ByteOrder.LITTLE_ENDIAN).clear();
        buffer.putLong(0, messageId);
        boolean floats = version.floatState();
        for (StateField f : FIELDS) {
            int offset = layout.offset(f);
            if (offset < 0) {
                continue;
            }
            int start = START[f.ordinal()];
            for (int i = 0; i < f.count(); i++) {
                if (floats) {
                    buffer.putFloat(offset + i * Float.BYTES, (float) values[start + i]);
                } else {
                    buffer.putDouble(offset + i * Double.BYTES, values[start + i]);
                }
            }
        }
        buffer.put(layout.motionGeneratorModeOffset(), (byte) motionGeneratorMode.ordinal());
        buffer.put(layout.controllerModeOffset(), (byte) controllerMode.ordinal());
        for (int i = 0; i < FrankaError.COUNT; i++) {
            buffer.put(layout.errorsOffset() + i, (byte) (errors[i] ? 1 : 0));
            buffer.put(layout.reflexReasonOffset() + i, (byte) (reflexReason[i] ? 1 : 0));
        }
        buffer.put(layout.robotModeOffset(), (byte) robotMode.ordinal());
        if (floats) {
            buffer.putFloat(layout.controlCommandSuccessRateOffset(), (float) controlCommandSuccessRate);
        } else {
            buffer.putDouble(layout.controlCommandSuccessRateOffset(), controlCommandSuccessRate);
        }
        buffer.limit(layout.size());
    }

    /**
     * Reads a datagram of {@code version}: the bytes from the buffer's position to its limit. The buffer's byte
     * order is set to little-endian; its position is left alone.
     *
     * @throws FciProtocolException naming the field when the size is wrong, a value is not finite, an enum or a
     *                              flag is out of range; this state is then partly overwritten
     */
    public void readFrom(ByteBuffer buffer, ProtocolVersion version) {
        RobotStateLayout layout = RobotStateLayout.of(version);
        int base = buffer.position();
        int length = buffer.remaining();
        if (length != layout.size()) {
            throw new FciProtocolException("RobotState: datagram of " + length + " bytes, expected "
                    + layout.size() + " for " + version);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        messageId = buffer.getLong(base);
        boolean floats = version.floatState();
        for (StateField f : FIELDS) {
            int offset = layout.offset(f);
            int start = START[f.ordinal()];
            if (offset < 0) {
                java.util.Arrays.fill(values, start, start + f.count(), 0.0);
                continue;
            }
            for (int i = 0; i < f.count(); i++) {
                double v = floats ? buffer.getFloat(base + offset + i * Float.BYTES)
                        : buffer.getDouble(base + offset + i * Double.BYTES);
                if (!Double.isFinite(v)) {
                    throw notFinite("RobotState", f.wireName(), i, v);
                }
                values[start + i] = v;
            }
        }
        motionGeneratorMode = MotionGeneratorMode.of(buffer.get(base + layout.motionGeneratorModeOffset()),
                "RobotState: motion_generator_mode");
        controllerMode = ControllerMode.of(buffer.get(base + layout.controllerModeOffset()),
                "RobotState: controller_mode");
        for (int i = 0; i < FrankaError.COUNT; i++) {
            errors[i] = flag(buffer, base + layout.errorsOffset() + i, "RobotState: errors", i);
            reflexReason[i] = flag(buffer, base + layout.reflexReasonOffset() + i, "RobotState: reflex_reason", i);
        }
        robotMode = RobotMode.of(buffer.get(base + layout.robotModeOffset()), "RobotState: robot_mode");
        double rate = floats ? buffer.getFloat(base + layout.controlCommandSuccessRateOffset())
                : buffer.getDouble(base + layout.controlCommandSuccessRateOffset());
        if (!(rate >= 0 && rate <= 1)) {
            throw new FciProtocolException("RobotState: control_command_success_rate=" + rate
                    + " is not in [0, 1]");
        }
        controlCommandSuccessRate = rate;
    }

    static boolean flag(ByteBuffer buffer, int index, String field, int element) {
        byte b = buffer.get(index);
        if (b != 0 && b != 1) {
            throw new FciProtocolException(field + "[" + element + "]=" + b + " is not a bool (expected 0 or 1)");
        }
        return b == 1;
    }

    static FciProtocolException notFinite(String message, String field, int index, double value) {
        return new FciProtocolException(message + ": " + field + "[" + index + "]=" + value
                + " is not a finite number");
    }

    private static int checkIndex(StateField field, int index) {
        if (index < 0 || index >= field.count()) {
            throw new IndexOutOfBoundsException(field.wireName() + " has " + field.count() + " values, not index "
                    + index);
        }
        return index;
    }
}
