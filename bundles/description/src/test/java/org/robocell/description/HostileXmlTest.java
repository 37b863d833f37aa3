package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.robocell.description.Errors.assertFails;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile XML neither reads local files nor expands without bound: DTDs are refused outright. */
class HostileXmlTest {

    @Test
    void externalEntityCannotReadALocalFile(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE robot [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<robot name=\"&x;\"><link name=\"a\"/></robot>\n";
        DescriptionException e = assertThrows(DescriptionException.class, () -> RobotDescription.parse(xml, "xxe.urdf"));
        assertFalse(e.getMessage().contains("TOP-SECRET"), e.getMessage());
        assertFalse(e.getMessage().isEmpty());
    }

    @Test
    void doctypeIsRefusedWithAClearMessage() {
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE robot>\n<robot name=\"r\"><link name=\"a\"/></robot>\n";
        assertFails(() -> RobotDescription.parse(xml, "dtd.urdf"), "dtd.urdf:2", "<!DOCTYPE> declaration",
                "expected a plain URDF without DTD");
    }

    @Test
    void billionLaughsIsRefusedQuickly() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE robot [\n<!ENTITY l0 \"lol\">\n");
        for (int i = 1; i < 10; i++) {
            dtd.append("<!ENTITY l").append(i).append(" \"");
            dtd.append(("&l" + (i - 1) + ";").repeat(10)).append("\">\n");
        }
        String xml = dtd + "]>\n<robot name=\"&l9;\"><link name=\"a\"/></robot>\n";
        // the bound only guards against a hang; the refusal itself is immediate
        assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(DescriptionException.class, () -> RobotDescription.parse(xml, "lol.urdf")));
    }

    @Test
    void absurdNestingIsRefused() {
        String xml = "<robot name=\"r\">" + "<a>".repeat(10_000) + "</a>".repeat(10_000) + "</robot>";
        assertFails(() -> RobotDescription.parse(xml, "deep.urdf"), "deep.urdf:1", "nested more than");
    }
}
