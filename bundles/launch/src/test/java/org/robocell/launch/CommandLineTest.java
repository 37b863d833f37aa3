package org.robocell.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class CommandLineTest {

    @Test
    void theArgumentsAreThoseAfterTheJarWithJvmOptionsLeftOut() {
        assertEquals(Optional.of(List.of("--script", "x.gosh")),
                CommandLine.afterJar(List.of("-Xmx256m", "-Dfoo=-jar", "-jar", "robocell.jar", "--script", "x.gosh")));
        assertEquals(Optional.of(List.of()), CommandLine.afterJar(List.of("-jar", "robocell.jar")));
        assertEquals(Optional.empty(), CommandLine.afterJar(List.of("-cp", "x.jar", "Main", "--help")),
                "not started with -jar: nothing to check");
    }

    @Test
    void eachOptionIsReadAndAnythingElseIsNamedInOneLine() {
        assertEquals(new CommandLine("a.gosh", true, false), CommandLine.parse(List.of("--headless", "-s", "a.gosh")));
        assertTrue(CommandLine.parse(List.of("-h")).help());
        assertEquals("unknown option '--frobnicate'",
                assertThrows(IllegalArgumentException.class, () -> CommandLine.parse(List.of("--frobnicate"))).getMessage());
        assertEquals("--script needs a file name",
                assertThrows(IllegalArgumentException.class, () -> CommandLine.parse(List.of("--script"))).getMessage());
    }

    @Test
    void theUsageNamesWhatAUserLooksForBeforeTheFirstStart() {
        for (String needed : new String[] { "--script FILE", "--headless", "ROBOCELL_JAVA_OPTS", "deploy/",
                "runtime/cell/", "state/" }) {
            assertTrue(CommandLine.USAGE.contains(needed), needed);
        }
    }
}
