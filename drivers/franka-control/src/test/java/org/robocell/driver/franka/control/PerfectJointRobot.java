package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.DELTA_T;
import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

/**
 * A robot that takes every command exactly: it reports the accepted command as {@code q_d} / {@code dq_d} and the
 * difference quotients as the derivatives, and keeps the jerk of the last step for the tests to check.
 */
final class PerfectJointRobot {

    final CommandedState state = new CommandedState();
    final double[] jerk = new double[JOINTS];

    PerfectJointRobot(double... q) {
        System.arraycopy(q, 0, state.qD(), 0, JOINTS);
    }

    /** The robot takes joint positions {@code q}. */
    void acceptPositions(double[] q) {
        for (int i = 0; i < JOINTS; i++) {
            double dq = (q[i] - state.qD()[i]) / DELTA_T;
            double ddq = (dq - state.dqD()[i]) / DELTA_T;
            jerk[i] = (ddq - state.ddqD()[i]) / DELTA_T;
            state.qD()[i] = q[i];
            state.dqD()[i] = dq;
            state.ddqD()[i] = ddq;
        }
    }

    /** The robot takes joint velocities {@code dq} and integrates them. */
    void acceptVelocities(double[] dq) {
        for (int i = 0; i < JOINTS; i++) {
            double ddq = (dq[i] - state.dqD()[i]) / DELTA_T;
            jerk[i] = (ddq - state.ddqD()[i]) / DELTA_T;
            state.qD()[i] += dq[i] * DELTA_T;
            state.dqD()[i] = dq[i];
            state.ddqD()[i] = ddq;
        }
    }

    /** The robot takes torques {@code tau}. */
    void acceptTorques(double[] tau) {
        System.arraycopy(tau, 0, state.tauJD(), 0, JOINTS);
    }
}
