package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.model.Inertial;
import org.robocell.api.model.Joint;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.JointType;
import org.robocell.api.model.Mimic;
import org.robocell.api.model.Pose;
import org.robocell.api.model.RobotModel;
import org.robocell.api.model.Vector3;

/** The real FR3 and KR 6 R900 sixx URDFs read into the model exactly as written. */
class UrdfParsingTest {

    private static final double EPS = 1e-12;

    @Test
    void fr3IsATreeWithSideBranchesAndSevenRevoluteJoints() {
        RobotModel fr3 = RobotDescription.parse(Resources.path("fr3.urdf")).robot();

        assertEquals("fr3", fr3.name());
        assertEquals("base", fr3.rootLink());
        assertEquals(22, fr3.links().size());
        assertEquals(21, fr3.joints().size());
        List<String> revolute = fr3.joints().values().stream().filter(j -> j.type() == JointType.REVOLUTE)
                .map(Joint::name).toList();
        assertEquals(List.of("joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7"), revolute);
        // the accelerometer links hang off the arm as side branches, outside the chain to the flange
        assertEquals("link0", fr3.parentJoint("link0_accelerometer_top").orElseThrow().parent());
        assertEquals(List.of("base_joint", "joint1", "joint2", "joint3", "joint4", "joint5", "joint6", "joint7",
                "joint8"), fr3.chainTo("link8").stream().map(Joint::name).toList());
    }

    @Test
    void fr3JointCarriesOriginAxisAndLimits() {
        RobotModel fr3 = RobotDescription.parse(Resources.path("fr3.urdf")).robot();

        Joint j2 = fr3.joint("joint2").orElseThrow();
        assertEquals("link1", j2.parent());
        assertEquals("link2", j2.child());
        assertEquals(new Pose(0, 0, 0, -1.570796326794897, 0, 0), j2.origin());
        assertEquals(new Vector3(0, 0, 1), j2.axis());
        assertEquals(new JointLimits(-1.7918, 1.7918, 2.62, 87.0), j2.limits());
        assertNull(j2.mimic());

        Joint j4 = fr3.joint("joint4").orElseThrow();
        assertEquals(-3.0481, j4.limits().lower(), EPS);
        assertEquals(-0.1458, j4.limits().upper(), EPS);

        Joint fixed = fr3.joint("link1_accelerometer_top_joint").orElseThrow();
        assertEquals(JointType.FIXED, fixed.type());
        assertEquals(new Pose(0, -0.1, 0, 1.5708, 0, 0), fixed.origin());
        assertFalse(fixed.limits().hasPositionLimits());
    }

    @Test
    void fr3InertialsKeepTheirOriginAndFullInertiaTensor() {
        RobotModel fr3 = RobotDescription.parse(Resources.path("fr3.urdf")).robot();

        Inertial link1 = fr3.link("link1").orElseThrow().inertial();
        assertEquals(2.9274653454, link1.mass(), EPS);
        assertEquals(new Pose(0.0000004128, -0.0181251324, -0.0386035970, 0, 0, 0), link1.origin());
        assertEquals(0.023927316485107913, link1.ixx(), EPS);
        assertEquals(1.3317903455714081e-05, link1.ixy(), EPS);
        assertEquals(-0.00011404774918616684, link1.ixz(), EPS);
        assertEquals(0.0224821613275756, link1.iyy(), EPS);
        assertEquals(-0.0019950320628240115, link1.iyz(), EPS);
        assertEquals(0.006350098258530016, link1.izz(), EPS);
        assertEquals(Inertial.NONE, fr3.link("link8").orElseThrow().inertial());
    }

    @Test
    void kr6IsASixAxisChainWithNegativeAxesAndUnspecifiedEffort() {
        RobotModel kr6 = RobotDescription.parse(Resources.path("kr6r900sixx.urdf")).robot();

        assertEquals("base_link", kr6.rootLink());
        assertEquals(8, kr6.joints().size());
        assertEquals(List.of("joint_a1", "joint_a2", "joint_a3", "joint_a4", "joint_a5", "joint_a6",
                "joint_a6-flange", "flange-tool0"), kr6.chainTo("tool0").stream().map(Joint::name).toList());
        assertEquals(new Vector3(0, 0, -1), kr6.joint("joint_a1").orElseThrow().axis());
        assertEquals(new Vector3(-1, 0, 0), kr6.joint("joint_a4").orElseThrow().axis());
        assertEquals(new Vector3(-1, 0, 0), kr6.joint("joint_a6").orElseThrow().axis());
        JointLimits a2 = kr6.joint("joint_a2").orElseThrow().limits();
        assertEquals(-3.3161255787892263, a2.lower(), EPS);
        assertEquals(0.7853981633974483, a2.upper(), EPS);
        assertEquals(5.235987755982989, a2.velocity(), EPS);
        // effort="0" in the file means "not specified", as ros2_control's joint_limits reads it
        assertEquals(Double.POSITIVE_INFINITY, a2.effort());
        assertEquals(new Pose(0, 0, 0, 0, 1.5707963267948966, 0), kr6.joint("flange-tool0").orElseThrow().origin());
        assertTrue(kr6.links().values().stream().allMatch(l -> l.inertial().equals(Inertial.NONE)));
        assertTrue(RobotDescription.parse(Resources.path("kr6r900sixx.urdf")).hardware().isEmpty());
    }

    @Test
    void continuousJointHasNoPositionLimitsButKeepsVelocityAndEffort() {
        RobotModel m = RobotDescription.parse(Urdf.robot("""
                <link name="a"/><link name="b"/>
                <joint name="wheel" type="continuous">
                  <parent link="a"/><child link="b"/><axis xyz="0 2 0"/>
                  <limit lower="-1" upper="1" velocity="3" effort="4"/>
                </joint>
                """), "wheel.urdf").robot();

        Joint wheel = m.joint("wheel").orElseThrow();
        assertFalse(wheel.limits().hasPositionLimits());
        assertEquals(3, wheel.limits().velocity());
        assertEquals(4, wheel.limits().effort());
        // the axis is kept as written, not normalised
        assertEquals(new Vector3(0, 2, 0), wheel.axis());
    }

    @Test
    void mimicJointKeepsMultiplierAndOffset() {
        RobotModel m = RobotDescription.parse(Urdf.gripper(""), "gripper.urdf").robot();

        assertEquals(new Mimic("finger_left", -1.0, 0.01), m.joint("finger_right").orElseThrow().mimic());
        assertTrue(m.joint("finger_right").orElseThrow().isMimic());
        assertEquals(JointType.PRISMATIC, m.joint("finger_left").orElseThrow().type());
    }

    @Test
    void inertialFrameRotationIsKeptWithTheTensorAsWrittenInThatFrame() {
        Inertial in = RobotDescription.parse(Urdf.robot("""
                <link name="a">
                  <inertial>
                    <origin xyz="0.1 0 -0.2" rpy="0 1.5707963 0.25"/>
                    <mass value="3"/>
                    <inertia ixx="0.1" ixy="0.01" ixz="0.02" iyy="0.2" iyz="0.03" izz="0.3"/>
                  </inertial>
                </link>
                """), "rotated.urdf").robot().link("a").orElseThrow().inertial();

        assertEquals(new Inertial(3, new Pose(0.1, 0, -0.2, 0, 1.5707963, 0.25), 0.1, 0.01, 0.02, 0.2, 0.03, 0.3), in);
    }

    @Test
    void streamsAreReadLikeFiles() throws Exception {
        try (InputStream in = UrdfParsingTest.class.getResourceAsStream("kr6r900sixx.urdf")) {
            RobotDescription kr6 = RobotDescription.parse(in, "kr6r900sixx.urdf");
            assertEquals("kr6r900sixx.urdf", kr6.source());
            assertEquals(8, kr6.robot().joints().size());
        }
    }

    @Test
    void missingOriginAndAxisTakeTheUrdfDefaults() {
        RobotModel m = RobotDescription.parse(Urdf.robot("""
                <link name="a"/><link name="b"/>
                <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
                  <limit velocity="1" effort="1"/></joint>
                """), "defaults.urdf").robot();

        Joint j = m.joint("j").orElseThrow();
        assertEquals(Pose.IDENTITY, j.origin());
        assertEquals(new Vector3(1, 0, 0), j.axis());
        // lower and upper default to 0 as in urdfdom
        assertEquals(0, j.limits().lower());
        assertEquals(0, j.limits().upper());
    }
}
