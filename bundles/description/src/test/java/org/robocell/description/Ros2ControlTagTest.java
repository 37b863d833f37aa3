package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.TransmissionInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;

/** {@code <ros2_control>} blocks read into hardware components, interfaces, initial values and limits. */
class Ros2ControlTagTest {

    private static final double EPS = 1e-12;

    @Test
    void fr3OnGenericSystemHasSevenJointsWithPositionCommandAndPositionVelocityState() {
        RobotDescription fr3 = RobotDescription.parse(Resources.path("fr3_mock.urdf"));

        assertEquals(1, fr3.hardware().size());
        HardwareInfo hw = fr3.hardware("FR3System").orElseThrow();
        assertEquals(HardwareType.SYSTEM, hw.type());
        assertEquals("mock_components/GenericSystem", hw.plugin());
        assertEquals(0, hw.rwRate());
        assertNull(hw.group());
        assertEquals(List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7"),
                hw.joints().stream().map(ComponentInfo::name).toList());
        for (ComponentInfo joint : hw.joints()) {
            assertEquals(ComponentKind.JOINT, joint.kind());
            assertEquals(List.of("position"), names(joint.commandInterfaces()));
            assertEquals(List.of("position", "velocity"), names(joint.stateInterfaces()));
            assertEquals(joint.name() + "/position", joint.fullName(joint.commandInterfaces().get(0)));
        }
        assertTrue(hw.sensors().isEmpty());
        assertTrue(hw.gpios().isEmpty());
    }

    @Test
    void hardwareAttributesGroupAndParametersAreRead() {
        HardwareInfo hw = parse("""
                <ros2_control name="Gripper" type="actuator" rw_rate="20">
                  <hardware>
                    <plugin>acme/GripperDriver</plugin>
                    <group>Hand</group>
                    <param name="ip">192.168.0.2</param>
                    <param name="port">30200</param>
                  </hardware>
                  <joint name="finger_left"><command_interface name="position"/></joint>
                </ros2_control>
                """).get(0);

        assertEquals(HardwareType.ACTUATOR, hw.type());
        assertEquals("acme/GripperDriver", hw.plugin());
        assertEquals("Hand", hw.group());
        assertEquals(20, hw.rwRate());
        assertEquals(Map.of("ip", "192.168.0.2", "port", "30200"), hw.parameters());
        assertEquals(30200, hw.doubleParameter("port", 0));
    }

    @Test
    void sensorsAndGpiosHaveTheirOwnInterfacesAndParameters() {
        HardwareInfo hw = parse("""
                <ros2_control name="Tool" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <sensor name="tcp_fts">
                    <state_interface name="force.x"/>
                    <state_interface name="torque.z"/>
                    <param name="frame_id">tool0</param>
                  </sensor>
                  <gpio name="flange_vacuum">
                    <command_interface name="vacuum" data_type="bool"/>
                    <state_interface name="vacuum" data_type="bool"/>
                  </gpio>
                </ros2_control>
                """).get(0);

        ComponentInfo fts = hw.sensors().get(0);
        assertEquals(ComponentKind.SENSOR, fts.kind());
        assertEquals(List.of("force.x", "torque.z"), names(fts.stateInterfaces()));
        assertEquals(Map.of("frame_id", "tool0"), fts.parameters());
        ComponentInfo vacuum = hw.gpios().get(0);
        assertEquals(ComponentKind.GPIO, vacuum.kind());
        assertEquals(DataType.BOOL, vacuum.commandInterfaces().get(0).dataType());
        assertEquals("flange_vacuum/vacuum", vacuum.fullName(vacuum.stateInterfaces().get(0)));
        assertEquals(List.of(vacuum), hw.allComponents().subList(1, 2));
    }

    /** Initial values and the data types' defaults, as hardware_interface/include/hardware_interface/handle.hpp has them. */
    @Test
    void initialValuesDefaultByDataType() {
        HardwareInfo hw = parse("""
                <ros2_control name="Io" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="finger_left">
                    <state_interface name="position"/>
                    <state_interface name="velocity"><param name="initial_value">3.45</param></state_interface>
                  </joint>
                  <gpio name="io">
                    <state_interface name="enabled" data_type="bool"/>
                    <state_interface name="armed" data_type="bool"><param name="initial_value">true</param></state_interface>
                    <state_interface name="mode" data_type="uint16"/>
                    <state_interface name="count" data_type="int8"><param name="initial_value">-3</param></state_interface>
                  </gpio>
                </ros2_control>
                """).get(0);

        List<InterfaceInfo> joint = hw.joints().get(0).stateInterfaces();
        assertTrue(Double.isNaN(joint.get(0).initialValue()));
        assertTrue(Double.isNaN(joint.get(0).startValue()), "a double without initial_value reads NaN");
        assertEquals(3.45, joint.get(1).startValue());
        List<InterfaceInfo> io = hw.gpios().get(0).stateInterfaces();
        assertEquals(0.0, io.get(0).startValue(), "bool defaults to false");
        assertEquals(1.0, io.get(1).startValue());
        assertEquals(DataType.UINT16, io.get(2).dataType());
        assertEquals(65535.0, io.get(2).startValue());
        assertEquals(-3.0, io.get(3).startValue());
        assertEquals(Map.of("initial_value", "3.45"), joint.get(1).parameters());
    }

    /** min and max of a command interface, kept also as parameters, as component_parser.cpp lifts them. */
    @Test
    void minAndMaxAreLiftedIntoTheInterfaceAndKeptAsParameters() {
        InterfaceInfo cmd = parse("""
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint">
                    <command_interface name="position">
                      <param name="min">-0.5</param>
                      <param name="max">0.75</param>
                      <param name="custom">x</param>
                    </command_interface>
                  </joint>
                </ros2_control>
                """).get(0).joints().get(0).commandInterfaces().get(0);

        assertEquals(-0.5, cmd.min());
        assertEquals(0.75, cmd.max());
        assertTrue(cmd.limitsEnabled());
        assertEquals(Map.of("min", "-0.5", "max", "0.75", "custom", "x"), cmd.parameters());
    }

    @Test
    void urdfLimitsMergeIntoCommandRangesAndTheMostRestrictiveBoundWins() {
        // spare_joint: URDF limit lower=-1 upper=1 velocity=1 effort=1
        ComponentInfo joint = parse("""
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint">
                    <command_interface name="position"><param name="min">-2</param><param name="max">0.5</param></command_interface>
                    <command_interface name="velocity"/>
                    <command_interface name="effort"><param name="max">0.25</param></command_interface>
                    <command_interface name="acceleration"/>
                  </joint>
                </ros2_control>
                """).get(0).joints().get(0);

        List<InterfaceInfo> cmd = joint.commandInterfaces();
        assertEquals(-1, cmd.get(0).min(), EPS);
        assertEquals(0.5, cmd.get(0).max(), EPS);
        assertEquals(-1, cmd.get(1).min(), EPS);
        assertEquals(1, cmd.get(1).max(), EPS);
        assertEquals(-1, cmd.get(2).min(), EPS);
        assertEquals(0.25, cmd.get(2).max(), EPS);
        // the URDF has no acceleration limit
        assertEquals(Double.NEGATIVE_INFINITY, cmd.get(3).min());
        assertEquals(Double.POSITIVE_INFINITY, cmd.get(3).max());
    }

    @Test
    void limitsEnableFalseKeepsTheDeclaredRangeWithoutUrdfLimits() {
        ComponentInfo joint = parse("""
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint">
                    <command_interface name="position"><limits enable="false"/><param name="max">5</param></command_interface>
                    <command_interface name="velocity"/>
                  </joint>
                </ros2_control>
                """).get(0).joints().get(0);

        InterfaceInfo position = joint.commandInterfaces().get(0);
        assertFalse(position.limitsEnabled());
        assertEquals(Double.NEGATIVE_INFINITY, position.min());
        assertEquals(5, position.max());
        assertTrue(joint.commandInterfaces().get(1).limitsEnabled());
        assertEquals(1, joint.commandInterfaces().get(1).max());
    }

    @Test
    void jointLevelLimitsDisableAppliesToAllItsInterfaces() {
        ComponentInfo joint = parse("""
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint">
                    <limits enable="false"/>
                    <command_interface name="position"/>
                  </joint>
                </ros2_control>
                """).get(0).joints().get(0);

        assertFalse(joint.commandInterfaces().get(0).limitsEnabled());
        assertEquals(Double.POSITIVE_INFINITY, joint.commandInterfaces().get(0).max());
    }

    @Test
    void mimicJointMayHaveStateInterfacesOrBeCommandedWithMimicFalse() {
        List<HardwareInfo> hw = parse("""
                <ros2_control name="Hand" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="finger_left"><command_interface name="position"/></joint>
                  <joint name="finger_right" mimic="true"><state_interface name="position"/></joint>
                </ros2_control>
                <ros2_control name="Other" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="finger_right" mimic="false"><command_interface name="position"/></joint>
                </ros2_control>
                """);

        assertEquals(List.of("position"), names(hw.get(0).joints().get(1).stateInterfaces()));
        assertEquals(List.of("position"), names(hw.get(1).joints().get(0).commandInterfaces()));
    }

    @Test
    void transmissionsAreReadAsRos2ControlsParserReadsThemAndPropertiesAreAccepted() {
        HardwareInfo hw = parse("""
                <ros2_control name="Arm" type="system">
                  <properties><async thread_priority="30"/></properties>
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint"><command_interface name="position"/></joint>
                  <transmission name="t1">
                    <plugin>transmission_interface/SimpleTransmission</plugin>
                    <actuator name="motor1" role="actuator1"/>
                    <joint name="spare_joint" role="joint1">
                      <mechanical_reduction>50.0</mechanical_reduction>
                      <offset>0.1</offset>
                    </joint>
                  </transmission>
                </ros2_control>
                """).get(0);

        assertEquals(1, hw.joints().size());
        TransmissionInfo t = hw.transmissions().get(0);
        assertEquals("transmission_interface/SimpleTransmission", t.plugin());
        assertEquals(new TransmissionInfo.Side("spare_joint", "joint1", 50.0, 0.1), t.joints().get(0));
        assertEquals(new TransmissionInfo.Side("motor1", "actuator1", 1.0, 0.0), t.actuators().get(0));
    }

    @Test
    void aTransmissionThatCannotWorkIsRefusedAtItsLine() {
        String bad = """
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint"><command_interface name="position"/></joint>
                  <transmission name="t1">
                    <plugin>transmission_interface/SimpleTransmission</plugin>
                    <joint name="spare_joint"><mechanical_reduction>0</mechanical_reduction></joint>
                  </transmission>
                </ros2_control>
                """;
        Errors.assertFails(() -> parse(bad), "gripper.urdf:" + (Errors.lineOf(bad, "<transmission") + 20),
                "transmission 't1' has the reduction 0.0", "expected a finite, non-zero mechanical_reduction");
        String unknownJoint = bad.replace("<joint name=\"spare_joint\"><mech", "<joint name=\"spare_jiont\"><mech");
        Errors.assertFails(() -> parse(unknownJoint), "gripper.urdf:" + (Errors.lineOf(bad, "<joint name=\"spare_joint\"><mech") + 20),
                "<joint name=\"spare_jiont\"> of <transmission name=\"t1\"> is not a joint of <ros2_control name=\"Arm\">",
                "did you mean 'spare_joint'?");
    }

    @Test
    void eachJointCarriesItsUrdfTypeSoADriverKnowsLinearFromRotary() {
        HardwareInfo hw = parse("""
                <ros2_control name="Hand" type="system">
                  <hardware><plugin>acme/Hand</plugin></hardware>
                  <joint name="finger_left"><command_interface name="position"/></joint>
                  <joint name="spare_joint"><command_interface name="position"/></joint>
                </ros2_control>
                """).get(0);
        assertEquals("prismatic", hw.joints().get(0).parameters().get(ComponentInfo.URDF_JOINT_TYPE));
        assertEquals("revolute", hw.joints().get(1).parameters().get(ComponentInfo.URDF_JOINT_TYPE));
    }

    private static List<HardwareInfo> parse(String ros2Control) {
        return RobotDescription.parse(Urdf.gripper(ros2Control), "gripper.urdf").hardware();
    }

    private static List<String> names(List<InterfaceInfo> interfaces) {
        return interfaces.stream().map(InterfaceInfo::name).toList();
    }
}
