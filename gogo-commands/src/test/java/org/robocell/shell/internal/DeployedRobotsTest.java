package org.robocell.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The robots a script waits for before FileInstall has delivered the deploy/ folder's files. */
class DeployedRobotsTest {

    @Test
    void aRobotFileNamesItsRobotByItsNamePropertyOrItsFileName(@TempDir Path deploy) throws Exception {
        Files.writeString(deploy.resolve("org.robocell.cell.robot-arm.cfg"), "name=left_arm\nurdf=arm.urdf\n");
        Files.writeString(deploy.resolve("org.robocell.cell.robot-gantry.cfg"), "urdf=gantry.urdf\n");
        Files.writeString(deploy.resolve("org.robocell.driver.kuka.rsi.emulator.cfg"), "cycle.ms=4\n");
        Files.writeString(deploy.resolve("notes.txt"), "name=nobody\n");

        assertEquals(Set.of("left_arm", "gantry"), Set.copyOf(DeployedRobots.names(deploy)));
    }

    @Test
    void noFolderMeansNoRobots(@TempDir Path dir) {
        assertEquals(List.of(), DeployedRobots.names(dir.resolve("missing")));
        assertEquals(List.of(), DeployedRobots.names(null));
    }
}
