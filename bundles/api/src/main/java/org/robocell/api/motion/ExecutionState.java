package org.robocell.api.motion;

/** The {@code execution_status} values ({@code ExecutionState}), written as doubles. */
public enum ExecutionState {
    IDLE(0),
    EXECUTING(1),
    SUCCESS(2),
    ERROR(3),
    STOPPING(4),
    STOPPED(5);

    private static final ExecutionState[] BY_VALUE = values();

    /** The value on the interface. */
    public final int value;

    ExecutionState(int value) {
        this.value = value;
    }

    /** The state a (rounded) interface value stands for; null when none does (also for NaN). Allocation-free. */
    public static ExecutionState of(double value) {
        if (!(value > -0.5 && value < BY_VALUE.length - 0.5)) {
            return null;
        }
        return BY_VALUE[(int) Math.round(value)];
    }
}
