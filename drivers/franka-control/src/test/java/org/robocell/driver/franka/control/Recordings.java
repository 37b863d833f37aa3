package org.robocell.driver.franka.control;

/** A robot state and command whose every value tells which record it came from: {@code id + field / 100}. */
final class Recordings implements RecordedState, RecordedCommand {

    long id;
    double successRate = 1.0;
    final double[][] state = new double[6][7];
    final double[] qC = new double[7];
    final double[] dqC = new double[7];
    final double[] pose = new double[16];
    final double[] twist = new double[6];
    final double[] tau = new double[7];

    /** Fills every field for record {@code messageId}. */
    Recordings at(long messageId) {
        id = messageId;
        for (int f = 0; f < 6; f++) {
            for (int j = 0; j < 7; j++) {
                state[f][j] = messageId + f / 10.0 + j / 100.0;
            }
        }
        fill(qC, messageId + 0.6);
        fill(dqC, messageId + 0.7);
        fill(pose, messageId + 0.8);
        fill(twist, messageId + 0.9);
        fill(tau, -messageId);
        return this;
    }

    private static void fill(double[] values, double base) {
        for (int i = 0; i < values.length; i++) {
            values[i] = base + i / 1000.0;
        }
    }

    @Override
    public long messageId() {
        return id;
    }

    @Override
    public double controlCommandSuccessRate() {
        return successRate;
    }

    @Override
    public double[] q() {
        return state[0];
    }

    @Override
    public double[] qD() {
        return state[1];
    }

    @Override
    public double[] dq() {
        return state[2];
    }

    @Override
    public double[] dqD() {
        return state[3];
    }

    @Override
    public double[] tauJ() {
        return state[4];
    }

    @Override
    public double[] tauExtHatFiltered() {
        return state[5];
    }

    @Override
    public double[] qC() {
        return qC;
    }

    @Override
    public double[] dqC() {
        return dqC;
    }

    @Override
    public double[] oTEEc() {
        return pose;
    }

    @Override
    public double[] oDPEEc() {
        return twist;
    }

    @Override
    public double[] tauJD() {
        return tau;
    }
}
