package org.robocell.controller.motion.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.ExecutionState;
import org.robocell.api.motion.GoalStatus;
import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionFeedback;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.api.motion.ResultCode;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.motion.CartesianPose;

class ExecutorTest {

    private static final MotionArgument SLOW = new MotionArgument("velocity", 0.4);
    private static final MotionArgument SLOW_ACC = new MotionArgument("acceleration", 0.4);

    /** PTP to a nearby pose, LIN 0.15 m along x, CIRC a half turn back round, blended with 3 cm. */
    static List<MotionPrimitive> ptpLinCirc(ExecutorRig r, double[] ptpGoal) {
        CartesianPose afterPtp = r.planner.toolPose(ptpGoal);
        MotionPose linGoal = pose(afterPtp, 0.15, 0, 0);
        MotionPose via = pose(afterPtp, 0.2, 0.05, 0);
        MotionPose circGoal = pose(afterPtp, 0.15, 0.1, 0);
        return List.of(MotionPrimitive.ptp(ptpGoal, 0.03, SLOW, SLOW_ACC), MotionPrimitive.lin(linGoal, 0.03, SLOW,
                SLOW_ACC), MotionPrimitive.circ(via, circGoal, 0, SLOW, SLOW_ACC));
    }

    static MotionPose pose(CartesianPose p, double dx, double dy, double dz) {
        return new MotionPose(p.x() + dx, p.y() + dy, p.z() + dz, p.qx(), p.qy(), p.qz(), p.qw());
    }

    @Test
    void theForwardControllerDrivesTheKr6ThroughTheExecutorWithABlendedPtpLinCircSequence() throws Exception {
        ExecutorRig r = ExecutorRig.kr6().chained("");
        ExecuteMotionPrimitiveSequence forward = r.goals("motion_primitives_forward_controller");
        List<MotionPrimitive> sequence = ptpLinCirc(r, new double[] { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 });
        MotionGoalHandle goal = forward.submit(sequence);
        assertEquals(GoalStatus.ACCEPTED, goal.status(), goal.result().map(Object::toString).orElse(""));
        assertTrue(r.stepUntil(() -> goal.status() == GoalStatus.EXECUTING, 100), "the robot reports EXECUTING");
        assertTrue(r.stepUntil(() -> goal.status().isFinal(), 20_000), goal.toString());
        assertEquals(GoalStatus.SUCCEEDED, goal.status(), goal.result().toString());
        MotionPose end = sequence.get(2).poses().get(0);
        CartesianPose reached = r.planner.toolPose(r.positions());
        assertEquals(0.0, reached.distanceTo(new CartesianPose(end.x(), end.y(), end.z(), end.qx(), end.qy(),
                end.qz(), end.qw())), 1e-6, "the tool ends on the CIRC's goal");
        assertEquals(ExecutionState.SUCCESS.value, r.table.stateValue("motion_primitive/execution_status"));
        assertEquals(1.0, r.table.stateValue("motion_primitive/ready_for_new_primitive"));
    }

    @Test
    void aPrimitiveThePlannerRefusesIsAnErrorBeforeAnyMotionAndTheGoalAbortsSayingWhy() throws Exception {
        ExecutorRig r = ExecutorRig.kr6().chained("");
        ExecuteMotionPrimitiveSequence forward = r.goals("motion_primitives_forward_controller");
        CartesianPose home = r.planner.toolPose(ExecutorRig.KR6_HOME);
        MotionGoalHandle goal = forward.submit(List.of(MotionPrimitive.lin(pose(home, 0.05, 0, 0), 0.01),
                MotionPrimitive.lin(pose(home, 2.0, 0, 0), 0)));
        assertTrue(r.stepUntil(() -> goal.status().isFinal(), 20_000), goal.toString());
        assertEquals(GoalStatus.ABORTED, goal.status());
        assertEquals(ResultCode.EXECUTION_FAILED, goal.result().get().code());
        assertArrayEquals(ExecutorRig.KR6_HOME, r.positions(), 1e-12, "nothing moved");
        assertTrue(forward.lastError().orElseThrow().startsWith("LIN #2 leaves the robot's reach"),
                forward.lastError().toString());
        assertEquals(ExecutionState.ERROR.value, r.table.stateValue("motion_primitive/execution_status"));
        // and the next goal runs
        MotionGoalHandle next = forward.submit(List.of(MotionPrimitive.lin(pose(home, 0.02, 0, 0), 0)));
        assertTrue(r.stepUntil(() -> next.status().isFinal(), 20_000));
        assertEquals(GoalStatus.SUCCEEDED, next.status());
    }

    @Test
    void cancelBrakesAlongTheLineUntilStoppedThenTheForwardControllerResetsTheExecutor() throws Exception {
        ExecutorRig r = ExecutorRig.kr6().chained("kr6/");
        ExecuteMotionPrimitiveSequence forward = r.goals("kr6/motion_primitives_forward_controller");
        CartesianPose home = r.planner.toolPose(ExecutorRig.KR6_HOME);
        MotionPose goalPose = pose(home, 0.2, 0, 0.05);
        MotionGoalHandle goal = forward.submit(List.of(MotionPrimitive.lin(goalPose, 0, SLOW)));
        assertTrue(r.stepUntil(() -> {
            CartesianPose now = r.planner.toolPose(r.positions());
            return now.distanceTo(home) > 0.05;
        }, 20_000), "the tool moves");
        assertTrue(goal.cancel());
        assertTrue(r.stepUntil(() -> goal.status().isFinal(), 5_000));
        assertEquals(GoalStatus.CANCELED, goal.status());
        assertEquals(ResultCode.CANCELED, goal.result().get().code());
        CartesianPose stopped = r.planner.toolPose(r.positions());
        double[] a = { home.x(), home.y(), home.z() };
        double[] b = { goalPose.x(), goalPose.y(), goalPose.z() };
        double[] p = { stopped.x(), stopped.y(), stopped.z() };
        assertTrue(distanceFromLine(p, a, b) < 1e-4, "stopped on the line");
        assertTrue(stopped.distanceTo(new CartesianPose(b[0], b[1], b[2], 0, 0, 0, 1)) > 0.01, "short of the goal");
        r.rig.steps(2);
        assertEquals(ExecutionState.IDLE.value, r.table.stateValue("kr6/motion_primitive/execution_status"),
                "RESET_STOP made it IDLE");
        double[] held = r.positions();
        r.rig.steps(20);
        assertArrayEquals(held, r.positions(), 0.0, "it holds where it stopped");
        MotionGoalHandle next = forward.submit(List.of(MotionPrimitive.lin(goalPose, 0)));
        assertTrue(r.stepUntil(() -> next.status().isFinal(), 20_000));
        assertEquals(GoalStatus.SUCCEEDED, next.status());
    }

    @Test
    void unchainedTheExecutorTakesItsOwnGoalsWithEveryJointOfTheFr3() throws Exception {
        ExecutorRig r = ExecutorRig.fr3().unchained("motion_primitive", Map.of());
        ExecuteMotionPrimitiveSequence goals = r.goals("motion_primitive");
        double[] ptpGoal = { 0.2, -0.6, 0.1, -2.2, 0.05, 1.7, 0.9 };
        MotionGoalHandle goal = goals.submit(ptpLinCirc(r, ptpGoal));
        assertEquals(GoalStatus.ACCEPTED, goal.status(), goal.result().map(Object::toString).orElse(""));
        r.rig.steps(300);
        MotionFeedback feedback = goal.feedback().orElseThrow();
        assertEquals(3, feedback.primitives());
        assertTrue(feedback.progress() > 0 && feedback.progress() < 1, feedback.toString());
        assertTrue(r.stepUntil(() -> goal.status().isFinal(), 60_000), goal.toString());
        assertEquals(GoalStatus.SUCCEEDED, goal.status(), goal.result().toString());
    }

    @Test
    void anOwnGoalThePlannerRefusesIsRejectedAtSubmissionWithThePlannersWords() {
        ExecutorRig r = ExecutorRig.fr3().unchained("motion_primitive", Map.of());
        MotionGoalHandle goal = r.goals("motion_primitive").submit(List.of(MotionPrimitive.ptp(
                new double[] { 0, 0, 0, 0, 0, 0, 0 }, 0)));
        assertEquals(GoalStatus.REJECTED, goal.status());
        assertEquals("PTP #1 puts joint joint4 at 0.0000, outside its limits [-3.0481, -0.1458]",
                goal.result().get().message());
        MotionGoalHandle six = r.goals("motion_primitive").submit(List.of(MotionPrimitive.ptp(new double[6], 0)));
        assertEquals("Primitive 0 invalid: LINEAR_JOINT has 6 joint positions; the robot has 7 joints [joint1,"
                + " joint2, joint3, joint4, joint5, joint6, joint7].", six.result().get().message());
    }

    @Test
    void ownGoalsAreRefusedWhileAControllerIsChainedInFront() {
        ExecutorRig r = ExecutorRig.kr6().chained("");
        MotionGoalHandle goal = r.goals("motion_primitive").submit(List.of(MotionPrimitive.ptp(
                ExecutorRig.KR6_HOME, 0)));
        assertEquals(GoalStatus.REJECTED, goal.status());
        assertTrue(goal.result().get().message().startsWith("This executor is chained"));
    }

    @Test
    void canceledOwnGoalStopsAndTheExecutorIsReadyAgain() throws Exception {
        ExecutorRig r = ExecutorRig.kr6().unchained("kr6/motion_primitive", Map.of());
        ExecuteMotionPrimitiveSequence goals = r.goals("kr6/motion_primitive");
        MotionGoalHandle goal = goals.submit(List.of(MotionPrimitive.ptp(new double[] { 1.0, -1.2, 1.2, 0.5, 1.2,
                1.0 }, 0)));
        r.rig.steps(100);
        assertTrue(goal.cancel());
        assertTrue(r.stepUntil(() -> goal.status().isFinal(), 5_000));
        assertEquals(GoalStatus.CANCELED, goal.status());
        MotionGoalHandle next = goals.submit(List.of(MotionPrimitive.ptp(ExecutorRig.KR6_HOME, 0)));
        assertEquals(GoalStatus.ACCEPTED, next.status(), next.result().map(Object::toString).orElse(""));
    }

    @Test
    void executingAPlanAllocatesNothingPerCycle() throws Exception {
        ExecutorRig own = ExecutorRig.kr6().unchained("motion_primitive", Map.of());
        MotionGoalHandle g = own.goals("motion_primitive").submit(ptpLinCirc(own,
                new double[] { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 }));
        own.rig.steps(50);
        assertEquals(GoalStatus.EXECUTING, g.status());
        assertAllocationFree(own, 200);

        ExecutorRig chained = ExecutorRig.kr6().chained("");
        MotionGoalHandle f = chained.goals("motion_primitives_forward_controller").submit(ptpLinCirc(chained,
                new double[] { 0.2, -1.5, 1.4, 0.1, 1.6, 0.1 }));
        assertTrue(chained.stepUntil(() -> chained.executorController != null
                && chained.table.stateValue("motion_primitive/ready_for_new_primitive") == 0.0
                && f.status() == GoalStatus.EXECUTING && progressing(chained), 20_000));
        assertAllocationFree(chained, 200);
    }

    private static boolean progressing(ExecutorRig r) {
        double p = r.channels.find("motion_primitive/state", org.robocell.api.io.StateOutput.class).orElseThrow()
                .snapshot().values()[4];
        return p > 0 && p < 0.5;
    }

    private static void assertAllocationFree(ExecutorRig r, int cycles) {
        r.rig.steps(cycles); // warm
        long fewest = AllocationMeter.fewestBytes(() -> r.rig.steps(cycles));
        assertEquals(0, fewest, "bytes allocated in " + cycles + " cycles");
    }

    private static double distanceFromLine(double[] p, double[] a, double[] b) {
        double[] d = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
        double[] w = { p[0] - a[0], p[1] - a[1], p[2] - a[2] };
        double t = (w[0] * d[0] + w[1] * d[1] + w[2] * d[2]) / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        double x = w[0] - t * d[0], y = w[1] - t * d[1], z = w[2] - t * d[2];
        return Math.sqrt(x * x + y * y + z * z);
    }
}
