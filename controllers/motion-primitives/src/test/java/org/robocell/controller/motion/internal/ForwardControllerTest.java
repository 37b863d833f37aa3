package org.robocell.controller.motion.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.api.motion.ExecuteMotionPrimitiveSequence;
import org.robocell.api.motion.ExecutionState;
import org.robocell.api.motion.GoalStatus;
import org.robocell.api.motion.MotionArgument;
import org.robocell.api.motion.MotionGoalHandle;
import org.robocell.api.motion.MotionInterfaces;
import org.robocell.api.motion.MotionPose;
import org.robocell.api.motion.MotionPrimitive;
import org.robocell.api.motion.ResultCode;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.InterfaceTable;
import org.robocell.controller.testkit.SimulatedRobot;

/** Every rule of ros2_controllers' motion_primitives_forward_controller, against a robot played at the interfaces. */
class ForwardControllerTest {

    private static final MotionPose POSE = new MotionPose(0.4, 0.1, 0.5, 0, 1, 0, 0);
    private static final MotionPose VIA = new MotionPose(0.45, 0.15, 0.5, 0, 1, 0, 0);

    private final ChannelDirectory channels = new ChannelDirectory();
    private InterfaceTable table;
    private ControllerRig rig;
    private HardwarePrimitives robot;
    private ControllerRig.Entry entry;
    private ExecuteMotionPrimitiveSequence server;

    @BeforeEach
    void setUp() {
        table = new InterfaceTable(256);
        rig = new ControllerRig(table, new SimulatedRobot(table, List.of()), 100);
        robot = new HardwarePrimitives(table, "arm_");
        entry = rig.load("motion_primitives_forward_controller",
                MotionControllerFactories.FORWARD, new MotionPrimitivesForwardController(channels),
                Map.of("tf_prefix", "arm_"));
        assertEquals(CallbackReturn.SUCCESS, entry.configure());
        server = channels.find("motion_primitives_forward_controller/motion_sequence",
                ExecuteMotionPrimitiveSequence.class).orElseThrow();
    }

    private void activate() {
        assertEquals(CallbackReturn.SUCCESS, entry.activate());
    }

    private static MotionPrimitive lin() {
        return MotionPrimitive.lin(POSE, 0.0);
    }

    @Test
    void itClaimsTheTwentyFiveCommandInterfacesInUpstreamOrderAndReadsTheTwoStates() {
        MotionPrimitivesForwardController c = new MotionPrimitivesForwardController(channels);
        ControllerRig.Entry e = rig.load("other", MotionControllerFactories.FORWARD, c, Map.of("tf_prefix", "arm_"));
        e.configure();
        InterfaceConfiguration commands = c.commandInterfaceConfiguration();
        assertEquals(25, commands.names().size());
        assertEquals(List.of("arm_motion_primitive/motion_type", "arm_motion_primitive/q1"),
                commands.names().subList(0, 2));
        assertEquals(List.of("arm_motion_primitive/blend_radius", "arm_motion_primitive/velocity",
                "arm_motion_primitive/acceleration", "arm_motion_primitive/move_time"), commands.names().subList(21, 25));
        assertEquals(List.of("arm_motion_primitive/execution_status", "arm_motion_primitive/ready_for_new_primitive"),
                c.stateInterfaceConfiguration().names());
    }

    @Test
    void activationWritesNaNToEveryCommand() {
        activate();
        for (double v : robot.commands()) {
            assertTrue(Double.isNaN(v));
        }
    }

    @Test
    void aGoalIsRejectedWhileTheControllerIsInactive() {
        MotionGoalHandle h = server.submit(List.of(lin()));
        assertEquals(GoalStatus.REJECTED, h.status());
        assertEquals("Can't accept new action goals. Controller is not running.", h.result().orElseThrow().message());
    }

    @Test
    void aGoalIsRejectedWhileAnotherIsActive() {
        activate();
        assertEquals(GoalStatus.ACCEPTED, server.submit(List.of(lin())).status());
        MotionGoalHandle second = server.submit(List.of(lin()));
        assertEquals(GoalStatus.REJECTED, second.status());
        assertEquals("Already has an active goal, rejecting new goal request.", second.result().get().message());
    }

    @Test
    void goalsBreakingUpstreamsRulesAreRejectedEachWithItsReason() {
        activate();
        assertRejected(List.of(), "Goal rejected: no motion primitives provided.");
        assertRejected(List.of(new MotionPrimitive(MotionInterfaces.LINEAR_JOINT, new double[0], List.of(), 0,
                List.of())), "Primitive 0 invalid: LINEAR_JOINT requires joint_positions.");
        assertRejected(List.of(lin(), new MotionPrimitive(MotionInterfaces.LINEAR_CARTESIAN, null, List.of(), 0,
                List.of())), "Primitive 1 invalid: LINEAR_CARTESIAN requires at least one pose.");
        assertRejected(List.of(new MotionPrimitive(MotionInterfaces.CIRCULAR_CARTESIAN, null, List.of(POSE), 0,
                List.of())), "Primitive 0 invalid: CIRCULAR_CARTESIAN requires exactly two poses.");
        assertRejected(List.of(new MotionPrimitive(7, new double[] { 1 }, List.of(), 0, List.of())),
                "Primitive 0 invalid: unknown motion type 7.");
    }

    @Test
    void goalsRoboCellRefusesTooAreRejectedEachWithItsReason() {
        activate();
        assertRejected(List.of(MotionPrimitive.ptp(new double[] { 0, 0, 0, 0, 0, 0, 0 }, 0)),
                "Primitive 0 invalid: LINEAR_JOINT has 7 joint positions; the motion_primitive interfaces carry q1..q6.");
        assertRejected(List.of(MotionPrimitive.ptp(new double[] { 0, Double.NaN }, 0)),
                "Primitive 0 invalid: joint position 2 is NaN, not a finite number.");
        assertRejected(List.of(MotionPrimitive.lin(POSE, 0, new MotionArgument("velocty", 0.5))),
                "Primitive 0 invalid: unknown additional argument 'velocty' (did you mean 'velocity'?).");
        assertRejected(List.of(MotionPrimitive.lin(POSE, -0.1)),
                "Primitive 0 invalid: blend_radius must be a finite number of metres >= 0, got -0.1.");
        assertRejected(List.of(MotionPrimitive.lin(new MotionPose(0, 0, 0, 0, 0, 0, 0), 0)),
                "Primitive 0 invalid: pose 0 orientation is (0, 0, 0, 0): give a unit quaternion.");
    }

    @Test
    void aSequenceNeedsRoomForItsPrimitivesAndTheTwoMarkersInTheQueueOf1024() {
        activate();
        List<MotionPrimitive> tooMany = new ArrayList<>();
        for (int i = 0; i < 1023; i++) {
            tooMany.add(lin());
        }
        assertRejected(tooMany, "Remaining queue capacity (1024) is not enough for the requested 1023 motion"
                + " primitives (+ start and stop marker).");
        MotionGoalHandle fits = server.submit(tooMany.subList(0, 1022));
        assertEquals(GoalStatus.ACCEPTED, fits.status(), fits.result().map(Object::toString).orElse(""));
    }

    @Test
    void aSequenceIsForwardedBetweenStartAndEndMarkersOneRowPerUpdateWhileTheRobotIsReady() {
        activate();
        server.submit(List.of(lin(), MotionPrimitive.circ(VIA, POSE, 0.02)));
        List<Double> types = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rig.step();
            types.add(robot.command("motion_type"));
            robot.consume();
        }
        assertEquals(List.of(100.0, 50.0, 51.0, 101.0), types.subList(0, 4));
        assertTrue(Double.isNaN(types.get(4)), "nothing more: " + types);
    }

    @Test
    void aSinglePrimitiveGoesWithoutMarkers() {
        activate();
        server.submit(List.of(lin()));
        rig.step();
        assertEquals(50.0, robot.command("motion_type"));
        robot.consume();
        rig.step();
        assertTrue(Double.isNaN(robot.command("motion_type")));
    }

    @Test
    void nothingIsForwardedWhileTheRobotIsNotReady() {
        activate();
        robot.ready(false);
        server.submit(List.of(lin()));
        rig.steps(5);
        assertTrue(Double.isNaN(robot.command("motion_type")));
        robot.ready(true);
        rig.step();
        assertEquals(50.0, robot.command("motion_type"));
    }

    @Test
    void interfacesAPrimitiveDoesNotUseAreNaNAndItsArgumentsGoToTheirInterfaces() {
        activate();
        server.submit(List.of(MotionPrimitive.circ(VIA, POSE, 0.03, new MotionArgument("velocity", 0.5),
                new MotionArgument("move_time", 2.0))));
        rig.step();
        double[] v = robot.commands();
        assertEquals(51.0, v[0]);
        for (int q = 1; q <= 6; q++) {
            assertTrue(Double.isNaN(v[q]), "q" + q + " is " + v[q]);
        }
        assertArrayEquals(POSE.values(), java.util.Arrays.copyOfRange(v, 7, 14), 0.0);
        assertArrayEquals(VIA.values(), java.util.Arrays.copyOfRange(v, 14, 21), 0.0);
        assertEquals(0.03, v[21]);
        assertEquals(0.5, v[22]);
        assertTrue(Double.isNaN(v[23]), "acceleration not given: NaN");
        assertEquals(2.0, v[24]);
        robot.consume();
        server.activeGoal().orElseThrow().cancel();
        rig.step();
        robot.status(ExecutionState.STOPPED.value);
        rig.step();
        robot.consume();
        robot.status(ExecutionState.IDLE.value);
        server.submit(List.of(MotionPrimitive.ptp(new double[] { 0.1, 0.2, 0.3 }, 0)));
        rig.step();
        v = robot.commands();
        assertArrayEquals(new double[] { 0, 0.1, 0.2, 0.3 }, java.util.Arrays.copyOfRange(v, 0, 4), 0.0);
        for (int i = 4; i < 21; i++) {
            assertTrue(Double.isNaN(v[i]), MotionInterfaces.COMMANDS.get(i) + " is " + v[i]);
        }
    }

    @Test
    void successAfterExecutingEndsTheGoalSucceeded() {
        activate();
        robot.status(ExecutionState.SUCCESS.value); // left over from before: must not end the new goal
        MotionGoalHandle goal = server.submit(List.of(lin()));
        rig.steps(3);
        assertEquals(GoalStatus.ACCEPTED, goal.status());
        robot.status(ExecutionState.EXECUTING.value);
        rig.step();
        assertEquals(GoalStatus.EXECUTING, goal.status());
        robot.status(ExecutionState.SUCCESS.value);
        rig.step();
        assertEquals(GoalStatus.SUCCEEDED, goal.status());
        assertEquals(ResultCode.SUCCESSFUL, goal.result().get().code());
        assertEquals(GoalStatus.ACCEPTED, server.submit(List.of(lin())).status(), "the next goal is welcome");
    }

    @Test
    void cancelSendsStopMotionWithEverythingElseNaNThenResetStopOnceTheRobotHasStopped() {
        activate();
        MotionGoalHandle goal = server.submit(List.of(lin(), lin(), lin()));
        rig.step(); // START
        robot.consume();
        robot.status(ExecutionState.EXECUTING.value);
        assertTrue(goal.cancel());
        rig.step();
        double[] v = robot.commands();
        assertEquals(66.0, v[0]);
        for (int i = 1; i < v.length; i++) {
            assertTrue(Double.isNaN(v[i]), MotionInterfaces.COMMANDS.get(i) + " is " + v[i]);
        }
        robot.consume();
        assertEquals(GoalStatus.REJECTED, server.submit(List.of(lin())).status(), "a stop is in progress");
        robot.status(ExecutionState.STOPPING.value);
        rig.steps(3);
        assertTrue(Double.isNaN(robot.command("motion_type")), "the queue was dropped: nothing more is sent");
        robot.status(ExecutionState.STOPPED.value);
        rig.step();
        assertEquals(GoalStatus.CANCELED, goal.status());
        assertEquals(67.0, robot.command("motion_type"));
        robot.consume();
        robot.status(ExecutionState.IDLE.value);
        rig.step();
        assertEquals(GoalStatus.ACCEPTED, server.submit(List.of(lin())).status());
    }

    @Test
    void anErrorAfterExecutingAbortsTheGoalAndDropsWhatIsQueued() {
        activate();
        robot.ready(false);
        MotionGoalHandle goal = server.submit(List.of(lin(), lin()));
        robot.status(ExecutionState.EXECUTING.value);
        rig.step();
        robot.status(ExecutionState.ERROR.value);
        rig.step();
        assertEquals(GoalStatus.ABORTED, goal.status());
        assertEquals(ResultCode.EXECUTION_FAILED, goal.result().get().code());
        robot.ready(true);
        rig.steps(2);
        assertTrue(Double.isNaN(robot.command("motion_type")), "nothing of the aborted goal is sent");
    }

    @Test
    void anUnknownOrMissingExecutionStatusIsAnUpdateError() {
        activate();
        robot.status(9);
        assertEquals(ReturnType.ERROR, rig.step());
        robot.status(Double.NaN);
        assertEquals(ReturnType.ERROR, rig.step());
        robot.status(ExecutionState.IDLE.value);
        robot.table.setState("arm_motion_primitive/ready_for_new_primitive", 7);
        assertEquals(ReturnType.ERROR, rig.step());
    }

    @Test
    void deactivationAbortsTheGoalAndResetsEveryCommandToNaN() {
        activate();
        MotionGoalHandle goal = server.submit(List.of(lin()));
        rig.step();
        entry.deactivate();
        assertEquals(GoalStatus.ABORTED, goal.status());
        assertEquals(ResultCode.ABORTED_BY_DEACTIVATION, goal.result().get().code());
        for (double v : robot.commands()) {
            assertTrue(Double.isNaN(v));
        }
        assertFalse(server.activeGoal().isPresent());
    }

    private void assertRejected(List<MotionPrimitive> goal, String reason) {
        MotionGoalHandle h = server.submit(goal);
        assertEquals(GoalStatus.REJECTED, h.status(), "accepted: " + goal);
        assertEquals(reason, h.result().orElseThrow().message());
        assertEquals(ResultCode.INVALID_GOAL, h.result().get().code());
    }
}
