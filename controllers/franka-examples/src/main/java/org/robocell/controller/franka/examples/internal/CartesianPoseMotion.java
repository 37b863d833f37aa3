package org.robocell.controller.franka.examples.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * franka_example_controllers' {@code CartesianPoseExampleController}
 * ({@code src/fr3/cartesian_pose_example_controller.cpp}): the end effector on an arc of a circle of radius 0.1 m in
 * the base's x-z plane, {@code angle = π/4 · (1 − cos(π/5 · t))}, {@code x −= 0.1 · sin(angle)},
 * {@code z −= 0.1 · (cos(angle) − 1)}, the orientation held, from the measured {@code O_T_EE} at the start, on the
 * robot's time: after 5 s it is 0.1 m back along x and 0.1 m up, after 10 s at the start again.
 */
final class CartesianPoseMotion implements ExampleMotion {

    static final double RADIUS = 0.1;

    private final double[] initialPose = new double[16];

    /** The 16 {@code cartesian_pose_command} gpios of the Franka driver, column-major. */
    static List<String> poseInterfaces() {
        List<String> names = new ArrayList<>(16);
        for (int i = 0; i < 16; i++) {
            names.add(i + "/cartesian_pose_command");
        }
        return names;
    }

    static double angle(double t) {
        return Math.PI / 4 * (1 - Math.cos(Math.PI / 5.0 * t));
    }

    @Override
    public Clock clock() {
        return Clock.ROBOT_TIME;
    }

    @Override
    public List<String> commandInterfaces(ArmSettings arm) {
        return poseInterfaces();
    }

    @Override
    public List<String> startStates(ArmSettings arm) {
        return arm.robotStateArray("O_T_EE", 16);
    }

    @Override
    public void start(double[] measured) {
        System.arraycopy(measured, 0, initialPose, 0, 16);
    }

    @Override
    public void command(double elapsed, double[] commands) {
        double angle = angle(elapsed);
        System.arraycopy(initialPose, 0, commands, 0, 16);
        commands[12] -= RADIUS * Math.sin(angle);
        commands[14] -= RADIUS * (Math.cos(angle) - 1);
    }
}
