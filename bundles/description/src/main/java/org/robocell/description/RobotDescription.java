package org.robocell.description;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.model.RobotModel;
import org.robocell.description.internal.InputFiles;
import org.robocell.description.internal.Ros2ControlReader;
import org.robocell.description.internal.SecureXmlReader;
import org.robocell.description.internal.UrdfReader;
import org.robocell.description.internal.Utf8Text;
import org.robocell.description.internal.XmlElement;

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
        if (InputFiles.isBlank(bytes)) {
            throw emptyDocument(source);
        }
        if (Utf8Text.isUtf8Xml(bytes)) {
            return from(SecureXmlReader.read(new StringReader(Utf8Text.decodeUtf8(bytes, source)), source), source);
        }
        // another declared encoding: the parser reads the bytes as the XML declaration says
        return from(SecureXmlReader.read(new ByteArrayInputStream(bytes), source), source);
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
        return from(SecureXmlReader.read(new StringReader(xml), sourceName), sourceName);
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
