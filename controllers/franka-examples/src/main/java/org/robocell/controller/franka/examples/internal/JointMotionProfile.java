package org.robocell.controller.franka.examples.internal;

/**
 * The joint motion of franka_example_controllers' {@code MotionGenerator} ({@code src/motion_generator.cpp}, after
 * libfranka's {@code examples/examples_common.cpp}): every joint from its start to its goal on a smooth profile
 * (cubic acceleration ramps, a cruise at the joint's velocity limit times the speed factor), all joints synchronised
 * to end together, velocity and acceleration zero at both ends. Limits as upstream's header: 2.0 rad/s on joints 1-4,
 * 2.5 on 5-7 (or the ones given), 5 rad/s² when starting and stopping, all scaled by the speed factor.
 * <p>
 * {@link #plan} and {@link #desired} allocate nothing.
 */
final class JointMotionProfile {

    /** A joint this close to its goal does not move (upstream's {@code kDeltaQMotionFinished}). */
    static final double FINISHED_DELTA = 1e-6;
    /** Upstream's {@code ddq_max_start_} and {@code ddq_max_goal_}, rad/s², before the speed factor. */
    static final double MAX_ACCELERATION = 5.0;

    private final int n;
    private final double[] start;
    private final double[] delta;
    private final double[] dqSync;
    private final double[] t1;
    private final double[] t2;
    private final double[] tf;
    private final double[] q1;
    private double accelStart;
    private double accelGoal;
    private double duration;

    JointMotionProfile(int joints) {
        n = joints;
        start = new double[n];
        delta = new double[n];
        dqSync = new double[n];
        t1 = new double[n];
        t2 = new double[n];
        tf = new double[n];
        q1 = new double[n];
    }

    /** Plans from {@code from} to {@code to} with {@code maxVelocity} per joint times {@code speedFactor} (0, 1]. */
    void plan(double[] from, double[] to, double[] maxVelocity, double speedFactor) {
        accelStart = MAX_ACCELERATION * speedFactor;
        accelGoal = MAX_ACCELERATION * speedFactor;
        double maxTf = 0.0;
        for (int i = 0; i < n; i++) {
            start[i] = from[i];
            delta[i] = to[i] - from[i];
            double dist = Math.abs(delta[i]);
            if (dist > FINISHED_DELTA) {
                double dqMax = maxVelocity[i] * speedFactor;
                double reach = dqMax;
                if (dist < 0.75 * dqMax * dqMax / accelStart + 0.75 * dqMax * dqMax / accelGoal) {
                    reach = Math.sqrt(4.0 / 3.0 * dist * accelStart * accelGoal / (accelStart + accelGoal));
                }
                double time = 0.75 * reach / accelStart + 0.75 * reach / accelGoal + dist / reach;
                maxTf = Math.max(maxTf, time);
            }
        }
        duration = 0.0;
        for (int i = 0; i < n; i++) {
            double dist = Math.abs(delta[i]);
            if (dist > FINISHED_DELTA) {
                double a = 0.75 * (accelGoal + accelStart);
                double b = -maxTf * accelGoal * accelStart;
                double c = dist * accelGoal * accelStart;
                double disc = Math.max(0.0, b * b - 4.0 * a * c);
                dqSync[i] = (-b - Math.sqrt(disc)) / (2.0 * a);
                t1[i] = 1.5 * dqSync[i] / accelStart;
                double dt2 = 1.5 * dqSync[i] / accelGoal;
                tf[i] = t1[i] / 2.0 + dt2 / 2.0 + dist / dqSync[i];
                t2[i] = tf[i] - dt2;
                q1[i] = dqSync[i] * Math.signum(delta[i]) * 0.5 * t1[i];
                duration = Math.max(duration, tf[i]);
            }
        }
    }

    /** How long the planned motion takes, s. */
    double duration() {
        return duration;
    }

    /** The desired positions {@code t} seconds after the start into {@code q}; true when every joint is at its goal. */
    boolean desired(double t, double[] q) {
        boolean finished = true;
        for (int i = 0; i < n; i++) {
            double d;
            double s = Math.signum(delta[i]);
            if (Math.abs(delta[i]) < FINISHED_DELTA) {
                d = 0.0;
            } else if (t < t1[i]) {
                d = -1.0 / (t1[i] * t1[i] * t1[i]) * dqSync[i] * s * (0.5 * t - t1[i]) * t * t * t;
                finished = false;
            } else if (t < t2[i]) {
                d = q1[i] + (t - t1[i]) * dqSync[i] * s;
                finished = false;
            } else if (t < tf[i]) {
                double dt2 = tf[i] - t2[i];
                double td = t2[i] - t1[i];
                double u = t - t1[i] - td;
                d = delta[i] + 0.5 * (1.0 / (dt2 * dt2 * dt2) * (t - t1[i] - 2.0 * dt2 - td) * u * u * u
                        + (2.0 * t - 2.0 * t1[i] - dt2 - 2.0 * td)) * dqSync[i] * s;
                finished = false;
            } else {
                d = delta[i];
            }
            q[i] = start[i] + d;
        }
        return finished;
    }
}
