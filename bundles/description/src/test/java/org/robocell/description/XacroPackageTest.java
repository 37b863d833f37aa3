package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.model.Joint;
import org.robocell.description.internal.XmlElement;
import org.robocell.description.internal.xacro.XacroExpander;

/**
 * A description package written the way franka_description, kuka_robot_descriptions and ros2_control_demos write
 * theirs, read with {@link RobotDescription#parseXacro}: {@code arm7_description} (a {@code package.xml}, a top
 * file with args, a macro file including a utilities file, YAML data through {@code xacro.load_yaml}, macros with
 * block and forwarded parameters, a macro calling itself, a ros2_control macro with conditionals) and
 * {@code tool_parts} (a package known by its folder name, included through {@code package://}).
 */
class XacroPackageTest {

    private static final Path PACKAGES = Resources.path("xacro/packages");
    private static final Path ARM7 = PACKAGES.resolve("arm7_description/urdf/arm7.urdf.xacro");
    private static final Path CELL = Path.of(System.getProperty("basedir", ".")).resolve("../../runtime/cell").normalize();

    private static RobotDescription arm7(Map<String, String> args) {
        return RobotDescription.parseXacro(ARM7, args, List.of(PACKAGES));
    }

    @Test
    void theExpandedArmHasTheJointOriginsAxesAndLimitsOfTheDefaultCellsFr3() {
        RobotDescription xacro = arm7(Map.of());
        RobotDescription fr3 = RobotDescription.parse(CELL.resolve("fr3.urdf"));

        for (int i = 1; i <= 8; i++) {
            Joint expanded = xacro.robot().joints().get("joint" + i);
            Joint written = fr3.robot().joints().get("joint" + i);
            assertEquals(written.type(), expanded.type(), "joint" + i);
            assertEquals(written.parent(), expanded.parent(), "joint" + i);
            assertEquals(written.child(), expanded.child(), "joint" + i);
            assertEquals(written.origin(), expanded.origin(), "joint" + i);
            assertEquals(written.axis(), expanded.axis(), "joint" + i);
            assertEquals(written.limits(), expanded.limits(), "joint" + i);
            assertEquals(written.softLimits(), expanded.softLimits(), "joint" + i);
        }
        assertEquals("fr3", fr3.robot().name());
        assertEquals("arm7", xacro.robot().name());
        assertEquals(ARM7.toString(), xacro.source());
    }

    @Test
    void defaultArgsGiveTheRealHardwareWithItsAddressAndTheReadyPose() {
        HardwareInfo hw = arm7(Map.of()).hardware().get(0);

        assertEquals("Arm7System", hw.name());
        assertEquals("arm7_hardware/Arm7HardwareInterface", hw.plugin());
        assertEquals("192.168.0.2", hw.parameters().get("robot_ip"));
        assertEquals(7, hw.joints().size());
        double[] ready = { 0.0, -Math.PI / 4, 0.0, -3 * Math.PI / 4, 0.0, Math.PI / 2, Math.PI / 4 };
        for (int i = 0; i < 7; i++) {
            ComponentInfo joint = hw.joints().get(i);
            assertEquals("joint" + (i + 1), joint.name());
            assertEquals(ready[i], joint.stateInterfaces().get(0).initialValue(), 0.0, joint.name());
        }
    }

    @Test
    void argsOverrideTheDefaultsAndChooseTheBranches() {
        RobotDescription mock = arm7(Map.of("use_mock_hardware", "true", "arm_prefix", "left_",
                "robot_ip", "10.0.0.7"));

        HardwareInfo hw = mock.hardware().get(0);
        assertEquals("mock_components/GenericSystem", hw.plugin());
        assertFalse(hw.parameters().containsKey("robot_ip"), "the real hardware's branch is left out");
        assertEquals("left_Arm7System", hw.name());
        assertEquals("left_joint4", hw.joints().get(3).name());
        assertTrue(mock.robot().joints().containsKey("left_joint7"));
        assertFalse(mock.robot().joints().containsKey("joint7"));

        RobotDescription kinematicsOnly = arm7(Map.of("ros2_control", "false"));
        assertTrue(kinematicsOnly.hardware().isEmpty());
    }

    @Test
    void blockParametersInsertTheCallersElementsWhereTheMacroSays() {
        XmlElement robot = XacroExpander.expand(ARM7, Map.of("with_sc", "true"), List.of(PACKAGES), name -> null);

        XmlElement link0sc = robot.children("link").stream()
                .filter(l -> "link0_sc".equals(l.attribute("name"))).findFirst().orElseThrow();
        XmlElement collision = link0sc.optionalChild("collision");
        // capsule radius 0.06 + safety_distance 0.03, direction x: no z offset, rolled by pi/2
        assertEquals("0.09", collision.optionalChild("geometry").optionalChild("sphere").attribute("radius"));
        assertEquals("-0.075 0 0.06", collision.optionalChild("origin").attribute("xyz"));
        assertEquals(Math.PI / 2 + " 0 0", collision.optionalChild("origin").attribute("rpy"));
        XmlElement mount = robot.children("joint").get(0).optionalChild("origin");
        assertEquals("0 0 0", mount.attribute("xyz"));
        assertEquals(8, robot.children("joint").stream().filter(j -> j.attribute("name").endsWith("_sc_joint")).count());

        XmlElement plain = XacroExpander.expand(ARM7, Map.of(), List.of(PACKAGES), name -> null);
        assertEquals(0, plain.children("link").stream().filter(l -> l.attribute("name").endsWith("_sc")).count());
    }

    @Test
    void expandedElementsKeepTheFileAndLineTheyWereWrittenAt() {
        XmlElement robot = XacroExpander.expand(ARM7, Map.of(), List.of(PACKAGES), name -> null);

        XmlElement joint3 = robot.children("joint").stream()
                .filter(j -> "joint3".equals(j.attribute("name"))).findFirst().orElseThrow();
        assertTrue(joint3.source().endsWith("arm7_macro.xacro"), joint3.source());
        assertEquals(Errors.lineOf(Resources.text("xacro/packages/arm7_description/urdf/arm7_macro.xacro"),
                "<joint name=\"${prefix}joint${i}\""), joint3.line());
        XmlElement limit = joint3.optionalChild("limit");
        assertTrue(limit.source().endsWith("utils.xacro"), limit.source());
    }

    @Test
    void aPackageIsFoundByItsFolderNameAndReachedThroughPackageUrls() {
        RobotDescription withTool = arm7(Map.of("tool", "gripper"));

        Joint finger = withTool.robot().joints().get("finger_joint");
        assertEquals(0.04, finger.limits().upper(), 0.0);
        assertEquals(-Math.PI / 4, withTool.robot().joints().get("hand_joint").origin().yaw(), 0.0);
        assertEquals("link8", withTool.robot().joints().get("hand_joint").parent());
    }
}
