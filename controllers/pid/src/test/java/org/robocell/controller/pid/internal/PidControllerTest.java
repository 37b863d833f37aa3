package org.robocell.controller.pid.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.CommandHandle;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.Loans;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.io.StateOutput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.AllocationMeter;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The PID controller's control law, feed-forward, clamps, chaining and parameters. */
class PidControllerTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ControllerRig rig = ControllerRig.sevenJointRobot();
    private PidController pid;

    private Entry load(Map<String, ?> overrides) {
        Map<String, Object> p = new HashMap<>();
        p.put("dof_names", List.of("joint1", "joint2"));
        p.put("command_interface", "velocity");
        p.put("reference_and_state_interfaces", List.of("position"));
        p.putAll(overrides);
        pid = (PidController) new PidControllerFactory(channels).create(PidControllerFactory.TYPE);
        return rig.load("pid", PidControllerFactory.TYPE, pid, p);
    }

    private Entry active(Map<String, ?> overrides) {
        Entry e = load(overrides);
        assertEquals(CallbackReturn.SUCCESS, e.configure(), () -> pid.lastError());
        assertEquals(CallbackReturn.SUCCESS, e.activate(), () -> pid.lastError());
        return e;
    }

    private CommandInput reference() {
        return channels.find("pid/reference", CommandInput.class).orElseThrow();
    }

    @Test
    void commandIsPTimesTheErrorToTheReference() {
        active(Map.of("gains.joint1.p", 3.0, "gains.joint2.p", 0.5));
        rig.robot().freeze(0);
        rig.robot().freeze(1);
        rig.robot().setPosition(1, 1.0);
        assertTrue(reference().offer(0.2, 0.0));
        rig.step();
        assertEquals(3.0 * 0.2, rig.robot().velocityCommand(0), 1e-12);
        assertEquals(0.5 * -1.0, rig.robot().velocityCommand(1), 1e-12);
    }

    @Test
    void feedForwardMultipliesTheReferenceWithOneInterface() {
        active(Map.of("gains.joint1.p", 1.0, "gains.joint1.feedforward_gain", 2.0));
        rig.robot().freeze(0);
        reference().offer(0.5, 0.0);
        rig.step();
        assertEquals(2.0 * 0.5 + 1.0 * 0.5, rig.robot().velocityCommand(0), 1e-12);
    }

    @Test
    void withTheDerivativeInterfaceFeedForwardUsesTheReferenceRateAndDActsOnTheRateError() {
        active(Map.of("reference_and_state_interfaces", List.of("position", "velocity"), "command_interface",
                "effort", "gains.joint2.p", 4.0, "gains.joint2.d", 0.5, "gains.joint2.feedforward_gain", 1.5));
        rig.robot().freeze(1);
        rig.robot().setPosition(1, 0.1);
        rig.robot().setVelocity(1, 0.2);
        reference().offer(0.0, 0.3, 0.0, 1.0);
        rig.step();
        assertEquals(1.5 * 1.0 + 4.0 * (0.3 - 0.1) + 0.5 * (1.0 - 0.2), rig.robot().effortCommand(1), 1e-12);
    }

    @Test
    void theIntegralTermIsClamped() {
        active(Map.of("gains.joint1.i", 10.0, "gains.joint1.i_clamp_max", 0.05, "gains.joint1.i_clamp_min", -0.05));
        rig.robot().freeze(0);
        reference().offer(1.0, 0.0);
        rig.step();
        assertEquals(0.05, rig.robot().velocityCommand(0), 1e-12, "10 · 1.0 · 0.01 = 0.1, clamped to 0.05");
        rig.steps(20);
        assertEquals(0.05, rig.robot().velocityCommand(0), 1e-12);
    }

    @Test
    void onActivationTheMeasuredStateIsTheFirstSetpointSoNothingMoves() {
        rig.robot().setPosition(0, 0.7);
        active(Map.of("gains.joint1.p", 5.0));
        rig.steps(5);
        assertEquals(0.0, rig.robot().velocityCommand(0), 1e-12);
        assertEquals(0.7, rig.table().commandValue("pid/joint1/position"), 1e-12);
    }

    @Test
    void withoutAFiniteReferenceNoCommandIsWritten() {
        active(Map.of("set_current_state_as_first_setpoint", false, "gains.joint1.p", 5.0));
        rig.steps(3);
        assertTrue(Double.isNaN(rig.robot().velocityCommand(0)));
        reference().offer(Double.NaN, 0.3);
        rig.step();
        assertTrue(Double.isNaN(rig.robot().velocityCommand(0)));
        assertEquals(0.0, rig.robot().velocityCommand(1), 1e-12, "joint2 has no gains: u = 0");
    }

    @Test
    void referencesOfTheWrongSizeOrWithInfinityAreDropped() {
        active(Map.of());
        assertFalse(reference().offer(1.0));
        assertFalse(reference().offer(1.0, Double.POSITIVE_INFINITY));
        assertEquals(2, reference().rejectedCount());
    }

    @Test
    void angleWraparoundTakesTheShortWayRound() {
        active(Map.of("gains.joint1.p", 1.0, "gains.joint1.angle_wraparound", true));
        rig.robot().freeze(0);
        rig.robot().setPosition(0, -Math.PI + 0.1);
        reference().offer(Math.PI - 0.1, 0.0);
        rig.step();
        assertEquals(-0.2, rig.robot().velocityCommand(0), 1e-12);
    }

    @Test
    void theVelocityLoopDrivesTheSimulatedJointToTheReference() {
        active(Map.of("gains.joint1.p", 5.0));
        reference().offer(0.4, 0.0);
        rig.steps(300);
        assertEquals(0.4, rig.robot().position(0), 1e-4);
    }

    @Test
    void itExportsReferencesAndMeasuredStatesNamedAfterItself() {
        Entry e = load(Map.of("reference_and_state_interfaces", List.of("position", "velocity")));
        e.configure();
        List<String> expected = List.of("pid/joint1/position", "pid/joint2/position", "pid/joint1/velocity",
                "pid/joint2/velocity");
        assertEquals(expected, pid.exportReferenceInterfaces());
        assertEquals(expected, pid.exportStateInterfaces());
        assertEquals(InterfaceConfiguration.individual(List.of("joint1/velocity", "joint2/velocity")),
                pid.commandInterfaceConfiguration());
        e.activate();
        rig.robot().setPosition(1, 0.25);
        rig.step();
        assertEquals(0.25, rig.table().stateValue("pid/joint2/position"), 1e-12);
    }

    @Test
    void chainedAPrecedingControllerWritesTheReferencesAndTheChannelIsIgnored() {
        Controller preceding = new ConstantWriter(List.of("pid/joint1/position", "pid/joint2/position"), 0.3);
        Entry writer = rig.load("writer", "test/ConstantWriter", preceding, Map.of());
        Entry follower = load(Map.of("gains.joint1.p", 2.0));
        follower.configure();
        writer.configure();
        assertTrue(follower.setChained(true));
        assertTrue(pid.chained());
        follower.activate();
        assertEquals(CallbackReturn.SUCCESS, writer.activate());
        rig.robot().freeze(0);
        reference().offer(5.0, 5.0);
        rig.step();
        assertEquals(2.0 * 0.3, rig.robot().velocityCommand(0), 1e-12);
    }

    @Test
    void itPublishesReferenceFeedbackErrorAndOutput() {
        active(Map.of("gains.joint1.p", 2.0));
        rig.robot().freeze(0);
        reference().offer(0.5, 0.0);
        rig.step();
        StateOutput.Snapshot s = channels.find("pid/state", StateOutput.class).orElseThrow().snapshot();
        assertEquals(List.of("joint1/reference", "joint1/feedback", "joint1/error", "joint1/output"),
                s.fields().subList(0, 4));
        assertEquals(0.5, s.values()[0]);
        assertEquals(0.0, s.values()[1]);
        assertEquals(0.5, s.values()[2]);
        assertEquals(1.0, s.values()[3], 1e-12);
    }

    @Test
    void externalMeasuredStatesComeFromTheirChannel() {
        active(Map.of("use_external_measured_states", true, "gains.joint1.p", 1.0));
        assertEquals(InterfaceConfiguration.NONE, pid.stateInterfaceConfiguration());
        channels.find("pid/measured_state", CommandInput.class).orElseThrow().offer(0.1, 0.0);
        reference().offer(0.4, 0.0);
        rig.step();
        assertEquals(0.3, rig.robot().velocityCommand(0), 1e-12);
    }

    @Test
    void parameterErrorsFailConfigureWithTheirReason() {
        Entry e = load(Map.of("reference_and_state_interfaces", List.of("position", "velocity", "acceleration")));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertTrue(pid.lastError().contains("reference_and_state_interfaces"), pid.lastError());

        Map<String, Object> noCommand = new HashMap<>();
        noCommand.put("command_interface", "");
        Entry e2 = load(noCommand);
        assertEquals(CallbackReturn.FAILURE, e2.configure());
        assertTrue(pid.lastError().contains("command_interface"), pid.lastError());
    }

    @Test
    void aCycleAllocatesNothing() {
        active(Map.of("reference_and_state_interfaces", List.of("position", "velocity"), "gains.joint1.p", 1.0,
                "gains.joint1.i", 0.1, "gains.joint2.d", 0.1));
        reference().offer(0.4, 0.2, 0.0, 0.0);
        long fewest = AllocationMeter.fewestBytes(attempt -> {
            rig.steps(20_000);
            return AllocationMeter.bytesOf(() -> {
                for (int i = 0; i < 5000; i++) {
                    rig.step();
                }
            });
        });
        assertEquals(0, fewest);
    }

    /** A preceding controller that writes one value to everything it claims. */
    private static final class ConstantWriter implements Controller {
        private final List<String> targets;
        private final double value;
        private CommandHandle[] handles;

        ConstantWriter(List<String> targets, double value) {
            this.targets = targets;
            this.value = value;
        }

        @Override
        public InterfaceConfiguration commandInterfaceConfiguration() {
            return InterfaceConfiguration.individual(targets);
        }

        @Override
        public InterfaceConfiguration stateInterfaceConfiguration() {
            return InterfaceConfiguration.NONE;
        }

        @Override
        public CallbackReturn onActivate(Loans loans) {
            handles = loans.commands().toArray(new CommandHandle[0]);
            return CallbackReturn.SUCCESS;
        }

        @Override
        public ReturnType update(double time, double period) {
            for (CommandHandle h : handles) {
                h.set(value);
            }
            return ReturnType.OK;
        }
    }

    @Test
    void aParameterChangeIsCheckedAsConfigureWouldReadItUnknownKeysIncluded() {
        Map<String, Object> p = new HashMap<>(Map.of("dof_names", List.of("joint1", "joint2"), "command_interface",
                "velocity", "reference_and_state_interfaces", List.of("position")));
        PidController c = (PidController) new PidControllerFactory(channels).create(PidControllerFactory.TYPE);
        assertTrue(c.checkParameters(new Parameters("t", p)).ok());
        p.put("gains.joint1.p", "abc");
        assertEquals(new ParameterCheck.Problem("gains.joint1.p", ParameterCheck.Reason.INVALID,
                "parameter 'gains.joint1.p' must be a number, got 'abc'"),
                c.checkParameters(new Parameters("t", p)).first().orElseThrow());
        p.put("gains.joint1.p", 1.0);
        p.put("gains.joint1.i_clamp_min", 2.0);
        p.put("gains.joint1.i_clamp_max", 1.0);
        assertEquals("parameter 'gains.joint1.i_clamp_min' (2.0) must not exceed 'gains.joint1.i_clamp_max' (1.0)",
                c.checkParameters(new Parameters("t", p)).message());
        p.remove("gains.joint1.i_clamp_min");
        p.put("gains.joint1.feedforwad_gain", 1.0);
        assertEquals("unknown parameter 'gains.joint1.feedforwad_gain' (did you mean 'gains.joint1.feedforward_gain'?)",
                c.checkParameters(new Parameters("t", p)).message());
    }

    @Test
    void theReferenceChannelRefusesTheWrongLengthOrAnInfinityButTakesNaNAsNoReference() {
        active(Map.of("gains.joint1.p", 1.0));
        assertEquals(List.of("joint1/position", "joint2/position"), reference().fields());
        assertFalse(reference().offer(0.1));
        assertFalse(reference().offer(0.1, 0.2, 0.3));
        assertFalse(reference().offer(Double.POSITIVE_INFINITY, 0.0));
        assertTrue(reference().offer(Double.NaN, 0.0));
        assertEquals("pid/reference takes 2 values (joint1/position, joint2/position), got 1",
                reference().explain(0.1));
    }
}
