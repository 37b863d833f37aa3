package org.robocell.driver.franka.control;

import static org.robocell.driver.franka.control.FrankaLimits.JOINTS;

/**
 * libfranka's rate limiter for the joint interfaces: torques, joint velocities and joint positions of the 7 joints,
 * limited against the values the robot reports as last commanded. On an FR3 the velocity limits depend on the last
 * commanded joint positions ({@code q_d}), as in libfranka's control loop.
 *
 * <p>Allocation-free; one instance per control loop (it keeps scratch arrays, not thread-safe).
 */
public final class JointRateLimiter {

    private final FrankaLimits limits;
    private final double[] upper = new double[JOINTS];
    private final double[] lower = new double[JOINTS];

    public JointRateLimiter(FrankaLimits limits) {
        this.limits = limits;
    }

    public FrankaLimits limits() {
        return limits;
    }

    /** Torques whose rate stays within the torque-rate limit, from the last commanded torques {@code tau_J_d}. */
    public void torques(double[] tau, double[] lastTau, double[] out) {
        for (int i = 0; i < JOINTS; i++) {
            out[i] = RateLimiting.limitDerivative(limits.maxTorqueRate[i], tau[i], lastTau[i]);
        }
    }

    /**
     * Joint velocities within the velocity limits at {@code q_d}, the acceleration and jerk limits, from the last
     * commanded velocities {@code dq_d} and accelerations {@code ddq_d}.
     */
    public void velocities(double[] dq, double[] qD, double[] dqD, double[] ddqD, double[] out) {
        limits.upperJointVelocityLimits(qD, upper);
        limits.lowerJointVelocityLimits(qD, lower);
        for (int i = 0; i < JOINTS; i++) {
            out[i] = RateLimiting.limitVelocity(upper[i], lower[i], limits.maxJointAcceleration[i],
                    limits.maxJointJerk[i], dq[i], dqD[i], ddqD[i]);
        }
    }

    /** Joint positions whose velocity, acceleration and jerk stay within the limits, from {@code q_d, dq_d, ddq_d}. */
    public void positions(double[] q, double[] qD, double[] dqD, double[] ddqD, double[] out) {
        limits.upperJointVelocityLimits(qD, upper);
        limits.lowerJointVelocityLimits(qD, lower);
        for (int i = 0; i < JOINTS; i++) {
            out[i] = RateLimiting.limitPosition(upper[i], lower[i], limits.maxJointAcceleration[i],
                    limits.maxJointJerk[i], q[i], qD[i], dqD[i], ddqD[i]);
        }
    }
}
