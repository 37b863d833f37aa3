package org.robocell.driver.franka.internal.hardware;

import org.robocell.driver.franka.control.RecordedCommand;
import org.robocell.driver.franka.protocol.RobotCommand;

/** The {@link RobotCommand} sent, as the flight recorder reads it (the same arrays, no copy). */
final class SentCommand implements RecordedCommand {

    final RobotCommand command = new RobotCommand();

    @Override
    public double[] qC() {
        return command.qC;
    }

    @Override
    public double[] dqC() {
        return command.dqC;
    }

    @Override
    public double[] oTEEc() {
        return command.oTEeC;
    }

    @Override
    public double[] oDPEEc() {
        return command.oDpEeC;
    }

    @Override
    public double[] tauJD() {
        return command.tauJD;
    }
}
