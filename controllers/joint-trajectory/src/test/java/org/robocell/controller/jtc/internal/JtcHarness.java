package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.robocell.api.controller.Controller;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.model.JointLimits;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** A joint trajectory controller named {@code jtc} on the simulated 7-joint robot at 100 Hz. */
final class JtcHarness {

    static final List<String> JOINTS = List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7");

    final ChannelDirectory channels = new ChannelDirectory();
    final ControllerRig rig = ControllerRig.sevenJointRobot();
    final Controller controller = new JointTrajectoryControllerFactory(channels)
            .create(JointTrajectoryControllerFactory.TYPE);
    final Entry entry;

    /** Position command, position and velocity state, plus {@code overrides}. */
    JtcHarness(Map<String, ?> overrides) {
        this(overrides, Map.of());
    }

    /** As {@link #JtcHarness(Map)}, with the loop holding the joints to {@code limits}. */
    JtcHarness(Map<String, ?> overrides, Map<String, JointLimits> limits) {
        limits.forEach(rig::withJointLimits);
        Map<String, Object> p = new HashMap<>();
        p.put("joints", JOINTS);
        p.put("command_interfaces", List.of("position"));
        p.put("state_interfaces", List.of("position", "velocity"));
        p.putAll(overrides);
        entry = rig.load("jtc", JointTrajectoryControllerFactory.TYPE, controller, p);
    }

    JtcHarness() {
        this(Map.of());
    }

    /** Configures and activates, failing the test if either does not succeed. */
    JtcHarness active() {
        assertEquals(CallbackReturn.SUCCESS, entry.configure(), controller::lastError);
        assertEquals(CallbackReturn.SUCCESS, entry.activate(), controller::lastError);
        return this;
    }

    FollowJointTrajectory goals() {
        return channels.find("jtc/follow_joint_trajectory", FollowJointTrajectory.class).orElseThrow();
    }

    StateOutput state() {
        return channels.find("jtc/state", StateOutput.class).orElseThrow();
    }

    GoalHandle submit(JointTrajectory trajectory) {
        return goals().submit(TrajectoryGoal.of(trajectory));
    }

    /** Submits and takes one step so the loop adopts the goal; returns the handle, asserting it executes. */
    GoalHandle start(TrajectoryGoal goal) {
        GoalHandle h = goals().submit(goal);
        rig.step();
        assertEquals(GoalStatus.EXECUTING, h.status(), () -> String.valueOf(h.result()));
        return h;
    }

    double positionCommand(int joint) {
        return rig.robot().positionCommand(joint);
    }

    /** Field {@code field} (index into STATE_FIELDS) of {@code joint} in the last published state. */
    double published(int joint, int field) {
        return state().snapshot().values()[joint * JointTrajectoryController.STATE_FIELDS.length + field];
    }

    double desiredPosition(int joint) {
        return published(joint, 0);
    }

    double desiredVelocity(int joint) {
        return published(joint, 1);
    }

    double desiredAcceleration(int joint) {
        return published(joint, 2);
    }

    /** Steps until the goal's status is final or {@code seconds} of loop time have passed. */
    void runUntilDone(GoalHandle h, double seconds) {
        double end = rig.time() + seconds;
        while (!h.status().isFinal() && rig.time() < end) {
            rig.step();
        }
    }

    /** The same value for all seven joints. */
    static double[] all(double v) {
        double[] a = new double[7];
        java.util.Arrays.fill(a, v);
        return a;
    }

    /** Joint j gets {@code v * (j + 1)}. */
    static double[] ramp(double v) {
        double[] a = new double[7];
        for (int j = 0; j < 7; j++) {
            a[j] = v * (j + 1);
        }
        return a;
    }

    static JointTrajectory trajectory(TrajectoryPoint... points) {
        return JointTrajectory.startingNow(JOINTS, new ArrayList<>(List.of(points)));
    }
}
