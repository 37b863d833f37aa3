package org.robocell.driver.franka.internal.hardware;

import org.robocell.driver.franka.control.CommandedState;
import org.robocell.driver.franka.control.RecordedState;
import org.robocell.driver.franka.protocol.RobotState;
import org.robocell.driver.franka.protocol.StateField;

/**
 * The fields of the state being answered that the loop uses, copied out of the {@link RobotState} once per cycle:
 * what the flight recorder keeps, and the robot's last commanded values the shapers work against. Allocation-free.
 */
final class MeasuredState implements RecordedState {

    private long messageId;
    private double successRate;
    final double[] q = new double[7];
    final double[] dq = new double[7];
    final double[] tauJ = new double[7];
    final double[] tauExt = new double[7];
    /** the measured end-effector pose {@code O_T_EE} and elbow, where a Cartesian motion starts */
    final double[] oTEE = new double[16];
    final double[] elbow = new double[2];
    final CommandedState commanded = new CommandedState();

    void copyFrom(RobotState s) {
        messageId = s.messageId();
        successRate = s.controlCommandSuccessRate();
        s.get(StateField.Q, q);
        s.get(StateField.DQ, dq);
        s.get(StateField.TAU_J, tauJ);
        s.get(StateField.TAU_EXT_HAT_FILTERED, tauExt);
        s.get(StateField.Q_D, commanded.qD());
        s.get(StateField.DQ_D, commanded.dqD());
        s.get(StateField.DDQ_D, commanded.ddqD());
        s.get(StateField.TAU_J_D, commanded.tauJD());
        s.get(StateField.O_T_EE, oTEE);
        s.get(StateField.ELBOW, elbow);
        s.get(StateField.O_T_EE_C, commanded.oTEEc());
        s.get(StateField.O_DP_EE_C, commanded.oDPEEc());
        s.get(StateField.O_DDP_EE_C, commanded.oDdPEEc());
        s.get(StateField.ELBOW_C, commanded.elbowC());
        s.get(StateField.DELBOW_C, commanded.delbowC());
        s.get(StateField.DDELBOW_C, commanded.ddelbowC());
    }

    @Override
    public long messageId() {
        return messageId;
    }

    @Override
    public double controlCommandSuccessRate() {
        return successRate;
    }

    @Override
    public double[] q() {
        return q;
    }

    @Override
    public double[] qD() {
        return commanded.qD();
    }

    @Override
    public double[] dq() {
        return dq;
    }

    @Override
    public double[] dqD() {
        return commanded.dqD();
    }

    @Override
    public double[] tauJ() {
        return tauJ;
    }

    @Override
    public double[] tauExtHatFiltered() {
        return tauExt;
    }
}
