package org.robocell.driver.franka.control;

/**
 * The last states and commands before a control exception, oldest first: a copy taken by {@link
 * FlightRecorder#flush()} (libfranka's {@code ControlException::log}). Immutable; the accessors copy.
 */
public final class FlightLog {

    /** Sizes of the recorded arrays, in {@link #columns()} order after time and success rate. */
    static final int[] STATE_SIZES = {7, 7, 7, 7, 7, 7};
    static final int[] COMMAND_SIZES = {7, 7, 16, 6, 7};
    static final int STATE_DOUBLES = 42;
    static final int COMMAND_DOUBLES = 43;

    private static final FlightLog EMPTY = new FlightLog(0, new long[0], new double[0], new double[0], new double[0]);

    final int size;
    final long[] messageIds;
    final double[] successRates;
    /** Per record {@link #STATE_DOUBLES} values: q, q_d, dq, dq_d, tau_J, tau_ext_hat_filtered. */
    final double[] states;
    /** Per record {@link #COMMAND_DOUBLES} values: q_c, dq_c, O_T_EE_c, O_dP_EE_c, tau_J_d. */
    final double[] commands;

    FlightLog(int size, long[] messageIds, double[] successRates, double[] states, double[] commands) {
        this.size = size;
        this.messageIds = messageIds;
        this.successRates = successRates;
        this.states = states;
        this.commands = commands;
    }

    /** A log without records (libfranka's empty {@code log}). */
    public static FlightLog empty() {
        return EMPTY;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The {@code message_id} (ms) of record {@code i}, 0 the oldest. */
    public long messageId(int i) {
        check(i);
        return messageIds[i];
    }

    public double controlCommandSuccessRate(int i) {
        check(i);
        return successRates[i];
    }

    /** Record {@code i}'s measured joint positions {@code q}. */
    public double[] q(int i) {
        return state(i, 0);
    }

    /** Record {@code i}'s desired joint positions {@code q_d}. */
    public double[] qD(int i) {
        return state(i, 1);
    }

    /** Record {@code i}'s measured joint velocities {@code dq}. */
    public double[] dq(int i) {
        return state(i, 2);
    }

    /** Record {@code i}'s desired joint velocities {@code dq_d}. */
    public double[] dqD(int i) {
        return state(i, 3);
    }

    /** Record {@code i}'s measured joint torques {@code tau_J}. */
    public double[] tauJ(int i) {
        return state(i, 4);
    }

    /** Record {@code i}'s filtered external torques {@code tau_ext_hat_filtered}. */
    public double[] tauExtHatFiltered(int i) {
        return state(i, 5);
    }

    /** Record {@code i}'s commanded joint positions {@code q_c}. */
    public double[] qC(int i) {
        return command(i, 0, 7);
    }

    /** Record {@code i}'s commanded joint velocities {@code dq_c}. */
    public double[] dqC(int i) {
        return command(i, 7, 7);
    }

    /** Record {@code i}'s commanded pose {@code O_T_EE_c} (column-major). */
    public double[] oTEEc(int i) {
        return command(i, 14, 16);
    }

    /** Record {@code i}'s commanded twist {@code O_dP_EE_c}. */
    public double[] oDPEEc(int i) {
        return command(i, 30, 6);
    }

    /** Record {@code i}'s commanded torques {@code tau_J_d}. */
    public double[] tauJD(int i) {
        return command(i, 36, 7);
    }

    private double[] state(int i, int field) {
        check(i);
        double[] values = new double[7];
        System.arraycopy(states, i * STATE_DOUBLES + field * 7, values, 0, 7);
        return values;
    }

    private double[] command(int i, int offset, int length) {
        check(i);
        double[] values = new double[length];
        System.arraycopy(commands, i * COMMAND_DOUBLES + offset, values, 0, length);
        return values;
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("record " + i + " of a flight log of " + size);
        }
    }
}
