package org.robocell.controller.franka.examples.internal;

import java.util.List;

/**
 * franka_example_controllers' {@code JointVelocityExampleController} ({@code src/fr3/joint_velocity_example_controller.cpp}):
 * joints 4 and 5 at {@code ω = ±0.1/2 · (1 − cos(2π/8 · t))} rad/s, the sign flipping every 8 s, the others at
 * zero; from rest, on the sum of the update periods. Each 8 s half moves them 0.4 rad, the next one back.
 */
final class JointVelocityMotion implements ExampleMotion {

    static final double TIME_MAX = 8.0;
    static final double OMEGA_MAX = 0.1;

    /** The velocity of joints 4 and 5 {@code t} seconds after the start. */
    static double omega(double t) {
        return CartesianVelocityMotion.alternatingBump(t, TIME_MAX, OMEGA_MAX);
    }

    @Override
    public Clock clock() {
        return Clock.PERIODS;
    }

    @Override
    public List<String> commandInterfaces(ArmSettings arm) {
        return arm.jointInterfaces("velocity");
    }

    @Override
    public List<String> startStates(ArmSettings arm) {
        return List.of();
    }

    @Override
    public void start(double[] measured) {
        // from rest: the first command is zero
    }

    @Override
    public void command(double elapsed, double[] commands) {
        double omega = omega(elapsed);
        for (int i = 0; i < commands.length; i++) {
            commands[i] = i == 3 || i == 4 ? omega : 0.0;
        }
    }
}
