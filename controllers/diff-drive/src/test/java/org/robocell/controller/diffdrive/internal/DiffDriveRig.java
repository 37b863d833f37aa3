package org.robocell.controller.diffdrive.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;

/**
 * A two-wheeled base at 100 Hz whose wheels do what they are told (mock hardware: a velocity command becomes the
 * velocity state and is integrated into the position at the next read), and the diff drive controller under test.
 * Wheel radius 0.1 m, separation 0.4 m unless a test says otherwise.
 */
final class DiffDriveRig {

    static final double RADIUS = 0.1;
    static final double SEPARATION = 0.4;

    final ChannelDirectory channels = new ChannelDirectory();
    final InterfaceTable table = new InterfaceTable(64);
    final SimulatedRobot wheels = new SimulatedRobot(table, List.of("left_wheel_joint", "right_wheel_joint"));
    final ControllerRig rig = new ControllerRig(table, wheels, 100);
    DiffDriveController controller;

    static Map<String, Object> base(Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put("left_wheel_names", List.of("left_wheel_joint"));
        p.put("right_wheel_names", List.of("right_wheel_joint"));
        p.put("wheel_separation", SEPARATION);
        p.put("wheel_radius", RADIUS);
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    Entry load(Map<String, Object> parameters) {
        controller = (DiffDriveController) new DiffDriveControllerFactory(channels)
                .create(DiffDriveControllerFactory.TYPE);
        return rig.load("diffbot_base_controller", DiffDriveControllerFactory.TYPE, controller, parameters);
    }

    Entry active(Map<String, Object> parameters) {
        Entry e = load(parameters);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> controller.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> controller.lastError());
        return e;
    }

    CommandInput cmdVel() {
        return channels.find("diffbot_base_controller/cmd_vel", CommandInput.class).orElseThrow();
    }

    StateOutput output(String suffix) {
        return channels.find("diffbot_base_controller/" + suffix, StateOutput.class).orElseThrow();
    }

    /** x, y, yaw, ..., linear.x, angular.z as published on odom. */
    double[] odom() {
        return output("odom").snapshot().values();
    }

    double leftCommand() {
        return wheels.velocityCommand(0);
    }

    double rightCommand() {
        return wheels.velocityCommand(1);
    }
}
