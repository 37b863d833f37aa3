package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * A joint's limits, built as ros2_control's component parser builds them ({@code update_interface_limits},
 * {@code set_custom_interface_values} in hardware_interface/src/component_parser.cpp): the URDF {@code <limit>}, the
 * command interfaces' min/max (the most restrictive wins), acceleration and jerk from interfaces of those names, and
 * the {@code <safety_controller>} soft limits clamped into the hard range.
 */
class JointLimitsTest {

    private static final double EPS = 1e-12;

    /** spare_joint: URDF limit lower=-1 upper=1 velocity=1 effort=1. */
    private static ComponentInfo spareJoint(String interfaces) {
        return RobotDescription.parse(Urdf.gripper("""
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="spare_joint">
                """ + interfaces + """
                  </joint>
                </ros2_control>
                """), "gripper.urdf").hardware().get(0).joints().get(0);
    }

    @Test
    void theUrdfLimitAndTheCommandInterfacesMergeTheMostRestrictiveBoundWinning() {
        JointLimits l = spareJoint("""
                <command_interface name="position"><param name="min">-2</param><param name="max">0.5</param></command_interface>
                <command_interface name="velocity"><param name="min">-0.8</param></command_interface>
                <command_interface name="effort"><param name="max">0.25</param></command_interface>
                <command_interface name="acceleration"><param name="min">-3</param><param name="max">2</param></command_interface>
                <command_interface name="jerk"><param name="max">50</param></command_interface>
                """).limits();
        assertEquals(-1, l.lower(), EPS, "URDF lower is tighter than min=-2");
        assertEquals(0.5, l.upper(), EPS, "max=0.5 is tighter than URDF upper");
        assertEquals(0.8, l.velocity(), EPS, "|min| of the velocity interface");
        assertEquals(0.25, l.effort(), EPS);
        assertEquals(2, l.acceleration(), EPS, "acceleration: the max");
        assertEquals(3, l.deceleration(), EPS, "deceleration: |min|");
        assertEquals(50, l.jerk(), EPS);
    }

    @Test
    void aPositionOnlyJointKeepsTheUrdfVelocityLimitItHasNoInterfaceFor() {
        JointLimits l = spareJoint("""
                <command_interface name="position"/>
                """).limits();
        assertEquals(1, l.velocity(), EPS, "the step per cycle of its position commands comes from this");
        assertEquals(Double.POSITIVE_INFINITY, l.acceleration());
    }

    @Test
    void anAccelerationLimitAloneStandsForTheDecelerationToo() {
        JointLimits l = spareJoint("""
                <command_interface name="position"/>
                <command_interface name="acceleration"><param name="max">4</param></command_interface>
                """).limits();
        assertEquals(4, l.acceleration(), EPS);
        assertEquals(4, l.deceleration(), EPS);
    }

    @Test
    void limitsDisabledOnTheJointMeanNoLimitsAtAll() {
        JointLimits l = spareJoint("""
                <limits enable="false"/>
                <command_interface name="position"/>
                """).limits();
        assertEquals(JointLimits.NONE, l);
    }

    @Test
    void limitsDisabledOnThePositionInterfaceLeaveTheVelocityLimit() {
        JointLimits l = spareJoint("""
                <command_interface name="position"><limits enable="false"/></command_interface>
                """).limits();
        assertEquals(Double.NEGATIVE_INFINITY, l.lower());
        assertEquals(Double.POSITIVE_INFINITY, l.upper());
        assertEquals(1, l.velocity(), EPS);
    }

    @Test
    void theSafetyControllerGivesSoftLimitsClampedIntoTheHardRange() {
        ComponentInfo joint = RobotDescription.parse(Urdf.robot("""
                <link name="a"/><link name="b"/>
                <joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/>
                  <limit lower="-1" upper="1" velocity="2" effort="10"/>
                  <safety_controller soft_lower_limit="-1.5" soft_upper_limit="0.9" k_position="10" k_velocity="5"/>
                </joint>
                <ros2_control name="Arm" type="system">
                  <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                  <joint name="j"><command_interface name="position"/><state_interface name="position"/></joint>
                </ros2_control>
                """), "soft.urdf").hardware().get(0).joints().get(0);
        SoftJointLimits soft = joint.softLimits();
        assertEquals(-1.0, soft.lower(), EPS, "clamped to the hard lower limit, as ros2_control does");
        assertEquals(0.9, soft.upper(), EPS);
        assertEquals(10, soft.kPosition(), EPS);
        assertEquals(5, soft.kVelocity(), EPS);
        assertTrue(soft.slowsDown());
    }

    @Test
    void aJointWithoutSafetyControllerHasNoSoftLimits() {
        assertNull(spareJoint("<command_interface name=\"position\"/>").softLimits());
    }

    @Test
    void aSafetyControllerWithItsEndsSwappedIsOneLineNamingTheFileAndLine() {
        DescriptionException e = assertThrows(DescriptionException.class, () -> RobotDescription.parse(Urdf.robot("""
                <link name="a"/><link name="b"/>
                <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
                  <limit lower="-1" upper="1" velocity="2" effort="10"/>
                  <safety_controller soft_lower_limit="0.5" soft_upper_limit="-0.5" k_velocity="5"/>
                </joint>
                """), "soft.urdf"));
        assertTrue(e.getMessage().startsWith("soft.urdf:5:"), e.getMessage());
        assertTrue(e.getMessage().contains("soft_lower_limit=0.5 above soft_upper_limit=-0.5"), e.getMessage());
    }

    @Test
    void aSafetyControllerWithoutKVelocityNamesTheMissingAttribute() {
        DescriptionException e = assertThrows(DescriptionException.class, () -> RobotDescription.parse(Urdf.robot("""
                <link name="a"/><link name="b"/>
                <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
                  <limit lower="-1" upper="1" velocity="2" effort="10"/>
                  <safety_controller soft_lower_limit="-0.5" soft_upper_limit="0.5"/>
                </joint>
                """), "soft.urdf"));
        assertTrue(e.getMessage().contains("k_velocity"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }
}
