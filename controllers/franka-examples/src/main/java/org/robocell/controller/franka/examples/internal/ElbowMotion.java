package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * franka_example_controllers' {@code ElbowExampleController} ({@code src/fr3/elbow_example_controller.cpp}): a zero
 * end-effector twist with the elbow (joint 3's position) at {@code initial + π/15 · (1 − cos(π/5 · t))}, joint 4's
 * sign kept, from the measured {@code elbow} at the start, on the robot's time: the null space moves, up to 0.419 rad
 * of joint 3 after 5 s and back after 10 s, while the end effector stays.
 */
final class ElbowMotion implements ExampleMotion {

    private final double[] initialElbow = new double[2];

    static double angle(double t) {
        return Math.PI / 15.0 * (1.0 - Math.cos(Math.PI / 5.0 * t));
    }

    @Override
    public Clock clock() {
        return Clock.ROBOT_TIME;
    }

    @Override
    public List<String> commandInterfaces(ArmSettings arm) {
        List<String> names = new ArrayList<>(CartesianVelocityMotion.twistInterfaces());
        names.add("joint_3_position/elbow_command");
        names.add("joint_4_sign/elbow_command");
        return names;
    }

    @Override
    public List<String> startStates(ArmSettings arm) {
        return arm.robotStateArray("elbow", 2);
    }

    @Override
    public void start(double[] measured) {
        initialElbow[0] = measured[0];
        initialElbow[1] = measured[1];
    }

    @Override
    public void command(double elapsed, double[] commands) {
        for (int i = 0; i < 6; i++) {
            commands[i] = 0.0;
        }
        commands[6] = initialElbow[0] + angle(elapsed);
        commands[7] = initialElbow[1];
    }
}
