package org.robocell.kinematics;

/**
 * What an inverse kinematics solve reached. The workspace reuses one instance: read it before the next solve.
 */
public interface IkResult {

    /** True when the pose was reached within both tolerances; false means unreachable or not found. */
    boolean converged();

    /** Iterations spent over all attempts. */
    int iterations();

    /** Attempts made: 1 plus the restarts used. */
    int attempts();

    /** Distance between reached and target position (m) of the returned joint positions. */
    double positionError();

    /** Angle between reached and target orientation (rad) of the returned joint positions. */
    double orientationError();
}
