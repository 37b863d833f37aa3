package org.robocell.controller.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Controller;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.api.gripper.GoalHandle;
import org.robocell.api.gripper.GoalStatus;
import org.robocell.api.gripper.GripperCommand;
import org.robocell.api.gripper.GripperGoal;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;

/**
 * A gripper controller named {@code gripper} on a one-joint robot ({@code finger}, position/velocity/effort command
 * and state interfaces, plus {@code finger/set_gripper_max_effort} and {@code finger/set_gripper_max_velocity}
 * command interfaces) at 100 Hz.
 * <p>
 * {@link #step()} is one cycle of the rig. For effort control, {@link #stepPlant()} first moves the finger as a
 * simple plant would: at {@code mobility} × the effort commanded in the previous cycle, at most {@code maxSpeed},
 * and never below {@code obstacle} (an object between the fingers: contact stops the finger).
 */
final class GripperHarness {

    static final String JOINT = "finger";
    static final String MAX_EFFORT = JOINT + "/set_gripper_max_effort";
    static final String MAX_VELOCITY = JOINT + "/set_gripper_max_velocity";

    final ChannelDirectory channels = new ChannelDirectory();
    final InterfaceTable table = new InterfaceTable(32);
    final SimulatedRobot robot = new SimulatedRobot(table, List.of(JOINT));
    final ControllerRig rig = new ControllerRig(table, robot, 100);
    final Controller controller;
    final Entry entry;

    double mobility = 0.001;
    double maxSpeed = 0.02;
    double obstacle = Double.NEGATIVE_INFINITY;

    GripperHarness(String type, Map<String, ?> overrides) {
        table.addCommand(MAX_EFFORT);
        table.addCommand(MAX_VELOCITY);
        Map<String, Object> p = new HashMap<>();
        p.put("joint", JOINT);
        p.putAll(overrides);
        controller = new GripperActionControllerFactory(channels).create(type);
        entry = rig.load("gripper", type, controller, p);
    }

    /** The parallel gripper with {@code overrides}. */
    GripperHarness(Map<String, ?> overrides) {
        this(GripperActionControllerFactory.PARALLEL, overrides);
    }

    GripperHarness() {
        this(Map.of());
    }

    /** The effort-commanded gripper with gains p=1000, d=10 and {@code overrides}. */
    static GripperHarness effort(Map<String, ?> overrides) {
        Map<String, Object> p = new HashMap<>();
        p.put("gains.finger.p", 1000.0);
        p.put("gains.finger.d", 10.0);
        p.putAll(overrides);
        return new GripperHarness(GripperActionControllerFactory.EFFORT, p);
    }

    /** Configures and activates, failing the test if either does not succeed. */
    GripperHarness active() {
        assertEquals(CallbackReturn.SUCCESS, entry.configure(), controller::lastError);
        assertEquals(CallbackReturn.SUCCESS, entry.activate(), controller::lastError);
        return this;
    }

    GripperCommand goals() {
        return channels.find("gripper/gripper_cmd", GripperCommand.class).orElseThrow();
    }

    StateOutput state() {
        return channels.find("gripper/state", StateOutput.class).orElseThrow();
    }

    GoalHandle submit(GripperGoal goal) {
        return goals().submit(goal);
    }

    /** Submits and takes one step so the loop adopts the goal; returns the handle, asserting it executes. */
    GoalHandle start(GripperGoal goal) {
        GoalHandle h = goals().submit(goal);
        step();
        assertEquals(GoalStatus.EXECUTING, h.status(), () -> String.valueOf(h.result()));
        return h;
    }

    void step() {
        rig.step();
    }

    void steps(int n) {
        for (int i = 0; i < n; i++) {
            step();
        }
    }

    /** One cycle with the finger moved by the effort plant first. Allocation-free. */
    void stepPlant() {
        double effort = robot.effortCommand(0);
        double v = Double.isFinite(effort) ? effort * mobility : 0.0;
        v = Math.max(-maxSpeed, Math.min(maxSpeed, v));
        double p = robot.position(0) + v * rig.period();
        if (p < obstacle) {
            p = obstacle;
            v = 0.0;
        }
        robot.setPosition(0, p);
        robot.setVelocity(0, v);
        rig.step();
    }

    void stepsPlant(int n) {
        for (int i = 0; i < n; i++) {
            stepPlant();
        }
    }

    /** Steps (with the plant when {@code plant}) until the goal's status is final or {@code seconds} have passed. */
    void runUntilDone(GoalHandle h, double seconds, boolean plant) {
        double end = rig.time() + seconds;
        while (!h.status().isFinal() && rig.time() < end) {
            if (plant) {
                stepPlant();
            } else {
                step();
            }
        }
    }

    double positionCommand() {
        return robot.positionCommand(0);
    }

    double effortCommand() {
        return robot.effortCommand(0);
    }

    /** A field of the last published state, by its name in {@link GripperActionController#STATE_FIELDS}. */
    double published(String field) {
        return state().snapshot().values()[GripperActionController.STATE_FIELDS.indexOf(field)];
    }
}
