package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.robocell.description.Errors.assertFails;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistakes in xacro files, as a careless author or a hostile file makes them: each is one line naming the file and
 * line where it is written (an included file's own), what is wrong, and what was expected; none hangs or exhausts
 * memory.
 */
class XacroErrorsTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static String robot(String body) {
        return "<?xml version=\"1.0\"?>\n<robot name=\"r\" xmlns:xacro=\"http://www.ros.org/wiki/xacro\">\n" + body
                + "</robot>\n";
    }

    private RobotDescription expand(Path file) {
        return RobotDescription.parseXacro(file, Map.of(), List.of(dir));
    }

    @Test
    void anUndefinedPropertyNamesTheClosestDefinedOne() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <xacro:property name="width" value="0.1"/>
                <link name="a"/>
                <link name="b"><visual><geometry><box size="${widht} 1 1"/></geometry></visual></link>
                """));
        assertFails(() -> expand(f), f + ":5", "the property 'widht' is not defined (did you mean 'width'?)",
                "in ${widht}", "expected a property or macro parameter defined before its use");
    }

    @Test
    void anUnsetArgNamesTheClosestDeclaredOne() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <xacro:arg name="arm_id" default="fr3"/>
                <link name="$(arg armid)_link0"/>
                """));
        assertFails(() -> expand(f), f + ":4", "the arg 'armid' is not set (did you mean 'arm_id'?)",
                "armid:=value in the robot's xacro.args");
    }

    @Test
    void anUnknownMacroNamesTheClosestDefinedOne() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <xacro:macro name="franka_robot" params="arm_id"><link name="${arm_id}"/></xacro:macro>
                <xacro:frank_robot arm_id="fr3"/>
                """));
        assertFails(() -> expand(f), f + ":4", "calls the macro 'frank_robot', which is not defined",
                "(did you mean 'franka_robot'?)");
    }

    @Test
    void aProblemInAnIncludedFileNamesThatFileAndItsOwnLine() throws IOException {
        write("pkg/package.xml", "<package><name>my_description</name></package>");
        Path inc = write("pkg/urdf/arm.xacro", robot("""
                <xacro:macro name="arm" params="prefix">
                  <link name="${prefix}base"/>
                  <joint name="${prefix}j1" type="revolute"><parent link="${prefix}base"/><child link="${prefix}l1"/>
                    <limit effort="1" velocity="${1/0}"/>
                  </joint>
                  <link name="${prefix}l1"/>
                </xacro:macro>
                """));
        Path top = write("top.urdf.xacro", robot("""
                <xacro:include filename="$(find my_description)/urdf/arm.xacro"/>
                <xacro:arm prefix="left_"/>
                """));
        DescriptionException e = assertFails(() -> expand(top), inc + ":6", "division by zero", "in ${1/0}");
        assertEquals(inc.toString(), e.source());
    }

    @Test
    void urdfProblemsAfterExpansionPointIntoTheMacroThatWroteTheElement() throws IOException {
        Path inc = write("arm.xacro", robot("""
                <xacro:macro name="arm" params="prefix">
                  <link name="${prefix}base"/>
                  <joint name="${prefix}j1" type="revolute"><parent link="${prefix}base"/><child link="${prefix}l1"/>
                  </joint>
                  <link name="${prefix}l1"/>
                </xacro:macro>
                """));
        Path top = write("top.urdf.xacro", robot("<xacro:include filename=\"arm.xacro\"/>\n<xacro:arm prefix=\"\"/>\n"));
        assertFails(() -> expand(top), inc + ":5", "<joint name=\"j1\"> is revolute but has no <limit>");
    }

    @Test
    void aMissingIncludeSaysWhichFileWasLookedFor() throws IOException {
        Path f = write("r.urdf.xacro", robot("<xacro:include filename=\"common/materials.xacro\"/>\n<link name=\"a\"/>\n"));
        assertFails(() -> expand(f), f + ":3", "the included file " + dir.resolve("common/materials.xacro")
                + " does not exist");
        Path optional = write("o.urdf.xacro", robot("<xacro:include filename=\"nope.xacro\" optional=\"true\"/>\n"
                + "<link name=\"a\"/>\n"));
        assertEquals(1, expand(optional).robot().links().size());
    }

    @Test
    void anUnknownPackageListsThePackagePath() throws IOException {
        Path f = write("r.urdf.xacro", robot("<xacro:include filename=\"$(find franka_description)/x.xacro\"/>\n"));
        assertFails(() -> expand(f), f + ":3", "no package 'franka_description' on the package path [" + dir + "]",
                "package.path");
    }

    @Test
    void aMacroCallingItselfWithoutEndStopsAtABoundedDepth() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <link name="a"/>
                <xacro:macro name="again" params="n"><xacro:again n="${n+1}"/></xacro:macro>
                <xacro:again n="0"/>
                """));
        assertFails(() -> expand(f), f + ":4", "macros call macros more than 100 deep (does 'again' call itself");
    }

    @Test
    void aMacroDoublingItsOutputAtEachLevelStopsAtTheSizeBound() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <link name="a"/>
                <xacro:macro name="twice" params="n">
                  <xacro:if value="${n > 0}"><xacro:twice n="${n-1}"/><xacro:twice n="${n-1}"/></xacro:if>
                  <xacro:unless value="${n > 0}"><material name="m"/></xacro:unless>
                </xacro:macro>
                <xacro:twice n="60"/>
                """));
        assertFails(() -> expand(f), f + ":6", "the expansion takes more than 2000000 steps",
                "expected a description that expands in ordinary time");
    }

    @Test
    void aBlockInsertedAgainAndAgainStopsAtTheSizeBound() throws IOException {
        StringBuilder levels = new StringBuilder("<xacro:macro name=\"m0\" params=\"**b\"><xacro:insert_block name=\"b\"/>"
                + "<xacro:insert_block name=\"b\"/></xacro:macro>\n");
        for (int i = 1; i < 40; i++) {
            levels.append("<xacro:macro name=\"m").append(i).append("\" params=\"**b\"><xacro:m").append(i - 1)
                    .append("><b><xacro:insert_block name=\"b\"/><xacro:insert_block name=\"b\"/></b></xacro:m")
                    .append(i - 1).append("></xacro:macro>\n");
        }
        Path f = write("r.urdf.xacro", robot(levels + "<link name=\"a\"><xacro:m39><b><material name=\"x\"/></b>"
                + "</xacro:m39></link>\n"));
        DescriptionException e = assertThrows(DescriptionException.class, () -> expand(f));
        assertEquals(f.toString(), e.source());
        assertEquals("the expanded document has more than 200000 elements; expected a description of ordinary size",
                e.problem());
    }

    @Test
    void aFileIncludingItselfStopsAtABoundedDepth() throws IOException {
        Path f = write("r.urdf.xacro", robot("<link name=\"a\"/>\n<xacro:include filename=\"r.urdf.xacro\"/>\n"));
        assertFails(() -> expand(f), f + ":4", "include each other more than 32 deep");
    }

    @Test
    void propertiesThatNeedEachOtherAreNamedInTheirCircle() throws IOException {
        Path f = write("r.urdf.xacro", robot("""
                <xacro:property name="a" value="${b + 1}"/>
                <xacro:property name="b" value="${a * 2}"/>
                <link name="l${a}"/>
                """));
        assertFails(() -> expand(f), f + ":5", "the property 'a' needs itself: a -> b -> a");
    }

    @Test
    void macroParametersMustBeGivenAndKnown() throws IOException {
        Path missing = write("m.urdf.xacro", robot("""
                <xacro:macro name="arm" params="prefix parent *origin"><link name="${prefix}"/></xacro:macro>
                <xacro:arm prefix="p"><origin xyz="0 0 0"/></xacro:arm>
                """));
        assertFails(() -> expand(missing), missing + ":4", "leaves the parameter parent without a value",
                "expected <xacro:arm parent=\"...\" ...>");
        Path unknown = write("u.urdf.xacro", robot("""
                <xacro:macro name="arm" params="prefix"><link name="${prefix}"/></xacro:macro>
                <xacro:arm prefx="p"/>
                """));
        assertFails(() -> expand(unknown), unknown + ":4", "macro 'arm' has no parameter 'prefx' (did you mean 'prefix'?)");
        Path noBlock = write("b.urdf.xacro", robot("""
                <xacro:macro name="arm" params="*origin"><link name="a"/></xacro:macro>
                <xacro:arm/>
                """));
        assertFails(() -> expand(noBlock), noBlock + ":4", "takes the block *origin but the call has 0 elements inside");
    }

    @Test
    void aConditionThatIsNotABooleanIsRefused() throws IOException {
        Path f = write("r.urdf.xacro", robot("<xacro:if value=\"yes\"><link name=\"a\"/></xacro:if>\n"));
        assertFails(() -> expand(f), f + ":3", "the condition \"yes\" is 'yes', which is not a boolean",
                "expected true, false, 1, 0");
    }

    @Test
    void aMalformedExpressionSaysWhereItStopsReading() throws IOException {
        Path f = write("r.urdf.xacro", robot("<link name=\"a\"><inertial><mass value=\"${2 *}\"/></inertial></link>\n"));
        assertFails(() -> expand(f), f + ":3", "cannot read ${2 *}: the end at character 4", "expected a value");
    }

    @Test
    void malformedXmlInAnIncludedFileNamesThatFile() throws IOException {
        Path inc = write("bad.xacro", "<robot>\n<link name=\"a\">\n</robot>\n");
        Path top = write("top.urdf.xacro", robot("<xacro:include filename=\"bad.xacro\"/>\n"));
        DescriptionException e = assertFails(() -> expand(top), inc + ":3:3", "malformed XML");
        assertEquals(inc.toString(), e.source());
    }

    @Test
    void theRootMustBeTheDescriptionsOwnElement() throws IOException {
        Path f = write("m.xacro", "<xacro:macro xmlns:xacro=\"http://www.ros.org/wiki/xacro\" name=\"m\"/>\n");
        assertFails(() -> expand(f), f + ":1", "the root element is <xacro:macro>", "expected <robot name=");
    }

    @Test
    void aStrayQuoteInMacroParametersMakesTheWholeWordAParameterNameAsInXacro() throws IOException {
        Path f = write("r.urdf.xacro", robot("<xacro:macro name=\"m\" params=\"a:=" + "x".repeat(40)
                + "'\"><link name=\"l\"/></xacro:macro>\n<xacro:m/>\n"));
        assertFails(() -> expand(f), f + ":4", "leaves the parameter a:=" + "x".repeat(40) + "' without a value");
    }

    @Test
    void aMissingTopFileIsOneLine() {
        Path f = dir.resolve("nothing.urdf.xacro");
        assertFails(() -> expand(f), f.toString(), "the file does not exist");
    }
}
