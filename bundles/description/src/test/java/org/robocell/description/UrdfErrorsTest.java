package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.robocell.description.Errors.assertFails;
import static org.robocell.description.Errors.lineOf;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each broken URDF is reported with file, line, the element and what was expected (what ros2_control's hardware_interface/src/component_parser.cpp refuses, said precisely). */
class UrdfErrorsTest {

    private static final String PLUGIN = "<hardware><plugin>mock_components/GenericSystem</plugin></hardware>\n";

    @Test
    void rootMustBeRobot() {
        assertFails(() -> RobotDescription.parse("<sdf version=\"1.7\"><model name=\"m\"/></sdf>", "m.sdf"),
                "m.sdf:1", "the root element is <sdf>", "expected <robot");
    }

    @Test
    void emptyDocumentIsRejectedAsEmpty(@TempDir Path dir) throws Exception {
        assertFails(() -> RobotDescription.parse("  \n", "blank.urdf"), "blank.urdf", "the document is empty",
                "expected a URDF with a <robot> element");
        Path empty = Files.writeString(dir.resolve("empty.urdf"), "");
        assertFails(() -> RobotDescription.parse(empty), empty.toString(), "the document is empty");
    }

    @Test
    void malformedXmlGivesTheParsersLineAndColumn() {
        String xml = "<robot name=\"r\">\n  <link name=\"a\">\n</robot>\n";
        DescriptionException e = assertFails(() -> RobotDescription.parse(xml, "bad.urdf"), "bad.urdf:3:3",
                "malformed XML", "expected a well-formed XML document");
        assertEquals(3, e.line());
        assertEquals(3, e.column());
    }

    @Test
    void invalidUtf8IsReportedAtItsLine(@TempDir Path dir) throws Exception {
        byte[] bytes = "<robot name=\"r\">\n<link name=\"caf\u00e9\"/>\n</robot>\n".getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("latin1.urdf"), bytes);
        assertFails(() -> RobotDescription.parse(file), file + ":2", "is not valid UTF-8", "expected a UTF-8 text file");
    }

    @Test
    void declaredEncodingOtherThanUtf8IsHonoured(@TempDir Path dir) throws Exception {
        byte[] bytes = ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<robot name=\"r\">\n<link name=\"caf\u00e9\"/>\n"
                + "</robot>\n").getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(dir.resolve("latin1.urdf"), bytes);
        assertEquals("caf\u00e9", RobotDescription.parse(file).robot().rootLink());
    }

    @Test
    void unknownTagUnderRos2ControlIsNamedWithTheExpectedTags() {
        String xml = Urdf.gripper("<ros2_control name=\"Arm\" type=\"system\">\n" + PLUGIN
                + "<joints name=\"spare_joint\"/>\n</ros2_control>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<joints"),
                "unknown tag <joints> in <ros2_control name=\"Arm\">",
                "expected one of <hardware>, <joint>, <sensor>, <gpio>, <transmission>, <properties>",
                "did you mean 'joint'?");
    }

    /** ros2_control would run it on a thread of its own; silently running it in the loop would not be what was asked. */
    @Test
    void anAsynchronousComponentIsRefusedRatherThanRunInTheLoop() {
        String xml = Urdf.gripper("<ros2_control name=\"Arm\" type=\"system\" is_async=\"true\">\n<hardware>"
                + "<plugin>mock_components/GenericSystem</plugin></hardware>\n</ros2_control>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "is_async"),
                "has is_async=\"true\", but RoboCell reads and writes every component in its robot's loop",
                "expected is_async=\"false\" or none");
        RobotDescription.parse(xml.replace("is_async=\"true\"", "is_async=\"false\""), "arm.urdf");
    }

    @Test
    void hardwareWithoutPluginIsRejected() {
        String xml = Urdf.gripper("<ros2_control name=\"Arm\" type=\"system\">\n<hardware>\n"
                + "<param name=\"ip\">1.2.3.4</param></hardware>\n</ros2_control>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<hardware>"),
                "<hardware> in <ros2_control name=\"Arm\"> has no <plugin>",
                "expected <plugin>package/ClassName</plugin>");
    }

    @Test
    void jointThatIsNotInTheUrdfIsRejectedWithTheKnownJoints() {
        String xml = block("<joint name=\"finger_lefft\"><command_interface name=\"position\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "finger_lefft"),
                "<joint name=\"finger_lefft\"> in <ros2_control name=\"Arm\"> is not a joint of the URDF",
                "expected one of finger_left, finger_right, spare_joint", "did you mean 'finger_left'?");
    }

    @Test
    void fixedJointIsRejectedPointingAtItsUrdfDefinition() {
        String xml = block("<joint name=\"palm_fixed\"><state_interface name=\"position\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<joint name=\"palm_fixed\"><state"),
                "is a fixed joint in the URDF (line " + lineOf(xml, "<joint name=\"palm_fixed\"") + ")",
                "expected a joint that moves");
    }

    @Test
    void mimicJointCannotHaveCommandInterfaces() {
        String xml = block("<joint name=\"finger_right\"><command_interface name=\"position\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<joint name=\"finger_right\"><"),
                "mimics joint 'finger_left' in the URDF", "cannot have command interfaces",
                "expected only state interfaces, or mimic=\"false\"");
    }

    @Test
    void mimicTrueOnAJointThatDoesNotMimicIsRejected() {
        String xml = block("<joint name=\"spare_joint\" mimic=\"true\"><state_interface name=\"position\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "mimic=\"true\""),
                "has mimic=\"true\" but the URDF joint", "has no <mimic>", "expected a <mimic joint=");
    }

    @Test
    void duplicateInterfaceInOneComponentIsRejected() {
        String xml = block("<joint name=\"spare_joint\">\n<state_interface name=\"position\"/>\n"
                + "<state_interface name=\"position\"/>\n</joint>\n");
        int first = lineOf(xml, "<state_interface name=\"position\"/>");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + (first + 1),
                "<state_interface name=\"position\"> is declared twice in <joint name=\"spare_joint\">",
                "(first at line " + first + ")", "expected each state_interface name once per component");
    }

    @Test
    void sameFullInterfaceNameInTwoComponentsIsRejected() {
        String xml = Urdf.gripper("""
                <ros2_control name="A" type="system">
                <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                <joint name="spare_joint"><command_interface name="position"/></joint>
                </ros2_control>
                <ros2_control name="B" type="system">
                <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
                <joint name="spare_joint"><command_interface name="position"/></joint>
                </ros2_control>
                """);
        int first = lineOf(xml, "<joint name=\"spare_joint\"><command");
        assertFails(() -> RobotDescription.parse(xml, "two.urdf"), "two.urdf:" + (first + 4),
                "command interface 'spare_joint/position' is declared by <ros2_control name=\"B\">",
                "already by <ros2_control name=\"A\"> (line " + first + ")",
                "expected each full interface name once across all hardware components");
    }

    @Test
    void nonNumericMinMaxAndInitialValueAreRejected() {
        for (String param : new String[] {"min", "max", "initial_value"}) {
            String xml = block("<joint name=\"spare_joint\"><command_interface name=\"position\">\n"
                    + "<param name=\"" + param + "\">1,5</param>\n</command_interface></joint>\n");
            assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<param name"),
                    "<param name=\"" + param + "\"> of <command_interface name=\"position\"> of <joint name=\"spare_joint\">",
                    "is '1,5'", "expected a finite number");
        }
    }

    @Test
    void unknownDataTypeIsRejectedWithTheKnownTypes() {
        String xml = block("<gpio name=\"io\"><state_interface name=\"x\" data_type=\"float64\"/></gpio>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "float64"),
                "data_type=\"float64\"", "expected one of double, float32, bool, uint8, int8, uint16, int16, uint32, int32");
    }

    @Test
    void interfaceArraySizeIsRejectedClearly() {
        String xml = block("<gpio name=\"io\"><state_interface name=\"x\" size=\"4\"/></gpio>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "size="),
                "size=\"4\"", "expected size=\"1\" or no size attribute");
    }

    @Test
    void missingNameAttributesAreRejectedWithTheExpectedForm() {
        String joint = block("<joint><state_interface name=\"position\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(joint, "arm.urdf"), "arm.urdf:" + lineOf(joint, "<joint><state"),
                "<joint> has no name attribute", "expected <joint name=");
        String iface = block("<joint name=\"spare_joint\"><state_interface/></joint>\n");
        assertFails(() -> RobotDescription.parse(iface, "arm.urdf"), "arm.urdf:" + lineOf(iface, "<state_interface/>"),
                "<state_interface> has no name attribute", "expected <state_interface name=");
        String block = Urdf.gripper("<ros2_control type=\"system\">" + PLUGIN + "</ros2_control>\n");
        assertFails(() -> RobotDescription.parse(block, "arm.urdf"), "arm.urdf:" + lineOf(block, "<ros2_control"),
                "<ros2_control> has no name attribute");
        String link = Urdf.robot("<link/>\n");
        assertFails(() -> RobotDescription.parse(link, "r.urdf"), "r.urdf:2", "<link> has no name attribute");
    }

    @Test
    void ros2ControlTypeMustBeSystemActuatorOrSensor() {
        String xml = Urdf.gripper("<ros2_control name=\"A\" type=\"robot\">" + PLUGIN + "</ros2_control>\n");
        assertFails(() -> RobotDescription.parse(xml, "arm.urdf"), "arm.urdf:" + lineOf(xml, "<ros2_control"),
                "type=\"robot\"", "expected system, actuator or sensor");
    }

    @Test
    void jointReferringToAnUndefinedLinkIsRejected() {
        String xml = Urdf.robot("<link name=\"a\"/>\n<joint name=\"j\" type=\"fixed\">\n<parent link=\"a\"/>\n"
                + "<child link=\"b\"/>\n</joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "r.urdf"), "r.urdf:5",
                "<child link=\"b\"> of <joint name=\"j\"> names a link that is not defined", "expected one of a");
    }

    @Test
    void zeroAxisIsRejected() {
        String xml = Urdf.robot("<link name=\"a\"/><link name=\"b\"/>\n<joint name=\"j\" type=\"continuous\">"
                + "<parent link=\"a\"/><child link=\"b\"/>\n<axis xyz=\"0 0 0\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "r.urdf"), "r.urdf:4", "<axis xyz=\"0 0 0\"> of <joint name=\"j\"> is zero",
                "expected a non-zero direction");
    }

    @Test
    void revoluteJointNeedsLimitsWithEffortAndVelocity() {
        String none = Urdf.robot("<link name=\"a\"/><link name=\"b\"/>\n<joint name=\"j\" type=\"revolute\">"
                + "<parent link=\"a\"/><child link=\"b\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(none, "r.urdf"), "r.urdf:3", "is revolute but has no <limit>",
                "expected <limit lower=");
        String noEffort = Urdf.robot("<link name=\"a\"/><link name=\"b\"/>\n<joint name=\"j\" type=\"revolute\">"
                + "<parent link=\"a\"/><child link=\"b\"/>\n<limit lower=\"-1\" upper=\"1\" velocity=\"1\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(noEffort, "r.urdf"), "r.urdf:4",
                "<limit> of <joint name=\"j\"> has no effort attribute", "expected effort=");
    }

    @Test
    void lowerAboveUpperIsRejected() {
        String xml = Urdf.robot("<link name=\"a\"/><link name=\"b\"/>\n<joint name=\"j\" type=\"prismatic\">"
                + "<parent link=\"a\"/><child link=\"b\"/>\n<limit lower=\"1\" upper=\"-1\" velocity=\"1\" effort=\"1\"/>"
                + "</joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "r.urdf"), "r.urdf:4", "lower=1.0 above upper=-1.0",
                "expected lower <= upper");
    }

    @Test
    void numbersMustBeFiniteDecimals() {
        for (String bad : new String[] {"NaN", "Infinity", "0x1p3", "1e999", "1.5d", "abc", ""}) {
            String xml = Urdf.robot("<link name=\"a\">\n<inertial><mass value=\"" + bad + "\"/>"
                    + "<inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial></link>\n");
            assertFails(() -> RobotDescription.parse(xml, "r.urdf"), "r.urdf:3",
                    "<mass> of <link name=\"a\"> has value=\"" + bad + "\"", "expected a finite decimal number");
        }
    }

    @Test
    void originNeedsThreeNumbers() {
        String xml = Urdf.robot("<link name=\"a\"/><link name=\"b\"/>\n<joint name=\"j\" type=\"fixed\">"
                + "<parent link=\"a\"/><child link=\"b\"/>\n<origin xyz=\"0 0\"/></joint>\n");
        assertFails(() -> RobotDescription.parse(xml, "r.urdf"), "r.urdf:4",
                "<origin> of <joint name=\"j\"> has xyz=\"0 0\"", "expected three finite numbers");
    }

    @Test
    void duplicateLinksAndDisconnectedTreesAreRejected() {
        String twice = Urdf.robot("<link name=\"a\"/>\n<link name=\"a\"/>\n");
        assertFails(() -> RobotDescription.parse(twice, "r.urdf"), "r.urdf:3", "link 'a' is defined twice (first at line 2)");
        String twoRoots = Urdf.robot("<link name=\"a\"/>\n<link name=\"b\"/>\n");
        assertFails(() -> RobotDescription.parse(twoRoots, "r.urdf"), "r.urdf:1", "exactly one root link",
                "expected links and joints that form a single tree");
    }

    @Test
    void unexpandedXacroIsRejectedWithAHint() {
        String xml = "<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n"
                + "<xacro:property name=\"pi\" value=\"3.14\"/>\n<link name=\"a\"/>\n</robot>\n";
        assertFails(() -> RobotDescription.parse(xml, "r.urdf.xacro"), "r.urdf.xacro:2",
                "<xacro:property> is a xacro element in a plain URDF", "expected a URDF already expanded by xacro",
                "name it *.xacro in the robot's urdf setting", "RobotDescription.parseXacro");
    }

    private static String block(String components) {
        return Urdf.gripper("<ros2_control name=\"Arm\" type=\"system\">\n" + PLUGIN + components + "</ros2_control>\n");
    }
}
