package org.robocell.controller.forward.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.io.CommandInput;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.controller.common.ChannelDirectory;
import org.robocell.controller.testkit.ControllerRig;
import org.robocell.controller.testkit.ControllerRig.Entry;

/** The forward command family, as ros2_controllers' forward_command_controller behaves. */
class ForwardCommandControllerTest {

    private final ChannelDirectory channels = new ChannelDirectory();
    private final ForwardCommandControllerFactory factory = new ForwardCommandControllerFactory(channels);
    private final ControllerRig rig = ControllerRig.sevenJointRobot();

    private Entry load(String type, Map<String, ?> parameters) {
        Controller c = factory.create(type);
        return rig.load("fwd", type, c, parameters);
    }

    private Entry activeForward(List<String> joints) {
        Entry e = load(ForwardCommandControllerFactory.FORWARD, Map.of("joints", joints, "interface_name", "position"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(CallbackReturn.SUCCESS, e.activate());
        return e;
    }

    private CommandInput commands() {
        return channels.find("fwd/commands", CommandInput.class).orElseThrow();
    }

    @Test
    void aValidCommandIsWrittenInJointsOrderOnTheNextUpdate() {
        activeForward(List.of("joint3", "joint1"));
        assertTrue(commands().offer(0.3, 0.1));
        assertEquals(Double.NaN, rig.table().commandValue("joint3/position"));

        assertEquals(ReturnType.OK, rig.step());

        assertEquals(0.3, rig.table().commandValue("joint3/position"));
        assertEquals(0.1, rig.table().commandValue("joint1/position"));
        rig.step();
        assertEquals(0.3, rig.robot().position(2), "the mock mirrors the command at the next read");
    }

    @Test
    void writesNothingAfterActivationUntilTheFirstCommand() {
        activeForward(List.of("joint1", "joint2"));
        rig.steps(10);
        assertEquals(Double.NaN, rig.table().commandValue("joint1/position"));
        assertEquals(Double.NaN, rig.table().commandValue("joint2/position"));
    }

    @Test
    void aCommandOfferedBeforeActivationIsNotExecuted() {
        Entry e = load(ForwardCommandControllerFactory.FORWARD,
                Map.of("joints", List.of("joint1"), "interface_name", "position"));
        e.configure();
        commands().offer(5.0);
        e.activate();
        rig.steps(3);
        assertEquals(Double.NaN, rig.table().commandValue("joint1/position"));
    }

    @Test
    void commandsWithNanOrInfinityAreDroppedAndCounted() {
        activeForward(List.of("joint1", "joint2"));
        commands().offer(1.0, 2.0);
        rig.step();

        assertFalse(commands().offer(Double.NaN, 3.0));
        assertFalse(commands().offer(4.0, Double.POSITIVE_INFINITY));
        rig.step();

        assertEquals(1.0, rig.table().commandValue("joint1/position"));
        assertEquals(2.0, rig.table().commandValue("joint2/position"));
        assertEquals(2, commands().rejectedCount());
        assertEquals(1, commands().acceptedCount());
    }

    @Test
    void aCommandOfTheWrongSizeIsRefusedWhenOfferedAndTheControllerKeepsRunning() {
        activeForward(List.of("joint1", "joint2"));
        assertFalse(commands().offer(1.0, 2.0, 3.0));
        assertFalse(commands().offer(1.0));
        assertEquals("fwd/commands takes 2 values (joint1/position, joint2/position), got 3",
                commands().explain(1.0, 2.0, 3.0));
        assertEquals(ReturnType.OK, rig.step());
        assertEquals(Double.NaN, rig.table().commandValue("joint1/position"));
        assertTrue(commands().offer(1.0, 2.0));
        assertEquals(ReturnType.OK, rig.step());
        assertEquals(1.0, rig.table().commandValue("joint1/position"));
    }

    @Test
    void reconfiguringWithOtherJointsGivesTheChannelTheNewFields() {
        Entry e = activeForward(List.of("joint1", "joint2"));
        CommandInput before = commands();
        e.deactivate();
        e.setParameters(Map.of("joints", List.of("joint1", "joint2", "joint3"), "interface_name", "position"));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        assertEquals(before, commands(), "the same channel, so senders keep their reference");
        assertEquals(List.of("joint1/position", "joint2/position", "joint3/position"), commands().fields());
        assertFalse(commands().offer(1.0, 2.0));
        assertTrue(commands().offer(1.0, 2.0, 3.0));
    }

    @Test
    void checkParametersAnswersWhatConfigureWouldWithTheKeyAndUnknownKeysToo() {
        Controller c = factory.create(ForwardCommandControllerFactory.FORWARD);
        ParameterCheck ok = c.checkParameters(new Parameters("t", Map.of("joints", List.of("joint1"),
                "interface_name", "position")));
        assertTrue(ok.ok(), ok.toString());
        ParameterCheck notAList = c.checkParameters(new Parameters("t", Map.of("joints", 5L,
                "interface_name", "position")));
        assertEquals(new ParameterCheck.Problem("joints", ParameterCheck.Reason.INVALID,
                "parameter 'joints' must be a list of strings, got 5"), notAList.first().orElseThrow());
        ParameterCheck empty = c.checkParameters(new Parameters("t", Map.of("joints", List.of("joint1"),
                "interface_name", " ")));
        assertEquals("interface_name", empty.first().orElseThrow().key());
        ParameterCheck typo = c.checkParameters(new Parameters("t", Map.of("joints", List.of("joint1"),
                "interface_name", "position", "interface_nme", "velocity")));
        assertEquals("unknown parameter 'interface_nme' (did you mean 'interface_name'?)", typo.message());
        Controller multi = factory.create(ForwardCommandControllerFactory.MULTI_INTERFACE);
        assertEquals("unknown parameter 'joints' (did you mean 'joint'?)", multi.checkParameters(new Parameters("t",
                Map.of("joint", "joint4", "interface_names", List.of("position"), "joints", List.of("a")))).message());
    }

    @Test
    void theNewestCommandWinsWhenSeveralArriveWithinOneCycle() {
        activeForward(List.of("joint1"));
        commands().offer(1.0);
        commands().offer(2.0);
        rig.step();
        assertEquals(2.0, rig.table().commandValue("joint1/position"));
    }

    @Test
    void multiInterfaceControllerWritesOneJointsInterfacesInParameterOrder() {
        Entry e = load(ForwardCommandControllerFactory.MULTI_INTERFACE,
                Map.of("joint", "joint4", "interface_names", List.of("velocity", "position")));
        assertEquals(CallbackReturn.SUCCESS, e.configure());
        e.activate();
        commands().offer(0.5, 1.5);
        rig.step();
        assertEquals(0.5, rig.table().commandValue("joint4/velocity"));
        assertEquals(1.5, rig.table().commandValue("joint4/position"));
    }

    @Test
    void jointGroupAliasesFixTheInterfaceAndVelocityStopsOnDeactivate() {
        Entry e = load(ForwardCommandControllerFactory.VELOCITY_GROUP,
                Map.of("joints", List.of("joint1", "joint2"), "interface_name", "position"));
        e.configure();
        e.activate();
        commands().offer(0.2, -0.2);
        rig.step();
        assertEquals(0.2, rig.table().commandValue("joint1/velocity"));
        assertEquals(Double.NaN, rig.table().commandValue("joint1/position"), "interface_name is ignored");
        e.deactivate();
        assertEquals(0.0, rig.table().commandValue("joint1/velocity"));
        assertEquals(0.0, rig.table().commandValue("joint2/velocity"));
    }

    @Test
    void positionGroupKeepsItsLastCommandOnDeactivate() {
        Entry e = load(ForwardCommandControllerFactory.POSITION_GROUP, Map.of("joints", List.of("joint1")));
        e.configure();
        e.activate();
        commands().offer(0.7);
        rig.step();
        e.deactivate();
        assertEquals(0.7, rig.table().commandValue("joint1/position"));
    }

    @Test
    void effortGroupClaimsEffortInterfaces() {
        Entry e = load(ForwardCommandControllerFactory.EFFORT_GROUP, Map.of("joints", List.of("joint7")));
        e.configure();
        e.activate();
        commands().offer(3.0);
        rig.step();
        assertEquals(3.0, rig.table().commandValue("joint7/effort"));
    }

    @Test
    void missingOrEmptyParametersFailConfigureWithAReason() {
        Controller c = factory.create(ForwardCommandControllerFactory.FORWARD);
        Entry e = rig.load("fwd", ForwardCommandControllerFactory.FORWARD, c, Map.of("joints", List.of("joint1")));
        assertEquals(CallbackReturn.FAILURE, e.configure());
        assertTrue(c.lastError().contains("interface_name"), c.lastError());

        Controller empty = factory.create(ForwardCommandControllerFactory.FORWARD);
        Entry e2 = rig.load("fwd2", ForwardCommandControllerFactory.FORWARD, empty,
                Map.of("joints", List.of(), "interface_name", "position"));
        assertEquals(CallbackReturn.FAILURE, e2.configure());
        assertTrue(empty.lastError().contains("joints"), empty.lastError());
    }

    @Test
    void activationFailsWhenAJointDoesNotExist() {
        Entry e = load(ForwardCommandControllerFactory.FORWARD,
                Map.of("joints", List.of("joint9"), "interface_name", "position"));
        e.configure();
        assertEquals(CallbackReturn.FAILURE, e.activate());
    }

    @Test
    void theCommandChannelIsNamedAfterTheControllerAndLeavesAtCleanup() {
        Entry e = activeForward(List.of("joint1"));
        assertNotNull(commands());
        e.deactivate();
        e.cleanup();
        assertTrue(channels.find("fwd/commands").isEmpty());
    }

    /** {@code channel:send} once took 1e308 for a joint whose range is +-2.74 rad. */
    @Test
    void aCommandBeyondAJointsLimitsIsRefusedWhenOfferedNamingTheLimits() {
        rig.withJointLimits("joint1", new org.robocell.api.model.JointLimits(-2.7437, 2.7437, 2.62, 87.0));
        activeForward(List.of("joint1", "joint2"));
        assertEquals(CommandInput.Refusal.OUT_OF_RANGE, commands().check(1e308, 0.0));
        assertEquals("fwd/commands takes joint1/position from -2.7437 to 2.7437 (its limits), got 1.0E308",
                commands().explain(1e308, 0.0));
        assertFalse(commands().offer(1e308, 0.0));
        assertTrue(commands().offer(2.0, 1e3), "inside joint1's limits; joint2 has none here");
        rig.step();
        assertEquals(2.0, rig.table().commandValue("joint1/position"));
    }

    @Test
    void theFactoryRefusesTypesItDoesNotServe() {
        assertThrows(IllegalArgumentException.class, () -> factory.create("pid_controller/PidController"));
    }
}
