package org.robocell.api.trajectory;

import java.util.List;

/**
 * Waypoints for some or all joints of a controller.
 *
 * @param startTime when {@code timeFromStart} 0 is, in the control loop's time (seconds since the loop started);
 *                  0 means "as soon as the controller takes the trajectory"
 */
public record JointTrajectory(double startTime, List<String> jointNames, List<TrajectoryPoint> points) {

    public JointTrajectory {
        jointNames = jointNames == null ? List.of() : List.copyOf(jointNames);
        points = points == null ? List.of() : List.copyOf(points);
    }

    /** A trajectory that starts when the controller takes it. */
    public static JointTrajectory startingNow(List<String> jointNames, List<TrajectoryPoint> points) {
        return new JointTrajectory(0.0, jointNames, points);
    }
}
