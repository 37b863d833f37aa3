package org.robocell.kinematics;

/**
 * Settings of the damped least-squares (Levenberg-Marquardt) inverse kinematics.
 *
 * @param maxIterations        iterations per attempt
 * @param positionTolerance    converged when the position error is at most this (m)
 * @param orientationTolerance converged when the rotation angle between reached and target orientation is at most
 *                             this (rad)
 * @param damping              the smallest damping λ² added to J·Jᵀ; the solver raises λ² while steps fail to
 *                             lower the error and lowers it back to this value while they succeed
 * @param maxStep              largest change of any one joint per iteration (rad or m)
 * @param restarts             further attempts from random joint positions within the limits when an attempt does
 *                             not converge
 * @param randomSeed           seed of those random positions, so that a solve is reproducible
 */
public record IkOptions(int maxIterations, double positionTolerance, double orientationTolerance, double damping,
        double maxStep, int restarts, long randomSeed) {

    public static final IkOptions DEFAULT = new IkOptions(50, 1e-9, 1e-9, 1e-9, 0.5, 100, 0x5EED);

    public IkOptions {
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        if (!(positionTolerance > 0) || !(orientationTolerance > 0)) {
            throw new IllegalArgumentException("tolerances must be > 0");
        }
        if (!(damping > 0) || !Double.isFinite(damping)) {
            throw new IllegalArgumentException("damping must be a finite number > 0, got " + damping);
        }
        if (!(maxStep > 0)) {
            throw new IllegalArgumentException("maxStep must be > 0, got " + maxStep);
        }
        if (restarts < 0) {
            throw new IllegalArgumentException("restarts must be >= 0, got " + restarts);
        }
    }
}
