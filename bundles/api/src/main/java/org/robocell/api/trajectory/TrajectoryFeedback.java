package org.robocell.api.trajectory;

import java.util.List;

/** The controller's last published state: desired, actual and their difference per joint, in controller order. */
public record TrajectoryFeedback(List<String> jointNames, double[] desiredPositions, double[] desiredVelocities,
        double[] desiredAccelerations, double[] actualPositions, double[] actualVelocities, double[] errorPositions,
        double[] errorVelocities) {
}
