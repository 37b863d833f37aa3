package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default cell's FR3 overridden by a careless operator's {@code deploy/org.robocell.cell.robot-fr3.cfg} with
 * {@code rate=abc}: the change is refused with one line and the robot keeps running; deleting the file brings the
 * default FR3 back, with no restart of the runtime.
 */
class DefaultCellOverrideTest {

    private static final String RUNNING = "robot fr3: running at 1000 Hz";

    @TempDir
    Path work;

    /** Waits (bounded, for a loaded machine) until the log holds {@code line} {@code times} times. */
    private static String awaitLine(Path log, String line, int times) throws IOException, InterruptedException {
        String out = "";
        for (int i = 0; i < 9000; i++) {
            out = Files.readString(log, StandardCharsets.UTF_8);
            if (out.lines().filter(l -> l.contains(line)).count() >= times) {
                return out;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no " + times + " x '" + line + "' in\n" + out);
    }

    @Test
    void aBadOverrideIsRefusedAndDeletingItBringsTheDefaultRobotBack() throws Exception {
        // the FR3 of the default cell only: the KR 6 and its emulator would take fixed UDP ports
        Path cell = Fr3Cell.copyTo(work);
        Path deploy = Files.createDirectories(work.resolve("deploy"));
        Path log = work.resolve("run.log");
        Process p = RoboCellProcess.start(work, log, "--headless");
        try {
            awaitLine(log, RUNNING, 1);

            Path override = deploy.resolve("org.robocell.cell.robot-fr3.cfg");
            Files.writeString(override, "name=fr3\nurdf=" + cell.resolve("fr3.urdf") + "\nrate=abc\n");
            String refused = awaitLine(log, "refused, the robot keeps running as it was", 1);
            assertEquals(1, refused.lines().filter(l -> l.contains("SEVERE robot fr3: configuration change in file:")
                    && l.contains("/deploy/org.robocell.cell.robot-fr3.cfg refused, the robot keeps running as it was:"
                            + " robot 'fr3': rate=abc in file:")
                    && l.endsWith("/deploy/org.robocell.cell.robot-fr3.cfg must be a whole number")).count(), refused);

            Files.delete(override);
            String back = awaitLine(log, RUNNING, 2);
            assertTrue(back.lines().anyMatch(l -> l.contains("default cell: org.robocell.cell.robot~fr3 from ")), back);
            assertTrue(!back.contains("\tat "), "no stack trace:\n" + back);
        } finally {
            p.destroy(); // SIGTERM: the runtime stops cleanly
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
