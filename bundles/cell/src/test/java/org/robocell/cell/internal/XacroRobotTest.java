package org.robocell.cell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.robocell.description.DescriptionException;
import org.robocell.description.RobotDescription;

/**
 * A robot whose {@code urdf} is a xacro file: expanded with the configuration's {@code xacro.args} (xacro's own
 * {@code name:=value} form) and {@code package.path}, in the robot's loop as in the check of a changed
 * configuration; relative package paths in a cell folder's {@code .cfg} resolve against the folder.
 */
class XacroRobotTest {

    @TempDir
    Path dir;

    private void writePackage() throws IOException {
        Path pkg = dir.resolve("packages/src/two_axis_description");
        Files.createDirectories(pkg.resolve("urdf"));
        Files.writeString(pkg.resolve("package.xml"), "<package format=\"3\"><name>two_axis_description</name></package>");
        Files.writeString(pkg.resolve("urdf/axes.xacro"), """
                <robot xmlns:xacro="http://www.ros.org/wiki/xacro">
                  <xacro:macro name="axis" params="prefix n parent">
                    <link name="${prefix}link${n}"/>
                    <joint name="${prefix}joint${n}" type="revolute">
                      <parent link="${parent}"/><child link="${prefix}link${n}"/><axis xyz="0 0 1"/>
                      <limit lower="${-radians(170)}" upper="${radians(170)}" effort="10" velocity="${pi}"/>
                    </joint>
                  </xacro:macro>
                </robot>
                """);
        Files.writeString(pkg.resolve("urdf/two_axis.urdf.xacro"), """
                <?xml version="1.0"?>
                <robot xmlns:xacro="http://www.ros.org/wiki/xacro" name="two_axis">
                  <xacro:arg name="prefix" default=""/>
                  <xacro:arg name="use_mock_hardware" default="false"/>
                  <xacro:include filename="$(find two_axis_description)/urdf/axes.xacro"/>
                  <link name="$(arg prefix)base"/>
                  <xacro:axis prefix="$(arg prefix)" n="1" parent="$(arg prefix)base"/>
                  <xacro:axis prefix="$(arg prefix)" n="2" parent="$(arg prefix)link1"/>
                  <ros2_control name="TwoAxis" type="system">
                    <hardware>
                      <xacro:if value="$(arg use_mock_hardware)"><plugin>mock_components/GenericSystem</plugin></xacro:if>
                      <xacro:unless value="$(arg use_mock_hardware)"><plugin>two_axis_driver/TwoAxisHardware</plugin></xacro:unless>
                    </hardware>
                    <joint name="$(arg prefix)joint1"><command_interface name="position"/><state_interface name="position"/></joint>
                    <joint name="$(arg prefix)joint2"><command_interface name="position"/><state_interface name="position"/></joint>
                  </ros2_control>
                </robot>
                """);
    }

    private Hashtable<String, Object> robot(String xacroArgs) {
        Hashtable<String, Object> d = new Hashtable<>();
        d.put("name", "two_axis");
        d.put("urdf", dir.resolve("packages/src/two_axis_description/urdf/two_axis.urdf.xacro").toString());
        d.put("package.path", "packages");
        d.put("xacro.args", xacroArgs);
        d.put("clock", "stepped");
        d.put("rate", "100");
        return d;
    }

    @Test
    void aXacroUrdfIsExpandedWithTheRobotsArgsAndPackagePath() throws IOException {
        writePackage();
        RobotSettings settings = RobotSettings.of(CellFolder.config(robot("use_mock_hardware:=true prefix:=left_")), dir);
        assertEquals(List.of(dir.resolve("packages")), settings.packagePath());

        RobotAssembly assembly = new RobotAssembly(settings);
        assembly.build();
        try {
            RobotDescription d = assembly.description();
            assertEquals("mock_components/GenericSystem", d.hardware().get(0).plugin());
            assertEquals(List.of("left_joint1", "left_joint2"), List.copyOf(d.robot().joints().keySet()));
            assertEquals(Math.toRadians(170), d.robot().joints().get("left_joint2").limits().upper(), 0.0);
        } finally {
            assembly.stop();
        }
        RobotDescription defaults = RobotSettings.of(CellFolder.config(robot("")), dir).description();
        assertEquals("two_axis_driver/TwoAxisHardware", defaults.hardware().get(0).plugin());
        assertEquals(List.of("joint1", "joint2"), List.copyOf(defaults.robot().joints().keySet()));
    }

    @Test
    void aChangedConfigurationWithABrokenXacroIsRefusedNamingTheFileAndLine() throws IOException {
        writePackage();
        RobotSettings noPackages = RobotSettings.of(CellFolder.config(robot("use_mock_hardware:=true")), dir.resolve("elsewhere"));
        DescriptionException e = assertThrows(DescriptionException.class, () -> RobotAssembly.validate(noPackages));
        assertTrue(e.getMessage().startsWith(dir.resolve("packages/src/two_axis_description/urdf/two_axis.urdf.xacro") + ":5: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("no package 'two_axis_description' on the package path"), e.getMessage());
    }

    @Test
    void xacroArgsAreReadInXacrosOwnForm() {
        assertEquals(Map.of("arm_id", "fr3", "hand", "false", "xyz", "0 0 0.1", "empty", ""),
                XacroArgs.parse("  arm_id:=fr3\thand:=false xyz:='0 0 0.1' empty:=\"\" ", "fr3"));
        assertEquals(Map.of(), XacroArgs.parse("", "fr3"));
        assertEquals("robot 'fr3': xacro.args entry 'hand=false' is not name:=value; expected xacro's form, e.g. "
                + "arm_id:=fr3 hand:=false", assertThrows(IllegalArgumentException.class,
                        () -> XacroArgs.parse("arm_id:=fr3 hand=false", "fr3")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> XacroArgs.parse("xyz:='0 0", "fr3"))
                .getMessage().contains("unclosed '"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> XacroArgs.parse("a:=1 a:=2", "fr3"))
                .getMessage().contains("sets 'a' twice"));
    }

    @Test
    void aCellFoldersPackagePathResolvesAgainstTheFolder() throws IOException {
        writePackage();
        Files.writeString(dir.resolve(RobotComponent.PID + "-two_axis.cfg"), """
                name=two_axis
                urdf=packages/src/two_axis_description/urdf/two_axis.urdf.xacro
                xacro.args=use_mock_hardware:=true
                package.path=packages, /opt/ros/share
                clock=stepped
                """);
        RobotSettings s = CellFolder.read(dir).robot("two_axis");
        assertEquals(List.of(dir.resolve("packages").normalize(), Path.of("/opt/ros/share")), s.packagePath());
        assertEquals("mock_components/GenericSystem", s.description().hardware().get(0).plugin());
    }
}
