package org.robocell.controller.jtc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.lifecycle.CallbackReturn;

/** Parameter errors fail configure with a reason that names the parameter; valid ones shape the claims. */
class ConfigurationTest {

    private static void assertConfigureFails(Map<String, ?> overrides, String reason) {
        JtcHarness h = new JtcHarness(overrides);
        assertEquals(CallbackReturn.FAILURE, h.entry.configure());
        assertTrue(h.controller.lastError().contains(reason), h.controller.lastError());
    }

    @Test
    void jointsAreRequired() {
        assertConfigureFails(Map.of("joints", List.of()), "'joints'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = { "velocity,effort", "acceleration", "position,effort,velocity", "position,torque" })
    void unsupportedCommandInterfaceCombinationsAreRefused(String interfaces) {
        assertConfigureFails(Map.of("command_interfaces", List.of(interfaces.split(","))), "command_interfaces");
    }

    @Test
    void stateInterfacesMustIncludePosition() {
        assertConfigureFails(Map.of("state_interfaces", List.of("velocity")), "state_interfaces");
    }

    @Test
    void closedLoopNeedsTheVelocityState() {
        assertConfigureFails(Map.of("command_interfaces", List.of("velocity"), "state_interfaces",
                List.of("position")), "need the position and velocity state interfaces");
    }

    @Test
    void negativeDefaultTolerancesAreRefused() {
        assertConfigureFails(Map.of("constraints.joint2.trajectory", -0.1), "constraints.joint2.trajectory");
    }

    @Test
    void unknownInterpolationMethodsAreRefused() {
        assertConfigureFails(Map.of("interpolation_method", "bezier"), "interpolation_method");
    }

    @Test
    void claimsAreTheCrossProductOfJointsAndInterfaces() {
        JtcHarness h = new JtcHarness(Map.of("joints", List.of("joint2", "joint1"), "command_interfaces",
                List.of("position", "velocity")));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(InterfaceConfiguration.individual(List.of("joint2/position", "joint2/velocity",
                "joint1/position", "joint1/velocity")), h.controller.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.individual(List.of("joint2/position", "joint2/velocity",
                "joint1/position", "joint1/velocity")), h.controller.stateInterfaceConfiguration());
    }

    @Test
    void commandJointsNameTheCommandsWhileTheStatesStayTheJoints() {
        JtcHarness h = new JtcHarness(Map.of("joints", List.of("joint2", "joint1"), "command_joints",
                List.of("adm/joint2", "adm/joint1")));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
        assertEquals(InterfaceConfiguration.individual(List.of("adm/joint2/position", "adm/joint1/position")),
                h.controller.commandInterfaceConfiguration());
        assertEquals(InterfaceConfiguration.individual(List.of("joint2/position", "joint2/velocity",
                "joint1/position", "joint1/velocity")), h.controller.stateInterfaceConfiguration());
    }

    @Test
    void commandJointsNeedOneEntryPerJoint() {
        assertConfigureFails(Map.of("joints", List.of("joint1", "joint2"), "command_joints", List.of("adm/joint1")),
                "parameter 'command_joints' has 1 entries, 'joints' 2");
    }

    @Test
    void aTrajectoryGoesToTheCommandJointsAndIsMeasuredOnTheJoints() {
        JtcHarness h = new JtcHarness(Map.of("joints", List.of("joint1"), "command_joints", List.of("adm/joint1")));
        h.rig.table().addCommand("adm/joint1/position");
        h.rig.robot().setPosition(0, 0.25);
        h.active();
        h.rig.step();
        assertEquals(0.25, h.rig.table().command("adm/joint1/position").get(), 1e-12,
                "the hold goes to the command joint, from the measured joint");
        assertTrue(Double.isNaN(h.positionCommand(0)), "the joint's own command is not written");
    }

    @Test
    void activationFailsWithoutAMeasuredPositionToHold() {
        JtcHarness h = new JtcHarness();
        h.rig.robot().setPosition(4, Double.NaN);
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(CallbackReturn.FAILURE, h.entry.activate());
        assertTrue(h.controller.lastError().contains("joint5"), h.controller.lastError());
    }

    @Test
    void goalsAndStateAreOfferedAsNamedChannelsUntilCleanup() {
        JtcHarness h = new JtcHarness();
        h.entry.configure();
        assertEquals(List.of("jtc/follow_joint_trajectory", "jtc/state"), h.channels.names());
        h.entry.cleanup();
        assertEquals(List.of(), h.channels.names());
    }
}
