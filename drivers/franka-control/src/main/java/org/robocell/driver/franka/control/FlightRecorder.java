package org.robocell.driver.franka.control;

/**
 * A ring of the last {@code capacity} (state, command) records of the control loop, libfranka's {@code
 * RobotStateLogger} ({@code Robot::Impl} keeps {@code log_size} of them, default {@value #DEFAULT_CAPACITY}). {@link
 * #record} copies the fields into preallocated slots and allocates nothing; {@link #flush()} copies the records out,
 * oldest first, for a control exception, and empties the ring.
 *
 * <p>Used by the control thread only.
 */
public final class FlightRecorder {

    /** libfranka's default {@code log_size}. */
    public static final int DEFAULT_CAPACITY = 50;

    private final int capacity;
    private final long[] messageIds;
    private final double[] successRates;
    private final double[] states;
    private final double[] commands;
    private int front;
    private int size;

    public FlightRecorder() {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity how many records to keep; 0 keeps none (libfranka: {@code log_size} 0). */
    public FlightRecorder(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("log_size: expected 0 or more records, got " + capacity);
        }
        this.capacity = capacity;
        messageIds = new long[capacity];
        successRates = new double[capacity];
        states = new double[capacity * FlightLog.STATE_DOUBLES];
        commands = new double[capacity * FlightLog.COMMAND_DOUBLES];
    }

    public int capacity() {
        return capacity;
    }

    /** How many records the ring holds now. */
    public int size() {
        return size;
    }

    /**
     * Keeps {@code state} and the {@code command} sent in answer to it (or {@code null}: no command, recorded as
     * zeros like libfranka's empty {@code RobotCommand}), overwriting the oldest record when full.
     */
    public void record(RecordedState state, RecordedCommand command) {
        if (capacity == 0) {
            return;
        }
        messageIds[front] = state.messageId();
        successRates[front] = state.controlCommandSuccessRate();
        int at = front * FlightLog.STATE_DOUBLES;
        at = copy(state.q(), states, at);
        at = copy(state.qD(), states, at);
        at = copy(state.dq(), states, at);
        at = copy(state.dqD(), states, at);
        at = copy(state.tauJ(), states, at);
        copy(state.tauExtHatFiltered(), states, at);
        at = front * FlightLog.COMMAND_DOUBLES;
        if (command == null) {
            java.util.Arrays.fill(commands, at, at + FlightLog.COMMAND_DOUBLES, 0.0);
        } else {
            at = copy(command.qC(), commands, at, 7);
            at = copy(command.dqC(), commands, at, 7);
            at = copy(command.oTEEc(), commands, at, 16);
            at = copy(command.oDPEEc(), commands, at, 6);
            copy(command.tauJD(), commands, at, 7);
        }
        front = (front + 1) % capacity;
        size = Math.min(capacity, size + 1);
    }

    /** The records, oldest first, as a new {@link FlightLog}; the ring is empty afterwards (libfranka's flush). */
    public FlightLog flush() {
        if (size == 0) {
            return FlightLog.empty();
        }
        long[] ids = new long[size];
        double[] rates = new double[size];
        double[] stateCopy = new double[size * FlightLog.STATE_DOUBLES];
        double[] commandCopy = new double[size * FlightLog.COMMAND_DOUBLES];
        int oldest = size < capacity ? 0 : front;
        for (int i = 0; i < size; i++) {
            int slot = (oldest + i) % capacity;
            ids[i] = messageIds[slot];
            rates[i] = successRates[slot];
            System.arraycopy(states, slot * FlightLog.STATE_DOUBLES, stateCopy, i * FlightLog.STATE_DOUBLES,
                    FlightLog.STATE_DOUBLES);
            System.arraycopy(commands, slot * FlightLog.COMMAND_DOUBLES, commandCopy, i * FlightLog.COMMAND_DOUBLES,
                    FlightLog.COMMAND_DOUBLES);
        }
        FlightLog log = new FlightLog(size, ids, rates, stateCopy, commandCopy);
        front = 0;
        size = 0;
        return log;
    }

    /** Empties the ring without copying (libfranka flushes when a motion starts). */
    public void clear() {
        front = 0;
        size = 0;
    }

    private static int copy(double[] from, double[] to, int at) {
        return copy(from, to, at, 7);
    }

    private static int copy(double[] from, double[] to, int at, int length) {
        System.arraycopy(from, 0, to, at, length);
        return at + length;
    }
}
