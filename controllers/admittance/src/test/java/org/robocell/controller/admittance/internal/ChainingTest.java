package org.robocell.controller.admittance.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.trajectory.FollowJointTrajectory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.JointTrajectory;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.controller.jtc.internal.JointTrajectoryControllerFactory;
import org.robocell.controller.testkit.ControllerRig.Entry;

/**
 * The references: written by a preceding joint trajectory controller (chained, its {@code command_joints} the
 * admittance controller's references), or sent to {@code admittance/joint_references} when nobody precedes it.
 */
class ChainingTest {

    private static final String JTC_TYPE = "joint_trajectory_controller/JointTrajectoryController";

    /** A JTC commanding the references (the rig updates it after the admittance controller, a cycle late). */
    private static Entry chainedTrajectoryController(AdmittanceHarness h) {
        Controller jtc = new JointTrajectoryControllerFactory(h.channels).create(JTC_TYPE);
        Map<String, Object> p = new HashMap<>();
        p.put("joints", AdmittanceHarness.JOINTS);
        p.put("command_joints", AdmittanceHarness.JOINTS.stream().map(j -> "admittance/" + j).toList());
        p.put("command_interfaces", List.of("position", "velocity"));
        p.put("state_interfaces", List.of("position", "velocity"));
        return h.rig.load("jtc", JTC_TYPE, jtc, p);
    }

    @Test
    void aChainedTrajectoryPlusAWrenchGivesTrajectoryPlusCompliance() throws Exception {
        AdmittanceHarness h = new AdmittanceHarness();
        Entry jtc = chainedTrajectoryController(h);
        // the admittance controller exports its references at configure; the JTC claims them at activation
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
        assertEquals(CallbackReturn.SUCCESS, jtc.configure());
        assertTrue(h.entry.setChained(true));
        assertEquals(CallbackReturn.SUCCESS, h.entry.activate(), h.controller::lastError);
        assertEquals(CallbackReturn.SUCCESS, jtc.activate());

        double[] goal = AdmittanceHarness.READY.clone();
        goal[0] += 0.3;
        goal[3] += 0.2;
        FollowJointTrajectory goals = h.channels.find("jtc/follow_joint_trajectory", FollowJointTrajectory.class)
                .orElseThrow();
        GoalHandle handle = goals.submit(TrajectoryGoal.of(JointTrajectory.startingNow(AdmittanceHarness.JOINTS,
                List.of(TrajectoryPoint.positionsVelocities(1.0, goal, new double[7])))));
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(300);
        // under way: the admittance offset rides on the moving reference
        double reference = h.table.commandValue("admittance/joint1/position");
        assertTrue(reference > AdmittanceHarness.READY[0] + 0.01 && reference < goal[0] - 0.01, "under way: " + reference);
        assertTrue(Math.abs(h.robot.positionCommand(0) - reference) > 1e-6, "the wrench adds an offset");
        h.rig.steps(4000);
        assertEquals(GoalStatus.SUCCEEDED, handle.status(), () -> String.valueOf(handle.result()));
        double[] references = new double[7];
        for (int j = 0; j < 7; j++) {
            references[j] = h.table.commandValue("admittance/" + AdmittanceHarness.JOINTS.get(j) + "/position");
        }
        assertArrayEquals(goal, references, 1e-9, "the trajectory arrived at the references");
        double[] moved = h.displacement(goal, h.positions());
        double[] expected = AdmittanceHarness.toBase(h.flange(goal), 0, 0, 10.0 / AdmittanceHarness.STIFFNESS[2]);
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i], moved[i], 0.01 * 10.0 / AdmittanceHarness.STIFFNESS[2],
                    "the flange is where the trajectory put it plus force / stiffness");
        }
    }

    @Test
    void unchainedTheLastJointReferencesSentCountEveryCycle() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        double[] sent = new double[14];
        for (int j = 0; j < 7; j++) {
            sent[j] = AdmittanceHarness.READY[j] + 0.01 * (j + 1);
            sent[7 + j] = Double.NaN;
        }
        assertTrue(h.jointReferences().offer(sent));
        // a step in the reference is a pose error for a cycle (X is measured from the joints), which settles; the
        // FR3 is redundant, so the joints may settle elsewhere in its self-motion, the flange where the reference is
        h.rig.steps(3000);
        double[] reference = java.util.Arrays.copyOf(sent, 7);
        assertTrue(AdmittanceHarness.norm(h.displacement(reference, h.positions())) < 1e-9);
        assertTrue(h.rotation(reference, h.positions()) < 1e-7);
        for (int j = 0; j < 7; j++) {
            assertEquals(sent[j], h.table.commandValue("admittance/" + AdmittanceHarness.JOINTS.get(j) + "/position"),
                    0.0);
            assertEquals(0.0, h.table.commandValue("admittance/" + AdmittanceHarness.JOINTS.get(j) + "/velocity"),
                    0.0, "a NaN velocity reference keeps the last one (0 from activation)");
        }
        // something else writes a reference: the channel's last values win again in the next cycle
        h.table.setCommand("admittance/joint1/position", 0.5);
        h.rig.step();
        assertEquals(sent[0], h.table.commandValue("admittance/joint1/position"), 0.0);
    }

    @Test
    void theJointReferencesChannelRefusesAWrongCountOrAnInfinity() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        assertEquals(false, h.jointReferences().offer(1.0, 2.0));
        double[] infinite = new double[14];
        infinite[3] = Double.POSITIVE_INFINITY;
        assertEquals(false, h.jointReferences().offer(infinite));
        assertEquals(false, h.wrenchReference().offer(0, 0, Double.NaN, 0, 0, 0));
    }

    @Test
    void deactivationResetsTheReferencesAndTheOffsetAndReactivationStartsFromTheMeasuredState() {
        AdmittanceHarness h = new AdmittanceHarness().active();
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(500);
        assertEquals(CallbackReturn.SUCCESS, h.entry.deactivate());
        for (String r : h.controller.exportReferenceInterfaces()) {
            assertTrue(Double.isNaN(h.table.commandValue(r)), r);
        }
        h.rig.step();
        double[] there = h.positions();
        h.sense(0, 0, 0, 0, 0, 0);
        assertEquals(CallbackReturn.SUCCESS, h.entry.activate(), h.controller::lastError);
        h.rig.steps(200);
        assertArrayEquals(there, h.positionCommands(), 1e-12, "no jump, no stale offset: it holds where it was");
    }
}
