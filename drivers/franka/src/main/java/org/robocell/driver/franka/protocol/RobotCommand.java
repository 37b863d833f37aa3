package org.robocell.driver.franka.protocol;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One {@code research_interface::robot::RobotCommand} (371 bytes, the same in protocol 7 and 10): the message id of
 * the state it answers, the motion generator command and the controller command. A reusable object with public
 * arrays, written into and read from a datagram buffer without allocating. Not thread-safe.
 */
public final class RobotCommand {

    /** Bytes of one RobotCommand datagram (370 before protocol 7, which added {@code torque_command_finished}). */
    public static final int SIZE = 371;

    static final int Q_C = 8;
    static final int DQ_C = Q_C + 7 * 8;
    static final int O_T_EE_C = DQ_C + 7 * 8;
    static final int O_DP_EE_C = O_T_EE_C + 16 * 8;
    static final int ELBOW_C = O_DP_EE_C + 6 * 8;
    static final int VALID_ELBOW = ELBOW_C + 2 * 8;
    static final int MOTION_GENERATION_FINISHED = VALID_ELBOW + 1;
    static final int TAU_J_D = MOTION_GENERATION_FINISHED + 1;
    static final int TORQUE_COMMAND_FINISHED = TAU_J_D + 7 * 8;

    public long messageId;
    /** Joint positions, rad. */
    public final double[] qC = new double[7];
    /** Joint velocities, rad/s. */
    public final double[] dqC = new double[7];
    /** End effector pose in the base frame, column-major 4x4. */
    public final double[] oTEeC = new double[16];
    /** End effector twist in the base frame (vx, vy, vz, wx, wy, wz). */
    public final double[] oDpEeC = new double[6];
    /** Elbow: joint 3 position and the sign of joint 4. */
    public final double[] elbowC = new double[2];
    public boolean validElbow;
    public boolean motionGenerationFinished;
    /** Desired joint torques without gravity, Nm. */
    public final double[] tauJD = new double[7];
    public boolean torqueCommandFinished;

    /** Zeroes every value. */
    public void clear() {
        messageId = 0;
        java.util.Arrays.fill(qC, 0);
        java.util.Arrays.fill(dqC, 0);
        java.util.Arrays.fill(oTEeC, 0);
        java.util.Arrays.fill(oDpEeC, 0);
        java.util.Arrays.fill(elbowC, 0);
        validElbow = false;
        motionGenerationFinished = false;
        java.util.Arrays.fill(tauJD, 0);
        torqueCommandFinished = false;
    }

    /** Copies every value of {@code other}. */
    public void copyFrom(RobotCommand other) {
        messageId = other.messageId;
        System.arraycopy(other.qC, 0, qC, 0, 7);
        System.arraycopy(other.dqC, 0, dqC, 0, 7);
        System.arraycopy(other.oTEeC, 0, oTEeC, 0, 16);
        System.arraycopy(other.oDpEeC, 0, oDpEeC, 0, 6);
        System.arraycopy(other.elbowC, 0, elbowC, 0, 2);
        validElbow = other.validElbow;
        motionGenerationFinished = other.motionGenerationFinished;
        System.arraycopy(other.tauJD, 0, tauJD, 0, 7);
        torqueCommandFinished = other.torqueCommandFinished;
    }

    /** Writes the datagram into {@code buffer} from index 0; position 0, limit {@link #SIZE}, little-endian. */
    public void writeTo(ByteBuffer buffer) {
        buffer.order(ByteOrder.LITTLE_ENDIAN).clear();
        buffer.putLong(0, messageId);
        put(buffer, Q_C, qC);
        put(buffer, DQ_C, dqC);
        put(buffer, O_T_EE_C, oTEeC);
        put(buffer, O_DP_EE_C, oDpEeC);
        put(buffer, ELBOW_C, elbowC);
        buffer.put(VALID_ELBOW, (byte) (validElbow ? 1 : 0));
        buffer.put(MOTION_GENERATION_FINISHED, (byte) (motionGenerationFinished ? 1 : 0));
        put(buffer, TAU_J_D, tauJD);
        buffer.put(TORQUE_COMMAND_FINISHED, (byte) (torqueCommandFinished ? 1 : 0));
        buffer.limit(SIZE);
    }

    /**
     * Reads a datagram: the bytes from the buffer's position to its limit (byte order set to little-endian).
     *
     * @throws FciProtocolException naming the field when the size is wrong, a number is not finite or a bool is
     *                              neither 0 nor 1; this command is then partly overwritten
     */
    public void readFrom(ByteBuffer buffer) {
        int base = buffer.position();
        if (buffer.remaining() != SIZE) {
            throw new FciProtocolException("RobotCommand: datagram of " + buffer.remaining() + " bytes, expected "
                    + SIZE);
        }
        buffer.order(ByteOrder.LITTLE_ENDIAN);
        messageId = buffer.getLong(base);
        get(buffer, base + Q_C, qC, "q_c");
        get(buffer, base + DQ_C, dqC, "dq_c");
        get(buffer, base + O_T_EE_C, oTEeC, "O_T_EE_c");
        get(buffer, base + O_DP_EE_C, oDpEeC, "O_dP_EE_c");
        get(buffer, base + ELBOW_C, elbowC, "elbow_c");
        validElbow = RobotState.flag(buffer, base + VALID_ELBOW, "RobotCommand: valid_elbow", 0);
        motionGenerationFinished = RobotState.flag(buffer, base + MOTION_GENERATION_FINISHED,
                "RobotCommand: motion_generation_finished", 0);
        get(buffer, base + TAU_J_D, tauJD, "tau_J_d");
        torqueCommandFinished = RobotState.flag(buffer, base + TORQUE_COMMAND_FINISHED,
                "RobotCommand: torque_command_finished", 0);
    }

    private static void put(ByteBuffer buffer, int offset, double[] values) {
        for (int i = 0; i < values.length; i++) {
            buffer.putDouble(offset + i * Double.BYTES, values[i]);
        }
    }

    private static void get(ByteBuffer buffer, int offset, double[] values, String field) {
        for (int i = 0; i < values.length; i++) {
            double v = buffer.getDouble(offset + i * Double.BYTES);
            if (!Double.isFinite(v)) {
                throw RobotState.notFinite("RobotCommand", field, i, v);
            }
            values[i] = v;
        }
    }
}
