package org.robocell.driver.kuka.rsi.emulator;

import java.util.Arrays;

/**
 * Position and speed limits of the robot's axes, in degrees and degrees per second, as the emulated controller
 * enforces them on commanded motion.
 */
public record AxisLimits(double[] lowerDegrees, double[] upperDegrees, double[] maxSpeedDegreesPerSecond) {

    public AxisLimits {
        if (lowerDegrees.length != upperDegrees.length || lowerDegrees.length != maxSpeedDegreesPerSecond.length) {
            throw new IllegalArgumentException("axis limits need as many lower, upper and speed values");
        }
        for (int i = 0; i < lowerDegrees.length; i++) {
            if (!(lowerDegrees[i] <= upperDegrees[i]) || !(maxSpeedDegreesPerSecond[i] > 0)) {
                throw new IllegalArgumentException("axis A" + (i + 1) + " limits are inconsistent");
            }
        }
        lowerDegrees = lowerDegrees.clone();
        upperDegrees = upperDegrees.clone();
        maxSpeedDegreesPerSecond = maxSpeedDegreesPerSecond.clone();
    }

    /**
     * KUKA KR 6 R900 sixx (Agilus), from the joint limits of its URDF (kuka_experimental's
     * kr6r900sixx description): A1 ±170°, A2 -190..45°, A3 -120..156°, A4 ±185°, A5 ±120°, A6 ±350°; speeds 360,
     * 300, 360, 381, 388, 615 °/s.
     */
    public static AxisLimits kr6R900Sixx() {
        return new AxisLimits(
                degrees(-2.9670597283903604, -3.3161255787892263, -2.0943951023931953, -3.2288591161895095,
                        -2.0943951023931953, -6.1086523819801535),
                degrees(2.9670597283903604, 0.7853981633974483, 2.722713633111154, 3.2288591161895095,
                        2.0943951023931953, 6.1086523819801535),
                degrees(6.283185307179586, 5.235987755982989, 6.283185307179586, 6.649704450098396,
                        6.771877497737998, 10.733774899765127));
    }

    public int axisCount() {
        return lowerDegrees.length;
    }

    @Override
    public double[] lowerDegrees() {
        return lowerDegrees.clone();
    }

    @Override
    public double[] upperDegrees() {
        return upperDegrees.clone();
    }

    @Override
    public double[] maxSpeedDegreesPerSecond() {
        return maxSpeedDegreesPerSecond.clone();
    }

    /**
     * Moves {@code current} toward {@code target} for one cycle of {@code cycleSeconds}: clamped to the position
     * range and to the distance the axis can travel at full speed.
     */
    double step(int axis, double current, double target, double cycleSeconds) {
        double bounded = Math.max(lowerDegrees[axis], Math.min(upperDegrees[axis], target));
        double reach = maxSpeedDegreesPerSecond[axis] * cycleSeconds;
        return Math.max(current - reach, Math.min(current + reach, bounded));
    }

    private static double[] degrees(double... radians) {
        return Arrays.stream(radians).map(Math::toDegrees).toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AxisLimits other && Arrays.equals(lowerDegrees, other.lowerDegrees)
                && Arrays.equals(upperDegrees, other.upperDegrees)
                && Arrays.equals(maxSpeedDegreesPerSecond, other.maxSpeedDegreesPerSecond);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(lowerDegrees) * 31 + Arrays.hashCode(upperDegrees);
    }

    @Override
    public String toString() {
        return "AxisLimits" + Arrays.toString(lowerDegrees) + ".." + Arrays.toString(upperDegrees);
    }
}
