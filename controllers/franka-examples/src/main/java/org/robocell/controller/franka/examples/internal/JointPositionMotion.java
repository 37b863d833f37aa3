package org.robocell.controller.franka.examples.internal;

import java.util.List;

/**
 * franka_example_controllers' {@code JointPositionExampleController} ({@code src/fr3/joint_position_example_controller.cpp}):
 * every joint moves by {@code δ = π/16 · (1 − cos(π/5 · t)) · 0.2} from its position at the start (joint 5 by −δ),
 * on the robot's time: up to 0.0785 rad after 5 s and back after 10 s, periodically.
 */
final class JointPositionMotion implements ExampleMotion {

    private final double[] initialQ = new double[ArmSettings.JOINTS];

    /** The offset {@code t} seconds after the start. */
    static double deltaAngle(double t) {
        return Math.PI / 16 * (1 - Math.cos(Math.PI / 5.0 * t)) * 0.2;
    }

    @Override
    public Clock clock() {
        return Clock.ROBOT_TIME;
    }

    @Override
    public List<String> commandInterfaces(ArmSettings arm) {
        return arm.jointInterfaces("position");
    }

    @Override
    public List<String> startStates(ArmSettings arm) {
        return arm.jointInterfaces("position");
    }

    @Override
    public void start(double[] measured) {
        System.arraycopy(measured, 0, initialQ, 0, initialQ.length);
    }

    @Override
    public void command(double elapsed, double[] commands) {
        double delta = deltaAngle(elapsed);
        for (int i = 0; i < initialQ.length; i++) {
            commands[i] = i == 4 ? initialQ[i] - delta : initialQ[i] + delta;
        }
    }
}
