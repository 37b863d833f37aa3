package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.jsb.internal.JointStateBroadcasterFactory;
import org.robocell.api.trajectory.GoalHandle;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig.Entry;

/**
 * The control cycle allocates nothing: thousands of cycles in which a trajectory controller takes a new goal,
 * follows a quintic trajectory checking its tolerances and publishes its state, while a joint state broadcaster
 * publishes, measured with the JVM's per-thread allocation counter after a warm-up. Each measured attempt takes a
 * new goal, follows all of its 2000 cycles, ends it and holds.
 */
class ZeroAllocationTest {

    private static final int POINTS = 400;
    private static final int CYCLES = 3000;

    private static TrajectoryGoal wave(double amplitude) {
        TrajectoryPoint[] points = new TrajectoryPoint[POINTS];
        for (int k = 0; k < POINTS; k++) {
            double t = 0.05 * (k + 1);
            double[] p = new double[7];
            double[] v = new double[7];
            double[] a = new double[7];
            for (int j = 0; j < 7; j++) {
                double w = 1.0 + 0.1 * j;
                boolean last = k == POINTS - 1;
                p[j] = amplitude * Math.sin(w * t);
                v[j] = last ? 0.0 : amplitude * w * Math.cos(w * t);
                a[j] = last ? 0.0 : -amplitude * w * w * Math.sin(w * t);
            }
            points[k] = TrajectoryPoint.full(t, p, v, a);
        }
        return TrajectoryGoal.of(JtcHarness.trajectory(points));
    }

    @Test
    void aCycleWithATrajectoryExecutingAndTheBroadcasterPublishingAllocatesNothing() {
        JtcHarness h = new JtcHarness(Map.of("constraints.joint1.trajectory", 5.0, "constraints.joint1.goal", 5.0,
                "constraints.goal_time", 1.0));
        Controller jsb = new JointStateBroadcasterFactory(h.channels)
                .create("joint_state_broadcaster/JointStateBroadcaster");
        Entry broadcaster = h.rig.load("jsb", "joint_state_broadcaster/JointStateBroadcaster", jsb, Map.of());
        assertEquals(CallbackReturn.SUCCESS, broadcaster.configure());
        assertEquals(CallbackReturn.SUCCESS, broadcaster.activate());
        h.active();

        for (int round = 0; round < 3; round++) {
            GoalHandle warmUp = h.goals().submit(wave(0.2 + 0.1 * round));
            for (int i = 0; i < 2500; i++) {
                h.rig.step();
            }
            assertEquals(GoalStatus.SUCCEEDED, warmUp.status());
        }

        StateOutput jointStates = h.channels.find("jsb/joint_states", StateOutput.class).orElseThrow();
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            GoalHandle measured = h.goals().submit(wave(0.5 - 0.04 * attempt));
            long publishedBefore = jointStates.publications();
            long bytes = AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < CYCLES; i++) {
                    h.rig.step();
                }
            });

            assertEquals(publishedBefore + CYCLES, jointStates.publications());
            assertEquals(GoalStatus.SUCCEEDED, measured.status(), "the measured cycles took, followed and ended a goal");
            return bytes;
        });
        assertEquals(0, fewest, "bytes allocated in " + CYCLES + " cycles");
    }

    @Test
    void theMeterSeesAnAllocation() {
        long overhead = AllocationMeter.overhead();
        long before = AllocationMeter.allocatedBytes();
        double[] garbage = new double[1000];
        long allocated = AllocationMeter.allocatedBytes() - before - overhead;
        assertTrue(allocated >= 8000, "the meter works: " + allocated + " bytes for " + garbage.length + " doubles");
    }
}
