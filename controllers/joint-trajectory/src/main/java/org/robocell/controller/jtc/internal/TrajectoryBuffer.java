package org.robocell.controller.jtc.internal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * Preallocated storage for one goal's trajectory in the controller's joint order, with the spline coefficients of
 * every segment between two points computed off the loop. The segment from the state at hand-over to the first
 * point is fitted on the loop ({@link TrajectoryExecution}), since only the loop knows that state.
 * <p>
 * Ownership passes between the submitting thread and the loop: {@link #free} is true while nobody uses the buffer.
 */
final class TrajectoryBuffer {

    final int dof;
    final int capacity;
    final double[] times;
    /** Point k, joint j at {@code k * dof + j}. */
    final double[] positions;
    final double[] velocities;
    final double[] accelerations;
    final double[] efforts;
    /** The segment ending at point k (k ≥ 1), joint j, at {@code (k * dof + j) * 6}. */
    final double[] coefficients;
    /** Whether the goal names joint j; joints it omits hold their position. */
    final boolean[] inGoal;

    final double[] pathPosition;
    final double[] pathVelocity;
    final double[] pathAcceleration;
    final double[] goalPosition;
    final double[] goalVelocity;
    final double[] goalAcceleration;
    double goalTime;

    int pointCount;
    boolean hasVelocities;
    boolean hasAccelerations;
    boolean hasEfforts;
    /** Loop time of {@code timeFromStart} 0, NaN for "when the loop takes it". */
    double startTime;
    TrajectoryGoalHandle goal;

    final AtomicBoolean free = new AtomicBoolean(true);

    TrajectoryBuffer(int dof, int capacity) {
        this.dof = dof;
        this.capacity = capacity;
        times = new double[capacity];
        positions = new double[capacity * dof];
        velocities = new double[capacity * dof];
        accelerations = new double[capacity * dof];
        efforts = new double[capacity * dof];
        coefficients = new double[capacity * dof * Splines.COEFFICIENTS];
        inGoal = new boolean[dof];
        pathPosition = new double[dof];
        pathVelocity = new double[dof];
        pathAcceleration = new double[dof];
        goalPosition = new double[dof];
        goalVelocity = new double[dof];
        goalAcceleration = new double[dof];
    }

    /**
     * Copies a validated trajectory into controller order and fits the segments between its points.
     *
     * @param columnOfJoint for each controller joint, its column in the goal's points, or −1 when the goal omits it
     */
    void load(double startTime, List<TrajectoryPoint> points, int[] columnOfJoint) {
        this.startTime = startTime;
        pointCount = points.size();
        TrajectoryPoint first = points.get(0);
        hasVelocities = first.velocities().length > 0;
        hasAccelerations = hasVelocities && first.accelerations().length > 0;
        hasEfforts = first.efforts().length > 0;
        for (int j = 0; j < dof; j++) {
            inGoal[j] = columnOfJoint[j] >= 0;
        }
        for (int k = 0; k < pointCount; k++) {
            TrajectoryPoint p = points.get(k);
            times[k] = p.timeFromStart();
            copyColumns(p.positions(), positions, k, columnOfJoint);
            copyColumns(hasVelocities ? p.velocities() : null, velocities, k, columnOfJoint);
            copyColumns(hasAccelerations ? p.accelerations() : null, accelerations, k, columnOfJoint);
            copyColumns(hasEfforts ? p.efforts() : null, efforts, k, columnOfJoint);
        }
        for (int k = 1; k < pointCount; k++) {
            double duration = times[k] - times[k - 1];
            for (int j = 0; j < dof; j++) {
                int a = (k - 1) * dof + j;
                int b = k * dof + j;
                Splines.fit(hasVelocities, hasAccelerations, positions[a], velocities[a], accelerations[a],
                        positions[b], velocities[b], accelerations[b], duration, coefficients,
                        b * Splines.COEFFICIENTS);
            }
        }
    }

    private void copyColumns(double[] source, double[] target, int point, int[] columnOfJoint) {
        int row = point * dof;
        for (int j = 0; j < dof; j++) {
            int column = columnOfJoint[j];
            target[row + j] = source == null || column < 0 ? 0.0 : source[column];
        }
    }

    double lastTime() {
        return times[pointCount - 1];
    }

    void clearTolerances() {
        Arrays.fill(pathPosition, 0.0);
        Arrays.fill(pathVelocity, 0.0);
        Arrays.fill(pathAcceleration, 0.0);
        Arrays.fill(goalPosition, 0.0);
        Arrays.fill(goalVelocity, 0.0);
        Arrays.fill(goalAcceleration, 0.0);
    }
}
