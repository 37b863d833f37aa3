package org.robocell.driver.sim.internal;

/**
 * The torque loop of one joint in position or velocity mode, as gz_ros2_control closes it: a PID on position
 * (P, I and D on the position error and its rate) or a PI on velocity, the integral kept within what the joint's
 * effort limit can use (no wind-up), the output clamped to the effort limit.
 */
final class JointPid {

    final double positionP;
    final double positionI;
    final double positionD;
    final double velocityP;
    final double velocityI;
    private final double effortLimit;
    private double integral;

    JointPid(double positionP, double positionI, double positionD, double velocityP, double velocityI, double effortLimit) {
        this.positionP = positionP;
        this.positionI = positionI;
        this.positionD = positionD;
        this.velocityP = velocityP;
        this.velocityI = velocityI;
        this.effortLimit = effortLimit;
    }

    void reset() {
        integral = 0;
    }

    /** The torque that drives the joint from (q, dq) towards (target, targetRate). */
    double position(double target, double targetRate, double q, double dq, double dt) {
        double error = target - q;
        integral = clampIntegral(integral + positionI * error * dt);
        return clamp(positionP * error + integral + positionD * (targetRate - dq));
    }

    /** The torque that drives the joint's rate from {@code dq} towards {@code target}. */
    double velocity(double target, double dq, double dt) {
        double error = target - dq;
        integral = clampIntegral(integral + velocityI * error * dt);
        return clamp(velocityP * error + integral);
    }

    double clamp(double torque) {
        return Math.max(-effortLimit, Math.min(effortLimit, torque));
    }

    private double clampIntegral(double value) {
        return Math.max(-effortLimit, Math.min(effortLimit, value));
    }
}
