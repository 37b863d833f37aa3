package org.robocell.controller.gripper.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.controller.common.ChannelDirectory;

/** Parameters, the interfaces each type claims, and the channels. */
class GripperConfigurationTest {

    private static void assertConfigureFails(GripperHarness h, String expectedInMessage) {
        assertEquals(CallbackReturn.FAILURE, h.entry.configure());
        assertTrue(h.controller.lastError().contains(expectedInMessage), h.controller.lastError());
    }

    @Test
    void theParallelGripperClaimsThePositionCommandAndReadsPositionAndVelocity() {
        GripperHarness h = new GripperHarness();
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(InterfaceConfiguration.individual(List.of("finger/position")),
                h.controller.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.individual(List.of("finger/position", "finger/velocity")),
                h.controller.stateInterfaceConfiguration());
    }

    @Test
    void limitInterfacesAreClaimedTooABareNameUnderTheJoint() {
        GripperHarness h = new GripperHarness(Map.of("max_effort_interface", "set_gripper_max_effort",
                "max_velocity_interface", "gripper_io/speed"));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(InterfaceConfiguration.individual(List.of("finger/position", "finger/set_gripper_max_effort",
                "gripper_io/speed")), h.controller.commandInterfaceConfiguration());
    }

    @Test
    void theOlderTypesCommandTheInterfaceTheirNameSays() {
        GripperHarness position = new GripperHarness(GripperActionControllerFactory.POSITION, Map.of());
        assertEquals(CallbackReturn.SUCCESS, position.entry.configure());
        assertEquals(List.of("finger/position"), position.controller.commandInterfaceConfiguration().names());

        GripperHarness effort = GripperHarness.effort(Map.of());
        assertEquals(CallbackReturn.SUCCESS, effort.entry.configure());
        assertEquals(List.of("finger/effort"), effort.controller.commandInterfaceConfiguration().names());
    }

    @Test
    void aCommandInterfaceThatContradictsTheTypeIsRefused() {
        assertConfigureFails(new GripperHarness(GripperActionControllerFactory.POSITION,
                Map.of("command_interface", "effort", "gains.finger.p", 1.0)), "this type commands 'position'");
        assertConfigureFails(new GripperHarness(Map.of("command_interface", "velocity")),
                "must be 'position' or 'effort'");
    }

    @Test
    void theJointIsRequired() {
        GripperHarness h = new GripperHarness(Map.of("joint", " "));
        assertConfigureFails(h, "'joint'");
    }

    @Test
    void effortControlNeedsGains() {
        assertConfigureFails(new GripperHarness(GripperActionControllerFactory.EFFORT, Map.of()), "gains.finger.p");
    }

    @Test
    void theStateInterfacesMustIncludePosition() {
        assertConfigureFails(new GripperHarness(Map.of("state_interfaces", List.of("velocity"))),
                "must include 'position'");
    }

    @Test
    void negativeTolerancesTimeoutsAndLimitsAreRefused() {
        for (String key : List.of("goal_tolerance", "stall_velocity_threshold", "stall_timeout", "max_effort",
                "max_velocity")) {
            Map<String, Object> p = new HashMap<>();
            p.put(key, -0.5);
            assertConfigureFails(new GripperHarness(p), "'" + key + "'");
        }
    }

    @Test
    void aLimitInterfaceThatIsTheCommandInterfaceIsRefused() {
        assertConfigureFails(new GripperHarness(Map.of("max_effort_interface", "position")),
                "the command interfaces must differ");
    }

    @Test
    void activationFailsWhenThereIsNoPositionToHold() {
        GripperHarness h = new GripperHarness();
        h.robot.setPosition(0, Double.NaN);
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(CallbackReturn.FAILURE, h.entry.activate());
        assertTrue(h.controller.lastError().contains("no position to hold"), h.controller.lastError());
    }

    @Test
    void configureRegistersTheGoalAndStateChannelsAndCleanupRemovesThem() {
        GripperHarness h = new GripperHarness();
        h.entry.configure();
        assertEquals("finger", h.goals().joint());
        assertEquals("gripper/gripper_cmd", h.goals().name());
        assertEquals(List.of("finger/position", "finger/velocity", "finger/command/position",
                "finger/command/effort", "finger/max_effort", "finger/max_velocity", "finger/stalled",
                "finger/reached_goal"), h.state().fields());
        h.entry.cleanup();
        assertFalse(h.channels.names().contains("gripper/gripper_cmd"));
        assertFalse(h.channels.names().contains("gripper/state"));
    }

    @Test
    void theFactoryServesItsThreeTypesOnly() {
        GripperActionControllerFactory f = new GripperActionControllerFactory(new ChannelDirectory());
        for (String type : List.of(GripperActionControllerFactory.PARALLEL, GripperActionControllerFactory.POSITION,
                GripperActionControllerFactory.EFFORT)) {
            assertTrue(f.create(type) instanceof GripperActionController, type);
        }
        assertThrows(IllegalArgumentException.class,
                () -> f.create("robotiq_controllers/RobotiqActivationController"));
    }

    @Test
    void aParameterChangeIsCheckedAsConfigureWouldReadItForTheTypeUnknownKeysIncluded() {
        ChannelDirectory channels = new ChannelDirectory();
        Controller parallel = new GripperActionControllerFactory(channels).create(GripperActionControllerFactory.PARALLEL);
        assertTrue(parallel.checkParameters(new Parameters("t", Map.of("joint", "finger", "max_effort", 5.0,
                "action_monitor_rate", 20.0))).ok());
        assertEquals(new ParameterCheck.Problem("max_effort", ParameterCheck.Reason.INVALID,
                "parameter 'max_effort' must be a finite number of at least 0, got -1.0"),
                parallel.checkParameters(new Parameters("t", Map.of("joint", "finger", "max_effort", -1.0)))
                        .first().orElseThrow());
        assertEquals("unknown parameter 'goal_tolerence' (did you mean 'goal_tolerance'?)",
                parallel.checkParameters(new Parameters("t", Map.of("joint", "finger", "goal_tolerence", 0.1)))
                        .message());
        Controller position = new GripperActionControllerFactory(channels).create(GripperActionControllerFactory.POSITION);
        assertEquals("command_interface", position.checkParameters(new Parameters("t", Map.of("joint", "finger",
                "command_interface", "effort", "gains.finger.p", 1.0))).first().orElseThrow().key(),
                "the type fixes the command interface, so the check does too");
        assertEquals("the command interfaces must differ: [finger/position, finger/position]",
                parallel.checkParameters(new Parameters("t", Map.of("joint", "finger", "max_effort_interface",
                        "position"))).message());
    }
}
