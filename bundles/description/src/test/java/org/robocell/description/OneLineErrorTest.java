package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * Whatever a file quotes into an error, the message stays one printable line of bounded length that still says what
 * was expected. The two files used here are inputs the fuzzer found (RobotDescriptionFuzzTest,
 * ControllersConfigFuzzTest); they stay in its corpus.
 */
class OneLineErrorTest {

    @Test
    void lineBreaksTheParserQuotesFromTheFileAreShownEscaped() {
        Path found = Resources.path("RobotDescriptionFuzzTestInputs/anyBytesGiveADescriptionOrOneLineError/"
                + "found-line-breaks-quoted-in-message.urdf");
        DescriptionException e = assertThrows(DescriptionException.class, () -> RobotDescription.parse(found));
        String m = e.getMessage();
        assertFalse(m.contains("\n") || m.contains("\r"), m.substring(0, Math.min(m.length(), 300)));
        assertTrue(m.startsWith(found + ":5:14: malformed XML: XML version \"1.0=====") && m.contains(" -->\\n<!-- |"),
                m);
        assertTrue(m.endsWith("; expected a well-formed XML document"), m);
    }

    @Test
    void controlCharactersInANameCannotReachTheTerminal() {
        // U+009B is the one-character CSI of terminals, and XML 1.0 allows it
        String urdf = Urdf.robot("<link name=\"a&#155;2J&#10;b\"/>\n<link name=\"a&#155;2J&#10;b\"/>\n");
        DescriptionException e = assertThrows(DescriptionException.class,
                () -> RobotDescription.parse(urdf, "esc.urdf"));
        assertEquals("esc.urdf:3: link 'a\\u009b2J\\nb' is defined twice (first at line 2); expected unique link names",
                e.getMessage());
        assertEquals(e.getMessage(), "esc.urdf:3: " + e.problem());
    }

    @Test
    void anOverlongQuotedNameIsShortenedAndWhatWasExpectedIsKept() {
        String name = "j".repeat(20_000);
        String urdf = Urdf.robot("<link name=\"" + name + "\"/>\n<link name=\"" + name + "\"/>\n");
        DescriptionException e = assertThrows(DescriptionException.class,
                () -> RobotDescription.parse(urdf, "long.urdf"));
        String p = e.problem();
        assertTrue(p.length() <= DescriptionException.MAX_PROBLEM_LENGTH, () -> p.length() + " characters");
        assertTrue(p.startsWith("link 'jjjj") && p.endsWith("jjj ... ; expected unique link names"),
                () -> p.substring(0, 20) + " ... " + p.substring(Math.max(0, p.length() - 60)));

        Path found = Resources.path("ControllersConfigFuzzTestInputs/anyBytesGiveAConfigurationOrOneLineError/"
                + "found-overlong-name-hides-expectation.yaml");
        DescriptionException yaml = assertThrows(DescriptionException.class, () -> ControllersConfig.parse(found));
        String y = yaml.problem();
        assertTrue(y.length() <= DescriptionException.MAX_PROBLEM_LENGTH && y.contains(" ... ; expected '"),
                () -> y.length() + " characters: " + y.substring(0, Math.min(y.length(), 200)));
    }
}
