package org.robocell.api.trajectory;

import java.util.List;

/**
 * A trajectory to follow and the tolerances to follow it with (see {@link JointTolerance} for the value rules).
 *
 * @param goalTimeTolerance how long after the last point the joints may take to settle within the goal
 *                          tolerance: positive overrides, 0 keeps the controller's {@code constraints.goal_time},
 *                          −1 waits forever
 */
public record TrajectoryGoal(JointTrajectory trajectory, List<JointTolerance> pathTolerance,
        List<JointTolerance> goalTolerance, double goalTimeTolerance) {

    public TrajectoryGoal {
        pathTolerance = pathTolerance == null ? List.of() : List.copyOf(pathTolerance);
        goalTolerance = goalTolerance == null ? List.of() : List.copyOf(goalTolerance);
    }

    /** The trajectory with the controller's default tolerances. */
    public static TrajectoryGoal of(JointTrajectory trajectory) {
        return new TrajectoryGoal(trajectory, List.of(), List.of(), 0.0);
    }
}
