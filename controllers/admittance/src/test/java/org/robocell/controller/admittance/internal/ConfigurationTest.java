package org.robocell.controller.admittance.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.robocell.api.controller.InterfaceConfiguration;
import org.robocell.api.controller.ParameterCheck;
import org.robocell.api.controller.Parameters;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.Fault;

/**
 * Parameters as upstream's {@code test_admittance_controller.cpp} tries them (each required one missing, arrays of the
 * wrong length or out of bounds), what a careless operator gets wrong (unknown keys, frames the robot does not have,
 * joints that are not the kinematic chain's), and the interfaces a valid set claims and exports.
 */
class ConfigurationTest {

    private static void assertConfigureFails(Map<String, ?> overrides, String reason) {
        AdmittanceHarness h = new AdmittanceHarness(overrides);
        assertEquals(CallbackReturn.FAILURE, h.entry.configure());
        assertTrue(h.controller.lastError().contains(reason), h.controller.lastError());
        assertEquals(Fault.CONFIGURATION, h.controller.fault());
    }

    private static ParameterCheck check(Map<String, ?> overrides) {
        return new AdmittanceHarness().controller.checkParameters(new Parameters("test",
                AdmittanceHarness.parameters(overrides)));
    }

    /** Upstream's MissingMandatoryParameterDuringInit list, plus the damping ratio (it has no default either). */
    @ParameterizedTest
    @ValueSource(strings = { "admittance.mass", "admittance.selected_axes", "admittance.stiffness",
            "admittance.damping_ratio", "command_interfaces", "control.frame.id", "fixed_world_frame.frame.id",
            "ft_sensor.frame.id", "ft_sensor.name", "gravity_compensation.CoG.pos", "gravity_compensation.frame.id",
            "joints", "kinematics.base", "kinematics.plugin_name", "kinematics.plugin_package", "kinematics.tip",
            "state_interfaces" })
    void eachRequiredParameterIsNamedWhenMissing(String key) {
        Map<String, Object> p = AdmittanceHarness.parameters(Map.of());
        p.remove(key);
        AdmittanceHarness h = new AdmittanceHarness(Map.of());
        h.entry.setParameters(p);
        assertEquals(CallbackReturn.FAILURE, h.entry.configure());
        assertTrue(h.controller.lastError().contains("parameter '" + key + "' is required but missing"),
                h.controller.lastError());
    }

    @Test
    void theCentreOfGravityNeedsThreeValues() {
        assertConfigureFails(Map.of("gravity_compensation.CoG.pos", List.of(1.0, 2.0, 3.0, 4.0)),
                "parameter 'gravity_compensation.CoG.pos' must have 3 values, got 4");
    }

    @Test
    void stiffnessNeedsSixValuesNoneNegative() {
        assertConfigureFails(Map.of("admittance.stiffness", List.of(1.0, 2.0, 3.0)),
                "parameter 'admittance.stiffness' must have 6 values, got 3");
        assertConfigureFails(Map.of("admittance.stiffness", List.of(-1.0, -2.0, 3.0, 4.0, 5.0, 6.0)),
                "parameter 'admittance.stiffness' must hold values from 0.0 to 1.0E8");
    }

    @Test
    void massNeedsSixPositiveValues() {
        assertConfigureFails(Map.of("admittance.mass", List.of(1.0, 2.0, 3.0)), "'admittance.mass' must have 6");
        assertConfigureFails(Map.of("admittance.mass", List.of(-1.0, -2.0, 3.0, 4.0, 5.0, 6.0)),
                "parameter 'admittance.mass' must hold values from 1.0E-4 to 1000000.0");
        assertConfigureFails(Map.of("admittance.mass", List.of(0.0, 1.0, 1.0, 1.0, 1.0, 1.0)), "'admittance.mass'");
    }

    @Test
    void dampingRatioAndSelectedAxesNeedSixValues() {
        assertConfigureFails(Map.of("admittance.damping_ratio", List.of(1.0, 2.0, 3.0)),
                "'admittance.damping_ratio' must have 6 values");
        assertConfigureFails(Map.of("admittance.selected_axes", List.of(1.0, 2.0, 3.0)),
                "parameter 'admittance.selected_axes' must be a list of six true/false values");
        assertConfigureFails(Map.of("admittance.selected_axes", List.of(1.0, 0.0, 1.0, 1.0, 1.0, 1.0)),
                "six true/false values");
    }

    @Test
    void nonFiniteGainsAreRefused() {
        assertConfigureFails(Map.of("admittance.stiffness", List.of(1.0, 1.0, Double.NaN, 1.0, 1.0, 1.0)),
                "'admittance.stiffness' must hold finite numbers, got NaN");
        assertConfigureFails(Map.of("admittance.joint_damping", -1.0), "'admittance.joint_damping' must be a finite"
                + " number >= 0, got -1.0");
        assertConfigureFails(Map.of("kinematics.alpha", Double.POSITIVE_INFINITY), "'kinematics.alpha'");
        assertConfigureFails(Map.of("ft_sensor.filter_coefficient", 1.5),
                "parameter 'ft_sensor.filter_coefficient' must be from 0 to 1, got 1.5");
    }

    @Test
    void onlyThePositionAndVelocityReferencesCanBeExported() {
        assertConfigureFails(Map.of("chainable_command_interfaces", List.of("position", "effort")),
                "parameter 'chainable_command_interfaces' may name 'position' and 'velocity' only, got 'effort'");
    }

    @Test
    void commandsArePositionVelocityOrAccelerationAndThePositionStateIsRequired() {
        assertConfigureFails(Map.of("command_interfaces", List.of("effort")), "'command_interfaces' may name");
        assertConfigureFails(Map.of("state_interfaces", List.of("velocity")),
                "parameter 'state_interfaces' must contain 'position'");
    }

    @Test
    void commandJointsNeedOneEntryPerJoint() {
        assertConfigureFails(Map.of("command_joints", List.of("a/joint1")), "'command_joints' has 1 entries, 'joints' 7");
    }

    @Test
    void aKinematicsPluginOtherThanTheOnesRoboCellPlaysIsRefused() {
        assertConfigureFails(Map.of("kinematics.plugin_name", "my_ik/Solver"), "RoboCell's kinematics service plays");
        AdmittanceHarness h = new AdmittanceHarness(Map.of("kinematics.plugin_name",
                "kinematics_interface_pinocchio/KinematicsInterfacePinocchio"));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
    }

    @Test
    void externalFramesAreRefusedAndTheExampleFilesFlagsAccepted() {
        assertConfigureFails(Map.of("control.frame.external", true), "parameter 'control.frame.external' is true");
        AdmittanceHarness h = new AdmittanceHarness(Map.of("ft_sensor.frame.external", false,
                "kinematics.group_name", "arm"));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
    }

    @Test
    void aFrameTheRobotDoesNotHaveIsNamedWithTheClosestLink() {
        assertConfigureFails(Map.of("ft_sensor.frame.id", "link88"),
                "parameter 'ft_sensor.frame.id' names link 'link88', which robot 'fr3' does not have (did you mean");
        assertConfigureFails(Map.of("fixed_world_frame.frame.id", "world"), "'fixed_world_frame.frame.id'");
    }

    @Test
    void jointsMustBeTheJointsTheKinematicChainMoves() {
        assertConfigureFails(Map.of("joints", List.of("joint1", "joint2")),
                "the kinematic chain moves the joints [joint1, joint2, joint3, joint4, joint5, joint6, joint7]");
        assertConfigureFails(Map.of("kinematics.tip", "link4"), "the kinematic chain moves the joints");
    }

    @Test
    void aBaseThatMovesIsRefused() {
        assertConfigureFails(Map.of("kinematics.base", "link3"), "moves with a joint");
    }

    @Test
    void withoutTheRobotsDescriptionConfigureSaysSo() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of(), robot -> Optional.empty());
        assertEquals(CallbackReturn.FAILURE, h.entry.configure());
        assertTrue(h.controller.lastError().contains("the description (RobotModel) of robot 'fr3' is not available"),
                h.controller.lastError());
    }

    @Test
    void jointsInAnotherOrderThanTheChainsAreMapped() {
        List<String> reversed = List.of("joint7", "joint6", "joint5", "joint4", "joint3", "joint2", "joint1");
        AdmittanceHarness h = new AdmittanceHarness(Map.of("joints", reversed));
        h.active();
        h.sense(0, 0, 10.0, 0, 0, 0);
        h.rig.steps(4000);
        AdmittanceHarness straight = new AdmittanceHarness().active();
        straight.sense(0, 0, 10.0, 0, 0, 0);
        straight.rig.steps(4000);
        for (int j = 0; j < 7; j++) {
            assertEquals(straight.robot.positionCommand(j), h.robot.positionCommand(j), 1e-12);
        }
    }

    @Test
    void claimsExportsAndChannelsFollowTheParameters() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("joints", List.of("joint1", "joint2", "joint3", "joint4",
                "joint5", "joint6", "joint7"), "command_interfaces", List.of("position", "velocity")));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
        List<String> commands = h.controller.commandInterfaceConfiguration().names();
        assertEquals(14, commands.size());
        assertEquals(List.of("joint1/position", "joint2/position"), commands.subList(0, 2));
        assertEquals("joint1/velocity", commands.get(7));
        List<String> states = h.controller.stateInterfaceConfiguration().names();
        assertEquals(List.of("joint7/velocity", "ft_sensor/force.x", "ft_sensor/force.y", "ft_sensor/force.z",
                "ft_sensor/torque.x", "ft_sensor/torque.y", "ft_sensor/torque.z"), states.subList(13, 20));
        List<String> references = h.controller.exportReferenceInterfaces();
        assertEquals("admittance/joint1/position", references.get(0));
        assertEquals("admittance/joint7/velocity", references.get(13));
        assertEquals(List.of("admittance/joint_references", "admittance/state", "admittance/wrench_reference"),
                h.channels.names().stream().sorted().toList());
    }

    @Test
    void commandJointsNameTheCommandsOfAFollowingController() {
        Map<String, Object> p = new HashMap<>();
        p.put("command_joints", AdmittanceHarness.JOINTS.stream().map(j -> "pid/" + j).toList());
        AdmittanceHarness h = new AdmittanceHarness(p);
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure(), h.controller::lastError);
        assertEquals(InterfaceConfiguration.individual(AdmittanceHarness.JOINTS.stream().map(j -> "pid/" + j
                + "/position").toList()), h.controller.commandInterfaceConfiguration());
        assertTrue(h.controller.stateInterfaceConfiguration().names().contains("joint1/position"));
    }

    @Test
    void unknownKeysAreRefusedWithTheClosestName() {
        ParameterCheck c = check(Map.of("admittance.stifness", List.of(1.0)));
        assertFalse(c.ok());
        assertTrue(c.message().contains("unknown parameter 'admittance.stifness' (did you mean 'admittance.stiffness'?)"),
                c.message());
        assertTrue(check(Map.of()).ok(), () -> check(Map.of()).message());
    }

    @Test
    void theCheckRefusesWhatConfigureWouldRefuse() {
        ParameterCheck c = check(Map.of("admittance.stiffness", List.of(-1.0, 0.0, 0.0, 0.0, 0.0, 0.0)));
        assertFalse(c.ok());
        assertEquals("admittance.stiffness", c.first().orElseThrow().key());
    }

    @Test
    void activationFailsWithoutAMeasuredPositionToStartFrom() {
        AdmittanceHarness h = new AdmittanceHarness();
        h.robot.setPosition(3, Double.NaN);
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(CallbackReturn.FAILURE, h.entry.activate());
        assertEquals(Fault.NO_MEASURED_STATE, h.controller.fault());
        assertTrue(h.controller.lastError().contains("joint4"), h.controller.lastError());
    }

    @Test
    void activationFailsWithoutTheForceTorqueSensor() {
        AdmittanceHarness h = new AdmittanceHarness(Map.of("ft_sensor.name", "wrist_sensor"));
        assertEquals(CallbackReturn.SUCCESS, h.entry.configure());
        assertEquals(CallbackReturn.FAILURE, h.entry.activate());
        assertTrue(h.controller.lastError().contains("wrist_sensor/force.x"), h.controller.lastError());
    }
}
