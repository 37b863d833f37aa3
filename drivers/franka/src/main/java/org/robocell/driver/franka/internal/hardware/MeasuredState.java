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
