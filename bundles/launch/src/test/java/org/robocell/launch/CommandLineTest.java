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
        assertEquals(new CommandLine(null, false, false, "cells/line-3"), CommandLine.parse(List.of("--cell", "cells/line-3")));
        assertEquals("--cell needs a folder (the cell's .cfg files)",
                assertThrows(IllegalArgumentException.class, () -> CommandLine.parse(List.of("--cell"))).getMessage());
        assertEquals("--script needs a file name",
                assertThrows(IllegalArgumentException.class, () -> CommandLine.parse(List.of("--script"))).getMessage());
    }

    @Test
    void theUsageNamesWhatAUserLooksForBeforeTheFirstStart() {
        for (String needed : new String[] { "--cell DIR", "--script FILE", "--headless", "ROBOCELL_JAVA_OPTS", "deploy/",
                "runtime/cell/", "state/" }) {
            assertTrue(CommandLine.USAGE.contains(needed), needed);
        }
    }

    @Test
    void aCellFolderThatIsNotThereOrHasNoCellIsNamedInOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String missing = dir.resolve("nope").toString();
        assertEquals("--cell " + missing + ": no such folder (" + missing + ")",
                assertThrows(IllegalArgumentException.class, () -> CommandLineCheck.cellFolder(missing)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CommandLineCheck.cellFolder(dir.toString()))
                .getMessage().contains("has no .cfg files"));
        java.nio.file.Files.writeString(dir.resolve("org.robocell.cell.robot-arm.cfg"), "name=arm\n");
        assertEquals(dir.toAbsolutePath().toString(), CommandLineCheck.cellFolder(dir.toString()));
    }
}
