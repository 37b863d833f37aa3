package org.robocell.driver.franka.emulator;

import org.robocell.driver.franka.protocol.FrankaError;

/**
 * The robot's joint position and joint velocity motion generators: each fresh command becomes the desired joint
 * state (q_d, dq_d, ddq_d); a cycle without a command extrapolates it with constant acceleration, as the FCI
 * documentation says the robot does. Every new desired state is checked against the FR3's limits; a violation sets
 * its flag in {@code errors}, named as libfranka names it.
 */
final class JointMotionGenerator {

    private static final int DOF = 7;

    private final double dt;
    private final double margin;
    final double[] qD = new double[DOF];
    final double[] dqD = new double[DOF];
    final double[] ddqD = new double[DOF];
    private final double[] next = new double[DOF];
    private boolean velocityMode;
    private boolean cartesian;
    private boolean started;

    /**
     * @param dt     the cycle, s
     * @param margin the tolerance above the limits, as a fraction (0.05: 5 % above)
     */
    JointMotionGenerator(double dt, double margin) {
        this.dt = dt;
        this.margin = margin;
    }

    /** Starts at rest at {@code q}. */
    void start(double[] q, boolean velocity) {
        System.arraycopy(q, 0, qD, 0, DOF);
        java.util.Arrays.fill(dqD, 0);
        java.util.Arrays.fill(ddqD, 0);
        velocityMode = velocity;
        cartesian = false;
        started = false;
    }

    /**
     * Starts at rest at {@code q} as the joint side of a Cartesian motion generator: the positions come from it,
     * and violations carry the names of the Cartesian generator's joint checks.
     */
    void startCartesian(double[] q) {
        start(q, false);
        cartesian = true;
    }

    /** The desired state of a robot that is not moving: at rest at {@code q}. */
    void rest(double[] q) {
        start(q, false);
    }

    /**
     * One cycle: follows {@code command} (joint positions, or velocities in velocity mode) or, when it is null,
     * extrapolates. Flags limit violations in {@code errors}.
     */
    void update(double[] command, boolean[] errors) {
        for (int i = 0; i < DOF; i++) {
            double q;
            double dq;
            double ddq;
            if (command == null) {
                ddq = ddqD[i];
                dq = dqD[i] + ddq * dt;
                q = qD[i] + dq * dt;
            } else if (velocityMode) {
                dq = command[i];
                ddq = (dq - dqD[i]) / dt;
                q = qD[i] + dq * dt;
            } else {
                q = command[i];
                dq = (q - qD[i]) / dt;
                ddq = (dq - dqD[i]) / dt;
            }
            double jerk = (ddq - ddqD[i]) / dt;
            check(i, q, dq, ddq, jerk, command != null && !started, errors);
            next[i] = q;
            dqD[i] = dq;
            ddqD[i] = ddq;
        }
        System.arraycopy(next, 0, qD, 0, DOF);
        started |= command != null;
    }

    private void check(int i, double q, double dq, double ddq, double jerk, boolean first, boolean[] errors) {
        double m = 1 + margin;
        if (q > Fr3Limits.Q_MAX[i] || q < Fr3Limits.Q_MIN[i]) {
            errors[(cartesian ? FrankaError.CARTESIAN_MOTION_GENERATOR_JOINT_POSITION_LIMITS_VIOLATION
                    : FrankaError.JOINT_MOTION_GENERATOR_POSITION_LIMITS_VIOLATION).ordinal()] = true;
        }
        if (dq > Fr3Limits.upperVelocity(i, qD[i]) * m + 1e-9 || dq < Fr3Limits.lowerVelocity(i, qD[i]) * m - 1e-9) {
            if (first && !velocityMode && !cartesian) {
                // the first position is not where the robot is: it would have to jump there
                errors[FrankaError.JOINT_POSITION_MOTION_GENERATOR_START_POSE_INVALID.ordinal()] = true;
            } else {
                errors[(cartesian ? FrankaError.CARTESIAN_MOTION_GENERATOR_JOINT_VELOCITY_LIMITS_VIOLATION
                        : FrankaError.JOINT_MOTION_GENERATOR_VELOCITY_LIMITS_VIOLATION).ordinal()] = true;
            }
        }
        if (Math.abs(ddq) > Fr3Limits.DDQ_MAX * m) {
            errors[(cartesian ? FrankaError.CARTESIAN_MOTION_GENERATOR_JOINT_VELOCITY_DISCONTINUITY
                    : FrankaError.JOINT_MOTION_GENERATOR_VELOCITY_DISCONTINUITY).ordinal()] = true;
        }
        if (Math.abs(jerk) > Fr3Limits.DDDQ_MAX * m) {
            errors[(cartesian ? FrankaError.CARTESIAN_MOTION_GENERATOR_JOINT_ACCELERATION_DISCONTINUITY
                    : FrankaError.JOINT_MOTION_GENERATOR_ACCELERATION_DISCONTINUITY).ordinal()] = true;
        }
    }
}
