package org.robocell.controller.diffdrive.internal;

/**
 * The pose of a differential drive integrated from its wheels, as diff_drive_controller's {@code odometry.cpp}: from
 * wheel positions (velocities estimated by differences), from wheel velocities, or open loop from the commanded body
 * velocities; each step integrated exactly along the arc (straight when the heading changes less than 1e-6 rad).
 * The reported body velocities are a rolling mean over {@code velocity_rolling_window_size} steps in closed loop, the
 * commanded ones in open loop. Allocation-free after construction; used by the loop only.
 */
final class Odometry {

    private double x;
    private double y;
    private double heading;
    private double linear;
    private double angular;

    private final double wheelSeparation;
    private final double leftRadius;
    private final double rightRadius;
    private double leftOldPosition;
    private double rightOldPosition;

    private final RollingMean linearMean;
    private final RollingMean angularMean;

    Odometry(double wheelSeparation, double leftRadius, double rightRadius, int rollingWindow) {
        this.wheelSeparation = wheelSeparation;
        this.leftRadius = leftRadius;
        this.rightRadius = rightRadius;
        this.linearMean = new RollingMean(rollingWindow);
        this.angularMean = new RollingMean(rollingWindow);
    }

    /** Back to the origin, velocities forgotten. */
    void reset() {
        x = 0;
        y = 0;
        heading = 0;
        linear = 0;
        angular = 0;
        linearMean.reset();
        angularMean.reset();
    }

    /** The wheels' positions from which the next {@link #updateFromPosition} counts (rad). */
    void startFrom(double leftPosition, double rightPosition) {
        leftOldPosition = leftPosition;
        rightOldPosition = rightPosition;
    }

    /** Wheel angles (rad); false when the period is too short to estimate velocities from. */
    boolean updateFromPosition(double leftPosition, double rightPosition, double dt) {
        if (Math.abs(dt) < 1e-6) {
            return false;
        }
        double leftVelocity = (leftPosition - leftOldPosition) / dt;
        double rightVelocity = (rightPosition - rightOldPosition) / dt;
        leftOldPosition = leftPosition;
        rightOldPosition = rightPosition;
        return updateFromVelocity(leftVelocity, rightVelocity, dt);
    }

    /** Wheel angular velocities (rad/s). */
    boolean updateFromVelocity(double leftVelocity, double rightVelocity, double dt) {
        if (Math.abs(dt) < 1e-6) {
            return false;
        }
        double v = (leftVelocity * leftRadius + rightVelocity * rightRadius) * 0.5;
        double w = (rightVelocity * rightRadius - leftVelocity * leftRadius) / wheelSeparation;
        integrate(v, w, dt);
        linear = linearMean.accumulate(v);
        angular = angularMean.accumulate(w);
        return true;
    }

    /** The commanded body velocities (m/s, rad/s), integrated as if the robot followed them exactly. */
    boolean updateOpenLoop(double linearVelocity, double angularVelocity, double dt) {
        integrate(linearVelocity, angularVelocity, dt);
        linear = linearVelocity;
        angular = angularVelocity;
        return true;
    }

    private void integrate(double v, double w, double dt) {
        if (Math.abs(dt) < 1e-6) {
            return;
        }
        double dx = v * dt;
        double dHeading = w * dt;
        if (Math.abs(dHeading) < 1e-6) {
            x += dx * Math.cos(heading);
            y += dx * Math.sin(heading);
            heading += dHeading;
        } else {
            double old = heading;
            heading += dHeading;
            x += dx / dHeading * (Math.sin(heading) - Math.sin(old));
            y -= dx / dHeading * (Math.cos(heading) - Math.cos(old));
        }
    }

    double x() {
        return x;
    }

    double y() {
        return y;
    }

    double heading() {
        return heading;
    }

    double linear() {
        return linear;
    }

    double angular() {
        return angular;
    }

    /** The mean of the last {@code size} values accumulated (fewer until that many arrived). */
    static final class RollingMean {
        private final double[] window;
        private int next;
        private int count;
        private double sum;

        RollingMean(int size) {
            window = new double[size];
        }

        double accumulate(double value) {
            if (count == window.length) {
                sum -= window[next];
            } else {
                count++;
            }
            window[next] = value;
            sum += value;
            next = (next + 1) % window.length;
            return sum / count;
        }

        void reset() {
            next = 0;
            count = 0;
            sum = 0;
        }
    }
}
