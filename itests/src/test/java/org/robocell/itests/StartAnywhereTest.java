package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar robocell.jar} started from any folder: the default cell comes with the jar, the first lines say
 * which cell runs, and {@code --help} or a wrong option is answered before anything starts.
 */
class StartAnywhereTest {

    @TempDir
    Path work;

    @Test
    void startedInAFolderWithoutACellTheEmbeddedDefaultCellRunsBothRobotsAndSaysSo() throws Exception {
        Files.writeString(work.resolve("robots.gosh"), "cell:robots\n");
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--script", "robots.gosh");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().matches("(?s).*\nfr3 +1000 Hz +hardware +yes .*"), run.output());
        assertTrue(run.output().matches("(?s).*\nkr6 +250 Hz +hardware +yes .*"), run.output());
        assertTrue(run.output().contains("INFO cell: runs the default cell embedded in the runtime (no folder runtime/cell in "
                + work + "), unpacked to state/default-cell"), run.output());
        assertTrue(Files.isRegularFile(work.resolve("state/default-cell/fr3.urdf")), "the URDF the robot was read from");
    }

    @Test
    void startedBesideACellFolderItRunsThatFolderAndSaysSo() throws Exception {
        Path cell = Fr3Cell.copyTo(work);
        Files.writeString(work.resolve("robots.gosh"), "cell:robots\n");
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--script", "robots.gosh");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("INFO cell: runs from the folder " + cell), run.output());
        assertTrue(run.output().matches("(?s).*\nfr3 +1000 Hz .*"), run.output());
        assertFalse(run.output().contains("\nkr6 "), "only the folder's robot\n" + run.output());
        assertFalse(Files.exists(work.resolve("state/default-cell")));
    }

    @Test
    void helpPrintsTheUsageAtOnceWithoutStartingTheCell() throws Exception {
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--help");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().startsWith("usage: java [JVM options] -jar robocell.jar [--cell DIR] [--script FILE]"
                + " [--headless] [--help]\n"),
                run.output());
        for (String named : new String[] { "--cell DIR", "ROBOCELL_JAVA_OPTS", "deploy/", "runtime/cell/", "state/config/" }) {
            assertTrue(run.output().contains(named), named + " in\n" + run.output());
        }
        assertNothingStarted(run);
    }

    @Test
    void aWrongOptionIsNamedInOneLineWithTheUsageAndNothingStarts() throws Exception {
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--scirpt", "setup.gosh");
        assertEquals(64, run.status(), run.output());
        assertTrue(run.output().startsWith("robocell: unknown option '--scirpt'\nusage: java "), run.output());
        assertNothingStarted(run);
        RoboCellProcess.Run noFile = RoboCellProcess.run(work, "--script");
        assertEquals(64, noFile.status(), noFile.output());
        assertTrue(noFile.output().startsWith("robocell: --script needs a file name\n"), noFile.output());
        assertNothingStarted(noFile);
    }

    @Test
    void aCellFolderNamedWithCellRunsWhereverItIsInsteadOfTheDefaultCell() throws Exception {
        Path elsewhere = Files.createDirectories(work.resolve("cells/press-line"));
        for (String f : new String[] { "fr3.urdf", "controllers.yaml" }) {
            Files.copy(Path.of("../runtime/cell").resolve(f), elsewhere.resolve(f));
        }
        Files.writeString(elsewhere.resolve("org.robocell.cell.robot-press.cfg"),
                "name=press\nurdf=fr3.urdf\ncontrollers=controllers.yaml\nactivate=joint_state_broadcaster\n");
        Files.writeString(work.resolve("robots.gosh"), "cell:robots\n");
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--cell", "cells/press-line", "--script", "robots.gosh");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("INFO cell: runs from the folder " + elsewhere), run.output());
        assertTrue(run.output().matches("(?s).*\npress +1000 Hz .*"), run.output());
        assertFalse(run.output().contains("\nfr3 ") || run.output().contains("\nkr6 "), "only that folder's robot\n"
                + run.output());
        assertFalse(Files.exists(work.resolve("state/default-cell")), "the embedded cell was not unpacked");
    }

    @Test
    void aCellFolderThatIsNotThereIsNamedInOneLineAndNothingStarts() throws Exception {
        RoboCellProcess.Run run = RoboCellProcess.run(work, "--cell", "cells/typo", "--script", "robots.gosh");
        assertEquals(64, run.status(), run.output());
        assertTrue(run.output().startsWith("robocell: --cell cells/typo: no such folder (" + work.resolve("cells/typo")
                + ")\nusage: java "), run.output());
        assertNothingStarted(run);
    }

    /** No bundle ran: no log line, no deploy/ or state/ folder made. */
    private void assertNothingStarted(RoboCellProcess.Run run) {
        assertFalse(run.output().contains(" INFO "), run.output());
        assertFalse(Files.exists(work.resolve("deploy")), "deploy/ made: the cell started");
        assertFalse(Files.exists(work.resolve("state")), "state/ made: the cell started");
    }
}
