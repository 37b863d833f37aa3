package org.robocell.description;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.model.RobotModel;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.Ros2ControlReader;
import org.robocell.description.internal.UrdfReader;
import org.robocell.description.internal.XmlDocuments;
import org.robocell.description.internal.XmlElement;
import org.robocell.description.internal.xacro.XacroExpander;

/**
 * A robot as a URDF describes it: the kinematic tree, and the hardware components of its {@code <ros2_control>}
 * blocks (empty when the URDF has none, as a URDF used only for kinematics).
 *
 * <pre>{@code
 * RobotDescription fr3 = RobotDescription.parse(Path.of("cell/fr3.urdf"));
 * fr3.robot().joints();        // the URDF joints
 * fr3.hardware().get(0);       // <ros2_control name="..." type="system">
 * }</pre>
 *
 * @param source   the file name or label the description was read from, as used in error messages
 * @param robot    the links and joints
 * @param hardware the {@code <ros2_control>} blocks in file order
 */
public record RobotDescription(String source, RobotModel robot, List<HardwareInfo> hardware) {

    public RobotDescription {
        hardware = List.copyOf(hardware);
    }

    /** Reads a URDF file; the path as given names the file in error messages. */
    public static RobotDescription parse(Path file) {
        String source = file.toString();
        return fromBytes(InputFiles.read(file, source, InputFiles.MAX_URDF_BYTES), source);
    }

    /**
     * Reads a URDF from a stream, e.g. a bundle resource; the caller closes the stream.
     *
     * @param sourceName names the input in error messages, e.g. {@code fr3.urdf}
     */
    public static RobotDescription parse(InputStream in, String sourceName) {
        return fromBytes(InputFiles.read(in, sourceName, InputFiles.MAX_URDF_BYTES), sourceName);
    }

    private static RobotDescription fromBytes(byte[] bytes, String source) {
        return from(XmlDocuments.read(bytes, source, "a URDF with a <robot> element"), source);
    }

    /**
     * Reads a xacro file ({@code robot.urdf.xacro}) and the files it includes, expanded as the xacro tool would
     * expand them, without ROS: properties, args, macros (with block and default parameters), includes,
     * conditionals, {@code ${}} expressions (Python's operators, {@code math}, {@code xacro.load_yaml}) and the
     * substitutions {@code $(arg)}, {@code $(find)}, {@code $(env)}, {@code $(optenv)}, {@code $(eval)}. A problem
     * names the file and line it is in, an included file's own.
     *
     * @param file        the xacro file; the path as given names it in error messages
     * @param args        xacro args by name ({@code arm_id} → {@code fr3}), as {@code arm_id:=fr3} on xacro's command
     *                    line; they override the files' {@code <xacro:arg>} defaults
     * @param packagePath directories searched, in order, for the packages {@code $(find pkg)} and
     *                    {@code package://pkg/} name: a directory named after the package (an install's
     *                    {@code share/}), or one whose {@code package.xml} names it (a source checkout)
     * @since 1.1
     */
    public static RobotDescription parseXacro(Path file, Map<String, String> args, List<Path> packagePath) {
        String source = file.toString();
        return from(XacroExpander.expand(file, args, packagePath, System::getenv), source);
    }

    /**
     * Reads URDF text.
     *
     * @param sourceName names the input in error messages, e.g. {@code fr3.urdf}
     */
    public static RobotDescription parse(String xml, String sourceName) {
        if (xml == null || xml.isBlank()) {
            throw emptyDocument(sourceName);
        }
        return from(XmlDocuments.read(xml, sourceName), sourceName);
    }

    private static RobotDescription from(XmlElement root, String source) {
        UrdfReader.ParsedUrdf urdf = UrdfReader.read(root);
        return new RobotDescription(source, urdf.model(), Ros2ControlReader.read(root, urdf));
    }

    private static DescriptionException emptyDocument(String source) {
        return new DescriptionException(source, 0, 0, "the document is empty; expected a URDF with a <robot> element");
    }

    /** The {@code <ros2_control>} block with this name. */
    public Optional<HardwareInfo> hardware(String name) {
        return hardware.stream().filter(h -> h.name().equals(name)).findFirst();
    }
}
