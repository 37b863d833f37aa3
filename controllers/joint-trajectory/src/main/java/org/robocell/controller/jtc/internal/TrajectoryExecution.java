package org.robocell.controller.jtc.internal;

/**
 * The loop's side of a trajectory: either holding a position or following a buffer. Following starts with an
 * entry segment from the state at hand-over to the first point not yet due, fitted here because only the loop knows
 * that state; later segments use the coefficients prepared off the loop. Allocation-free.
 */
final class TrajectoryExecution {

    private final int dof;
    private final boolean interpolate;
    private final double[] entry;
    private final double[] startPosition;
    private final double[] startVelocity;
    private final double[] startAcceleration;
    private final double[] holdPosition;
    private final double[] holdEffort;

    private TrajectoryBuffer trajectory;
    /** Loop time of timeFromStart 0. */
    private double origin;
    /** Trajectory time at which the entry segment starts. */
    private double entryStart;
    private int entryTarget;
    /** The first point not yet reached. */
    private int next;

    TrajectoryExecution(int dof, boolean interpolate) {
        this.dof = dof;
        this.interpolate = interpolate;
        entry = new double[dof * Splines.COEFFICIENTS];
        startPosition = new double[dof];
        startVelocity = new double[dof];
        startAcceleration = new double[dof];
        holdPosition = new double[dof];
        holdEffort = new double[dof];
    }

    boolean following() {
        return trajectory != null;
    }

    TrajectoryBuffer trajectory() {
        return trajectory;
    }

    /**
     * Holds {@code positions} at rest from now on, keeping {@code efforts} as feed-forward (a joint that needed
     * effort to stay up still needs it); returns the buffer that was being followed (for release), or null.
     */
    TrajectoryBuffer hold(double[] positions, double[] efforts) {
        System.arraycopy(positions, 0, holdPosition, 0, dof);
        System.arraycopy(efforts, 0, holdEffort, 0, dof);
        TrajectoryBuffer previous = trajectory;
        trajectory = null;
        return previous;
    }

    /** Follows {@code b} from the given state at loop time {@code now}; returns the previous buffer, or null. */
    TrajectoryBuffer follow(TrajectoryBuffer b, double now, double[] position, double[] velocity,
            double[] acceleration) {
        TrajectoryBuffer previous = trajectory;
        trajectory = b;
        origin = Double.isNaN(b.startTime) ? now : b.startTime;
        entryStart = Math.max(0.0, now - origin);
        System.arraycopy(position, 0, startPosition, 0, dof);
        System.arraycopy(velocity, 0, startVelocity, 0, dof);
        System.arraycopy(acceleration, 0, startAcceleration, 0, dof);
        int k = 0;
        while (k < b.pointCount && b.times[k] <= entryStart) {
            k++;
        }
        entryTarget = k;
        next = k;
        if (k < b.pointCount) {
            double duration = b.times[k] - entryStart;
            for (int j = 0; j < dof; j++) {
                int at = k * dof + j;
                Splines.fit(b.hasVelocities, b.hasAccelerations, position[j], velocity[j], acceleration[j],
                        b.positions[at], b.velocities[at], b.accelerations[at], duration, entry,
                        j * Splines.COEFFICIENTS);
            }
        }
        return previous;
    }

    /** Seconds since the followed trajectory's timeFromStart 0. */
    double trajectoryTime(double now) {
        return now - origin;
    }

    /** The desired state at loop time {@code now}. */
    void sample(double now, double[] position, double[] velocity, double[] acceleration, double[] effort) {
        TrajectoryBuffer b = trajectory;
        if (b == null) {
            for (int j = 0; j < dof; j++) {
                position[j] = holdPosition[j];
                velocity[j] = 0.0;
                acceleration[j] = 0.0;
                effort[j] = holdEffort[j];
            }
            return;
        }
        double tau = now - origin;
        while (next < b.pointCount && tau >= b.times[next]) {
            next++;
        }
        for (int j = 0; j < dof; j++) {
            if (!b.inGoal[j]) {
                position[j] = startPosition[j];
                velocity[j] = 0.0;
                acceleration[j] = 0.0;
                effort[j] = 0.0;
            } else if (tau < entryStart) {
                position[j] = startPosition[j];
                velocity[j] = 0.0;
                acceleration[j] = 0.0;
                effort[j] = 0.0;
            } else if (next >= b.pointCount) {
                samplePoint(b, b.pointCount - 1, j, position, velocity, acceleration, effort);
            } else if (!interpolate) {
                if (next == entryTarget) {
                    position[j] = startPosition[j];
                    velocity[j] = 0.0;
                    acceleration[j] = 0.0;
                    effort[j] = b.efforts[next * dof + j];
                } else {
                    samplePoint(b, next - 1, j, position, velocity, acceleration, effort);
                }
            } else if (next == entryTarget) {
                double s = tau - entryStart;
                int at = j * Splines.COEFFICIENTS;
                position[j] = Splines.position(entry, at, s);
                velocity[j] = Splines.velocity(entry, at, s);
                acceleration[j] = Splines.acceleration(entry, at, s);
                effort[j] = b.efforts[next * dof + j];
            } else {
                double s = tau - b.times[next - 1];
                int at = (next * dof + j) * Splines.COEFFICIENTS;
                position[j] = Splines.position(b.coefficients, at, s);
                velocity[j] = Splines.velocity(b.coefficients, at, s);
                acceleration[j] = Splines.acceleration(b.coefficients, at, s);
                double share = s / (b.times[next] - b.times[next - 1]);
                double e0 = b.efforts[(next - 1) * dof + j];
                effort[j] = e0 + share * (b.efforts[next * dof + j] - e0);
            }
        }
    }

    private void samplePoint(TrajectoryBuffer b, int k, int j, double[] position, double[] velocity,
            double[] acceleration, double[] effort) {
        int at = k * dof + j;
        position[j] = b.positions[at];
        velocity[j] = b.velocities[at];
        acceleration[j] = b.accelerations[at];
        effort[j] = b.efforts[at];
    }
}
