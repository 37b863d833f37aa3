package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.DELTA_T;

import org.robocell.driver.franka.control.internal.Rotations;

/**
 * A robot that takes every Cartesian command exactly: the accepted pose or twist becomes {@code O_T_EE_c} /
 * {@code O_dP_EE_c}, difference quotients the derivatives; the jerk of the last step is kept for the tests.
 */
final class PerfectCartesianRobot {

    final CommandedState state = new CommandedState();
    final double[] jerk = new double[6];
    private final double[] twist = new double[6];
    private final double[] difference = new double[16];
    private final double[] quaternion = new double[4];

    PerfectCartesianRobot(double[] pose) {
        System.arraycopy(pose, 0, state.oTEEc(), 0, 16);
    }

    void acceptTwist(double[] commanded) {
        for (int i = 0; i < 6; i++) {
            double acceleration = (commanded[i] - state.oDPEEc()[i]) / DELTA_T;
            jerk[i] = (acceleration - state.oDdPEEc()[i]) / DELTA_T;
            state.oDPEEc()[i] = commanded[i];
            state.oDdPEEc()[i] = acceleration;
        }
    }

    void acceptPose(double[] pose) {
        double[] last = state.oTEEc();
        for (int i = 0; i < 3; i++) {
            twist[i] = (pose[12 + i] - last[12 + i]) / DELTA_T;
        }
        Rotations.rotationTimesTransposed(pose, last, difference);
        Rotations.quaternionOf(difference, quaternion);
        Rotations.rotationVector(quaternion, DELTA_T, twist, 3);
        System.arraycopy(pose, 0, last, 0, 16);
        acceptTwist(twist);
    }

    void acceptElbow(double elbow) {
        double velocity = (elbow - state.elbowC()[0]) / DELTA_T;
        double acceleration = (velocity - state.delbowC()[0]) / DELTA_T;
        jerk[0] = (acceleration - state.ddelbowC()[0]) / DELTA_T;
        state.elbowC()[0] = elbow;
        state.delbowC()[0] = velocity;
        state.ddelbowC()[0] = acceleration;
    }

    static double norm(double[] v, int at) {
        return Math.sqrt(v[at] * v[at] + v[at + 1] * v[at + 1] + v[at + 2] * v[at + 2]);
    }
}
