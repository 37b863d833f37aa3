package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.robocell.description.Errors.assertFails;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 6: blank lines, spaces or a byte order mark before the {@code <?xml ...?>} declaration, which
 * tinyxml2 (ros2_control's URDF parser) and libxml2 accept and the JDK's parser alone refuses, are accepted, and
 * every line keeps its number in messages.
 */
class LeadingBlankTest {

    private static final String URDF = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<robot name=\"r\">\n"
            + "  <link name=\"a\"/>\n</robot>\n";

    @Test
    void blankLinesBeforeTheDeclarationAreAccepted() {
        assertEquals("r", RobotDescription.parse("\n\n   " + URDF, "blank.urdf").robot().name());
        byte[] bytes = ("\r\n\t " + URDF).getBytes(StandardCharsets.UTF_8);
        assertEquals("r", RobotDescription.parse(new ByteArrayInputStream(bytes), "blank.urdf").robot().name());
    }

    @Test
    void aByteOrderMarkAndBlanksBeforeTheDeclarationAreAccepted() {
        byte[] text = ("\n " + URDF).getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[text.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(text, 0, bytes, 3, text.length);
        assertEquals("r", RobotDescription.parse(new ByteArrayInputStream(bytes), "bom.urdf").robot().name());
        assertEquals("r", RobotDescription.parse("\uFEFF\n" + URDF, "bom.urdf").robot().name());
    }

    @Test
    void anotherDeclaredEncodingAfterBlanksIsStillRead() {
        String latin = "\n<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<robot name=\"r\u00e9\">\n"
                + "  <link name=\"a\"/>\n</robot>\n";
        byte[] bytes = latin.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals("r\u00e9", RobotDescription.parse(new ByteArrayInputStream(bytes), "latin.urdf").robot().name());
    }

    @Test
    void linesAfterTheBlanksKeepTheirNumbers() {
        String broken = "\n\n" + URDF.replace("<link name=\"a\"/>", "<link name=\"a\"/>\n  <link name=\"a\"/>");
        assertFails(() -> RobotDescription.parse(broken, "lines.urdf"), "lines.urdf:6", "link 'a' is defined twice");
    }
}
