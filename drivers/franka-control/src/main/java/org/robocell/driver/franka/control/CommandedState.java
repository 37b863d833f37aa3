package org.robocell.driver.franka.control;

/**
 * The last commanded values as the robot reports them in its state, which libfranka's filter and rate limiter work
 * against: {@code q_d, dq_d, ddq_d, tau_J_d} (7 each), {@code O_T_EE_c} (column-major 4x4), {@code O_dP_EE_c,
 * O_ddP_EE_c} (6 each), {@code elbow_c, delbow_c, ddelbow_c} (2 each). The driver copies them in from each received
 * state; the accessors hand out the live arrays (no copy, no allocation) for that.
 */
public final class CommandedState {

    private final double[] qD = new double[7];
    private final double[] dqD = new double[7];
    private final double[] ddqD = new double[7];
    private final double[] tauJD = new double[7];
    private final double[] oTEEc = identity();
    private final double[] oDPEEc = new double[6];
    private final double[] oDdPEEc = new double[6];
    private final double[] elbowC = new double[2];
    private final double[] delbowC = new double[2];
    private final double[] ddelbowC = new double[2];

    /** {@code q_d}: the last commanded joint positions (rad). */
    public double[] qD() {
        return qD;
    }

    /** {@code dq_d}: the last commanded joint velocities (rad/s). */
    public double[] dqD() {
        return dqD;
    }

    /** {@code ddq_d}: the last commanded joint accelerations (rad/s²). */
    public double[] ddqD() {
        return ddqD;
    }

    /** {@code tau_J_d}: the last commanded joint torques (Nm). */
    public double[] tauJD() {
        return tauJD;
    }

    /** {@code O_T_EE_c}: the last commanded end-effector pose in the base frame, column-major 4x4. */
    public double[] oTEEc() {
        return oTEEc;
    }

    /** {@code O_dP_EE_c}: the last commanded end-effector twist (m/s, rad/s). */
    public double[] oDPEEc() {
        return oDPEEc;
    }

    /** {@code O_ddP_EE_c}: the last commanded end-effector acceleration (m/s², rad/s²). */
    public double[] oDdPEEc() {
        return oDdPEEc;
    }

    /** {@code elbow_c}: the last commanded elbow (joint 3 angle, sign of joint 4). */
    public double[] elbowC() {
        return elbowC;
    }

    /** {@code delbow_c}: the last commanded elbow velocity. */
    public double[] delbowC() {
        return delbowC;
    }

    /** {@code ddelbow_c}: the last commanded elbow acceleration. */
    public double[] ddelbowC() {
        return ddelbowC;
    }

    private static double[] identity() {
        double[] m = new double[16];
        m[0] = 1;
        m[5] = 1;
        m[10] = 1;
        m[15] = 1;
        return m;
    }
}
