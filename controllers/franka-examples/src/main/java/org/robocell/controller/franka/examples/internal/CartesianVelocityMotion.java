package org.robocell.controller.franka.examples.internal;

import java.util.List;

/**
 * franka_example_controllers' {@code CartesianVelocityExampleController}
 * ({@code src/fr3/cartesian_velocity_example_controller.cpp}, constants in its header): the end effector at
 * {@code v = ±0.05/2 · (1 − cos(2π/4 · t))} m/s along {@code (cos 45°, 0, −sin 45°)} in the base frame, the sign
 * flipping every 4 s, no rotation; from rest, on the sum of the update periods. Each 4 s half moves it 0.1 m (x
 * +0.0707 m, z −0.0707 m), the next one back.
 */
final class CartesianVelocityMotion implements ExampleMotion {

    static final double TIME_MAX = 4.0;
    static final double V_MAX = 0.05;
    static final double ANGLE = Math.PI / 4.0;

    /** The six {@code cartesian_velocity} gpios of the Franka driver (franka_semantic_components' names). */
    static List<String> twistInterfaces() {
        return List.of("vx/cartesian_velocity", "vy/cartesian_velocity", "vz/cartesian_velocity",
                "wx/cartesian_velocity", "wy/cartesian_velocity", "wz/cartesian_velocity");
    }

    /**
     * Upstream's {@code cycle · max/2 · (1 − cos(2π/T · t))} with {@code cycle = floor((−1)^((t − fmod(t, T))/T))}:
     * +1 in even periods of {@code T}, −1 in odd ones.
     */
    static double alternatingBump(double t, double period, double max) {
        double cycle = Math.floorMod((long) Math.floor(t / period), 2L) == 0 ? 1.0 : -1.0;
        return cycle * max / 2.0 * (1.0 - Math.cos(2.0 * Math.PI / period * t));
    }

    @Override
    public Clock clock() {
        return Clock.PERIODS;
    }

    @Override
    public List<String> commandInterfaces(ArmSettings arm) {
        return twistInterfaces();
    }

    @Override
    public List<String> startStates(ArmSettings arm) {
        return List.of();
    }

    @Override
    public void start(double[] measured) {
        // from rest: the first twist is zero
    }

    @Override
    public void command(double elapsed, double[] commands) {
        double v = alternatingBump(elapsed, TIME_MAX, V_MAX);
        commands[0] = Math.cos(ANGLE) * v;
        commands[1] = 0.0;
        commands[2] = -Math.sin(ANGLE) * v;
        commands[3] = 0.0;
        commands[4] = 0.0;
        commands[5] = 0.0;
    }
}
