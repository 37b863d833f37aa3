package org.robocell.api.trajectory;

import java.util.Arrays;

/**
 * One waypoint, values in the order of the trajectory's joint names. Velocities, accelerations and efforts may be
 * empty (not given); what the points carry chooses the interpolation: positions only → linear, with velocities →
 * cubic, with accelerations too → quintic.
 *
 * @param timeFromStart seconds after the trajectory's start time at which the point is to be reached
 */
public record TrajectoryPoint(double[] positions, double[] velocities, double[] accelerations, double[] efforts,
        double timeFromStart) {

    private static final double[] NONE = new double[0];

    public TrajectoryPoint {
        positions = copy(positions);
        velocities = copy(velocities);
        accelerations = copy(accelerations);
        efforts = copy(efforts);
    }

    private static double[] copy(double[] values) {
        return values == null ? NONE : values.clone();
    }

    public static TrajectoryPoint positions(double timeFromStart, double... positions) {
        return new TrajectoryPoint(positions, NONE, NONE, NONE, timeFromStart);
    }

    public static TrajectoryPoint positionsVelocities(double timeFromStart, double[] positions, double[] velocities) {
        return new TrajectoryPoint(positions, velocities, NONE, NONE, timeFromStart);
    }

    public static TrajectoryPoint full(double timeFromStart, double[] positions, double[] velocities,
            double[] accelerations) {
        return new TrajectoryPoint(positions, velocities, accelerations, NONE, timeFromStart);
    }

    /** A copy of this point with efforts. */
    public TrajectoryPoint withEfforts(double... efforts) {
        return new TrajectoryPoint(positions, velocities, accelerations, efforts, timeFromStart);
    }

    @Override
    public double[] positions() {
        return positions.clone();
    }

    @Override
    public double[] velocities() {
        return velocities.clone();
    }

    @Override
    public double[] accelerations() {
        return accelerations.clone();
    }

    @Override
    public double[] efforts() {
        return efforts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TrajectoryPoint p && p.timeFromStart == timeFromStart
                && Arrays.equals(p.positions, positions) && Arrays.equals(p.velocities, velocities)
                && Arrays.equals(p.accelerations, accelerations) && Arrays.equals(p.efforts, efforts);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(timeFromStart) * 31 + Arrays.hashCode(positions);
    }

    @Override
    public String toString() {
        return "TrajectoryPoint[t=" + timeFromStart + ", positions=" + Arrays.toString(positions) + ", velocities="
                + Arrays.toString(velocities) + ", accelerations=" + Arrays.toString(accelerations) + ", efforts="
                + Arrays.toString(efforts) + "]";
    }
}
