package org.robocell.controller.jtc.internal;

import java.util.List;

import org.robocell.api.trajectory.JointTolerance;
import org.robocell.api.trajectory.TrajectoryGoal;

/**
 * Merges a goal's tolerances with the controller's defaults into a buffer: per value, positive overrides, 0 keeps
 * the default, −1 switches the check off (0 = not checked); any other negative value, or a tolerance for a joint the
 * controller does not have, makes the goal's tolerances invalid and the defaults apply to all of them.
 */
final class ToleranceResolver {

    private static final double ERASE = -1.0;

    private final JtcConfig config;

    ToleranceResolver(JtcConfig config) {
        this.config = config;
    }

    /** Fills the buffer's tolerances; false when the goal's were invalid and the defaults were used instead. */
    boolean resolve(TrajectoryGoal goal, TrajectoryBuffer into) {
        applyDefaults(into);
        if (isValid(goal)) {
            for (JointTolerance t : goal.pathTolerance()) {
                int j = config.joints().indexOf(t.jointName());
                into.pathPosition[j] = merge(t.position(), into.pathPosition[j]);
                into.pathVelocity[j] = merge(t.velocity(), into.pathVelocity[j]);
                into.pathAcceleration[j] = merge(t.acceleration(), into.pathAcceleration[j]);
            }
            for (JointTolerance t : goal.goalTolerance()) {
                int j = config.joints().indexOf(t.jointName());
                into.goalPosition[j] = merge(t.position(), into.goalPosition[j]);
                into.goalVelocity[j] = merge(t.velocity(), into.goalVelocity[j]);
                into.goalAcceleration[j] = merge(t.acceleration(), into.goalAcceleration[j]);
            }
            into.goalTime = merge(goal.goalTimeTolerance(), into.goalTime);
            return true;
        }
        return false;
    }

    private void applyDefaults(TrajectoryBuffer into) {
        into.clearTolerances();
        for (int j = 0; j < config.dof(); j++) {
            into.pathPosition[j] = config.pathPositionTolerance()[j];
            into.goalPosition[j] = config.goalPositionTolerance()[j];
            into.goalVelocity[j] = config.stoppedVelocityTolerance();
        }
        into.goalTime = config.goalTime();
    }

    private boolean isValid(TrajectoryGoal goal) {
        return allValid(goal.pathTolerance()) && allValid(goal.goalTolerance()) && valid(goal.goalTimeTolerance());
    }

    private boolean allValid(List<JointTolerance> tolerances) {
        for (JointTolerance t : tolerances) {
            if (!config.joints().contains(t.jointName()) || !valid(t.position()) || !valid(t.velocity())
                    || !valid(t.acceleration())) {
                return false;
            }
        }
        return true;
    }

    private static boolean valid(double v) {
        return v >= 0.0 || v == ERASE;
    }

    private static double merge(double requested, double fallback) {
        if (requested == ERASE) {
            return 0.0;
        }
        return requested > 0.0 ? requested : fallback;
    }
}
