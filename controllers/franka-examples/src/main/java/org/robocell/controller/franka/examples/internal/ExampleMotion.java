package org.robocell.controller.franka.examples.internal;

import java.util.List;

/**
 * One of franka_example_controllers' open-loop motions: what it claims, which measured values fix its start, and
 * its commands as a function of the time since the start. One instance per controller (it keeps its start).
 */
interface ExampleMotion {

    /** What the motion's time is. */
    enum Clock {
        /** the robot's own {@code <arm_id>/time} since the first update, as upstream's {@code robot_time} */
        ROBOT_TIME,
        /** the sum of the update periods, as upstream's {@code elapsed_time_ += period} */
        PERIODS
    }

    Clock clock();

    /** The command interfaces claimed, in the order {@link #command} writes them. */
    List<String> commandInterfaces(ArmSettings arm);

    /** The measured values the motion starts from (empty: it starts from rest, e.g. a zero velocity). */
    List<String> startStates(ArmSettings arm);

    /** Takes the start: {@code measured} holds the values of {@link #startStates}, all finite. Not on the loop's hot path, but allocation-free. */
    void start(double[] measured);

    /** The commands {@code elapsed} seconds after the start, into {@code commands}. Allocation-free. */
    void command(double elapsed, double[] commands);
}
