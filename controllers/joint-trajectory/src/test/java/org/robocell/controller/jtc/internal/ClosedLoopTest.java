package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.robocell.controller.jtc.internal.JtcHarness.all;
import static org.robocell.controller.jtc.internal.JtcHarness.ramp;
import static org.robocell.controller.jtc.internal.JtcHarness.trajectory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.trajectory.GoalStatus;
import org.robocell.api.trajectory.TrajectoryGoal;
import org.robocell.api.trajectory.TrajectoryPoint;

/**
 * A PID maps the tracking error to the only command interface when it is velocity or effort
 * (joint_trajectory_controller.cpp, use_closed_loop_pid_adapter).
 */
class ClosedLoopTest {

    private static JtcHarness closedLoop(String commandInterface, Map<String, ?> gains) {
        Map<String, Object> p = new HashMap<>(gains);
        p.put("command_interfaces", List.of(commandInterface));
        return new JtcHarness(p);
    }

    @Test
    void velocityCommandIsPTimesAHeldPositionError() {
        JtcHarness h = closedLoop("velocity", Map.of("gains.joint1.p", 2.0)).active();
        h.rig.robot().freeze(0);
        h.rig.robot().setPosition(0, -0.1);
        h.rig.step();
        assertEquals(0.2, h.rig.robot().velocityCommand(0), 1e-12);
        assertEquals(0.0, h.rig.robot().velocityCommand(1), 1e-12, "no gains, no command");
    }

    @Test
    void feedForwardVelocityIsScaledAndAdded() {
        JtcHarness h = closedLoop("velocity", Map.of("gains.joint4.ff_velocity_scale", 1.0, "gains.joint4.p", 0.0))
                .active();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positionsVelocities(1.0, ramp(0.5), all(0.0)))));
        for (int k = 0; k < 80; k++) {
            h.rig.step();
            assertEquals(h.desiredVelocity(3), h.rig.robot().velocityCommand(3), 1e-12);
        }
    }

    @Test
    void theVelocityLoopTracksATrajectoryOnTheSimulatedRobot() {
        JtcHarness h = closedLoop("velocity", Map.of("gains.joint2.p", 20.0, "gains.joint2.ff_velocity_scale", 1.0))
                .active();
        var g = h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positionsVelocities(1.0, ramp(0.5),
                all(0.0)))));
        h.runUntilDone(g, 1.5);
        h.rig.steps(100);
        assertEquals(GoalStatus.SUCCEEDED, g.status());
        assertEquals(1.0, h.rig.robot().position(1), 1e-3);
    }

    @Test
    void effortCommandAddsProportionalAndDerivativeTerms() {
        JtcHarness h = closedLoop("effort", Map.of("gains.joint1.p", 10.0, "gains.joint1.d", 1.0)).active();
        h.rig.robot().freeze(0);
        h.rig.robot().setPosition(0, -0.1);
        h.rig.robot().setVelocity(0, 0.5);
        h.rig.step();
        assertEquals(10.0 * 0.1 + 1.0 * (0.0 - 0.5), h.rig.robot().effortCommand(0), 1e-12);
    }

    @Test
    void theIntegralAccumulatesAndIsResetOnActivation() {
        JtcHarness h = closedLoop("effort", Map.of("gains.joint1.i", 1.0)).active();
        h.rig.robot().freeze(0);
        h.rig.robot().setPosition(0, -0.1);
        h.rig.steps(10);
        assertEquals(10 * 0.1 * 0.01, h.rig.robot().effortCommand(0), 1e-12);
        h.entry.deactivate();
        h.rig.robot().setPosition(0, 0.0);
        h.entry.activate();
        h.rig.step();
        assertEquals(0.0, h.rig.robot().effortCommand(0), 1e-12);
    }

    @Test
    void withAPositionInterfaceTheSampledPositionIsForwardedUnchanged() {
        JtcHarness h = new JtcHarness(Map.of("gains.joint1.p", 100.0)).active();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(1.0)))));
        for (int k = 0; k < 50; k++) {
            h.rig.step();
            assertEquals(h.desiredPosition(0), h.positionCommand(0), 0.0);
        }
    }

    @Test
    void positionVelocityAccelerationInterfacesReceiveTheSampledState() {
        JtcHarness h = new JtcHarness(Map.of("command_interfaces", List.of("position", "velocity", "acceleration"),
                "state_interfaces", List.of("position", "velocity")));
        for (String joint : JtcHarness.JOINTS) {
            h.rig.table().addCommand(joint + "/acceleration");
        }
        h.active();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.full(1.0, ramp(1.0), all(0.0), all(0.0)))));
        h.rig.steps(30);
        assertEquals(h.desiredPosition(2), h.positionCommand(2), 0.0);
        assertEquals(h.desiredVelocity(2), h.rig.robot().velocityCommand(2), 0.0);
        assertEquals(h.desiredAcceleration(2), h.rig.table().commandValue("joint3/acceleration"), 0.0);
        assertTrue(h.desiredAcceleration(2) != 0.0, "mid-segment the quintic accelerates");
    }

    @Test
    void withPositionAndEffortInterfacesTheEffortIsInterpolatedLinearlyBetweenPoints() {
        JtcHarness h = new JtcHarness(Map.of("command_interfaces", List.of("position", "effort"))).active();
        double t0 = h.rig.time();
        h.start(TrajectoryGoal.of(trajectory(TrajectoryPoint.positions(1.0, ramp(0.1)).withEfforts(all(2.0)),
                TrajectoryPoint.positions(2.0, ramp(0.2)).withEfforts(all(4.0)))));
        h.rig.stepUntil(t0 + 1.5);
        h.rig.step();
        assertEquals(3.0, h.rig.robot().effortCommand(4), 1e-9);
        h.rig.stepUntil(t0 + 2.5);
        assertEquals(4.0, h.rig.robot().effortCommand(4), 1e-12);
        assertEquals(1.0, h.positionCommand(4), 1e-12);
    }
}
