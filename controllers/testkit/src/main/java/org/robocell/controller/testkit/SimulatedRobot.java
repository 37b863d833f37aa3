package org.robocell.controller.testkit;

import java.util.ArrayList;
import java.util.List;

/**
 * A robot that does what it is told, like ros2_control's mock GenericSystem: at every read a finite position
 * command becomes the position state, a finite velocity command becomes the velocity state (and, without a position
 * command, is integrated into the position), a finite effort command becomes the effort state. A frozen joint
 * ignores its commands, to provoke tolerance violations. States start at 0.0.
 */
public final class SimulatedRobot {

    public static final List<String> INTERFACES = List.of("position", "velocity", "effort");

    private final InterfaceTable table;
    private final List<String> joints;
    private final int[] commandPosition;
    private final int[] commandVelocity;
    private final int[] commandEffort;
    private final int[] statePosition;
    private final int[] stateVelocity;
    private final int[] stateEffort;
    private final boolean[] frozen;

    public SimulatedRobot(InterfaceTable table, List<String> joints) {
        this.table = table;
        this.joints = List.copyOf(joints);
        int n = joints.size();
        commandPosition = new int[n];
        commandVelocity = new int[n];
        commandEffort = new int[n];
        statePosition = new int[n];
        stateVelocity = new int[n];
        stateEffort = new int[n];
        frozen = new boolean[n];
        for (int j = 0; j < n; j++) {
            String joint = joints.get(j);
            commandPosition[j] = table.addCommand(joint + "/position");
            commandVelocity[j] = table.addCommand(joint + "/velocity");
            commandEffort[j] = table.addCommand(joint + "/effort");
            statePosition[j] = table.addState(joint + "/position", 0.0);
            stateVelocity[j] = table.addState(joint + "/velocity", 0.0);
            stateEffort[j] = table.addState(joint + "/effort", 0.0);
        }
    }

    /** joint1 … joint7 with position, velocity and effort command and state interfaces. */
    public static SimulatedRobot sevenJoints(InterfaceTable table) {
        List<String> names = new ArrayList<>();
        for (int j = 1; j <= 7; j++) {
            names.add("joint" + j);
        }
        return new SimulatedRobot(table, names);
    }

    public List<String> joints() {
        return joints;
    }

    /** The hardware read of one cycle: commands of the previous cycle become states. */
    public void read(double period) {
        for (int j = 0; j < frozen.length; j++) {
            if (frozen[j]) {
                continue;
            }
            double p = table.slots().get(commandPosition[j]);
            double v = table.slots().get(commandVelocity[j]);
            double e = table.slots().get(commandEffort[j]);
            if (Double.isFinite(p)) {
                table.slots().set(statePosition[j], p);
            }
            if (Double.isFinite(v)) {
                table.slots().set(stateVelocity[j], v);
                if (!Double.isFinite(p)) {
                    table.slots().set(statePosition[j], table.slots().get(statePosition[j]) + v * period);
                }
            }
            if (Double.isFinite(e)) {
                table.slots().set(stateEffort[j], e);
            }
        }
    }

    public void freeze(int joint) {
        frozen[joint] = true;
    }

    public void setPosition(int joint, double value) {
        table.slots().set(statePosition[joint], value);
    }

    public void setVelocity(int joint, double value) {
        table.slots().set(stateVelocity[joint], value);
    }

    public void setEffort(int joint, double value) {
        table.slots().set(stateEffort[joint], value);
    }

    public double position(int joint) {
        return table.slots().get(statePosition[joint]);
    }

    public double velocity(int joint) {
        return table.slots().get(stateVelocity[joint]);
    }

    public double positionCommand(int joint) {
        return table.slots().get(commandPosition[joint]);
    }

    public double velocityCommand(int joint) {
        return table.slots().get(commandVelocity[joint]);
    }

    public double effortCommand(int joint) {
        return table.slots().get(commandEffort[joint]);
    }
}
