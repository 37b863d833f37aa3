package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exported runtime jar, run as a user runs it: {@code java -jar robocell.jar --script FILE}. */
class ScriptModeTest {

    @TempDir
    Path work;

    @Test
    void aScriptOfGoodCommandsPrintsTheirOutputAndExitsZero() throws Exception {
        Files.writeString(work.resolve("ok.gosh"), String.join("\n",
                "# comments and blank lines are skipped", "", "controller:types", "hardware:plugins", "startup"));
        RoboCellProcess.Run run = robocell("--script", "ok.gosh");
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("joint_trajectory_controller/JointTrajectoryController"), run.output());
        assertTrue(run.output().contains("mock_components/GenericSystem"), run.output());
        assertTrue(run.output().contains("shell ready"), run.output());
        assertTrue(Files.isDirectory(work.resolve("deploy")), "deploy/ is created on start");
    }

    @Test
    void anUnknownCommandStopsTheScriptWithItsLineAndANonZeroStatus() throws Exception {
        Files.writeString(work.resolve("bad.gosh"), String.join("\n", "controller:types", "controller:nonsense now", "hardware:plugins"));
        RoboCellProcess.Run run = robocell("--script", "bad.gosh");
        assertNotEquals(0, run.status(), run.output());
        assertTrue(run.output().contains("bad.gosh:2: controller:nonsense now"), run.output());
        assertTrue(run.output().contains("unknown command: controller:nonsense"), run.output());
        assertTrue(!run.output().contains("> hardware:plugins"), "the script stops at the failing line\n" + run.output());
    }

    /**
     * In a script, an option out of range is refused before anything is looked up or changed, with
     * one line naming the option, and the script ends there with status 1 (ShellInputTest has the rest, in a cell).
     */
    @Test
    void aRefusedOptionStopsTheScriptWithOneLineNamingItAndStatusOne() throws Exception {
        Files.writeString(work.resolve("options.gosh"), String.join("\n", "controller:types",
                "controller:activate -t -5 joint_trajectory_controller", "hardware:plugins"));
        RoboCellProcess.Run run = robocell("--script", "options.gosh");
        assertEquals(1, run.status(), run.output());
        assertTrue(run.output().contains("options.gosh:2: controller:activate -t -5 joint_trajectory_controller\n"
                + "  error: option -t is -5; expected a whole number from 1 to 2147483647\n"), run.output());
        assertTrue(!run.output().contains("> hardware:plugins"), "the script stops at the refused line\n" + run.output());
    }

    @Test
    void aMissingScriptFileAndAnUnknownOptionAreExplained() throws Exception {
        RoboCellProcess.Run missing = robocell("--script", "nowhere.gosh");
        assertNotEquals(0, missing.status());
        assertTrue(missing.output().contains("script file not found: nowhere.gosh"), missing.output());
        RoboCellProcess.Run unknown = robocell("--frobnicate");
        assertNotEquals(0, unknown.status());
        assertTrue(unknown.output().contains("unknown option '--frobnicate'"), unknown.output());
        assertTrue(unknown.output().contains("usage: java [JVM options] -jar robocell.jar"), unknown.output());
    }

    /** The FR3 of the default cell alone, in the working directory's runtime/cell (the runtime's default cell folder). */
    private void fr3Cell() throws IOException {
        Fr3Cell.copyTo(work);
    }

    /**
     * A provisioning script run as the runtime starts, with no wait of its own: each command that needs a robot waits
     * (bounded) until the cell has brought the configured robots up, so the first line finds the FR3 with its
     * controllers active and its joint states published, instead of "no robot is running".
     */
    @Test
    void aScriptRunAtStartFindsTheConfiguredRobotUpWithItsControllersAndChannels() throws Exception {
        fr3Cell();
        Files.writeString(work.resolve("first.gosh"), String.join("\n",
                "controller:list -r fr3",
                "channel:echo -n 1 -f joint1 joint_states",
                "trajectory:move -d 2 joint_trajectory_controller 0.3 -0.6 0.0 -2.2 0.0 1.6 0.8"));
        RoboCellProcess.Run run = robocell("--script", "first.gosh");
        String out = run.output();
        assertEquals(0, run.status(), out);
        assertTrue(out.matches("(?s).*> controller:list -r fr3\\R.*joint_trajectory_controller\\s+joint_trajectory_controller/"
                + "JointTrajectoryController\\s+active.*"), out);
        assertTrue(out.matches("(?s).*> channel:echo -n 1 -f joint1 joint_states\\R--- #[1-9]\\d*\\Rjoint1/position: .*"), out);
        assertTrue(out.contains("SUCCEEDED: joint_trajectory_controller reached the goal"), out);
    }

    @Test
    void anUpdateOfABuiltInBundleIsRefusedInOneLineWithANonZeroStatusAndTheRobotKeepsItsDriver() throws Exception {
        fr3Cell();
        Files.writeString(work.resolve("update.gosh"), String.join("\n",
                "# the robot starts beside the script: wait for its hardware (sleep takes whole seconds, a latch 50 ms)",
                "pause = new java.util.concurrent.CountDownLatch 1",
                "until { try { (hardware:list -r fr3) contains \" active \" } catch { false } } { $pause await 50 MILLISECONDS }",
                "hardware:list -r fr3",
                "try { update org.robocell.driver.mock } catch { echo refused }",
                "hardware:list -r fr3",
                "update org.robocell.driver.mock",
                "echo not reached"));
        RoboCellProcess.Run run = robocell("--script", "update.gosh");
        String out = run.output();
        assertEquals(1, run.status(), out);
        assertTrue(out.matches("(?s).*update.gosh:7: update org.robocell.driver.mock\\R  error: cannot update bundle \\d+"
                + " \\(org.robocell.driver.mock\\): its location 'jar/org.robocell.driver.mock-[^']*.jar' is not a URL; give the"
                + " new jar: update \\d+ file:/path/x.jar\\R.*"), out);
        int refused = out.indexOf("> try { update");
        int second = out.indexOf("> hardware:list -r fr3", refused);
        assertTrue(out.substring(out.indexOf("> hardware:list -r fr3"), refused).contains("FR3System"), out);
        assertTrue(refused > 0 && second > refused, out);
        assertTrue(out.substring(refused, second).contains("refused"), out);
        String after = out.substring(second, out.indexOf("> update org.robocell.driver.mock", second));
        assertTrue(after.matches("(?s).*fr3\\s+FR3FtSensor\\s+system\\s+mock_components/GenericSystem\\s+active.*"),
                "the mock hardware (the flange sensor) stays after the refused update:\n" + after);
        assertTrue(after.matches("(?s).*fr3\\s+FR3System\\s+system\\s+franka_hardware/FrankaHardwareInterface\\s+active.*"),
                "the FR3 on its Franka driver stays too:\n" + after);
        assertTrue(!out.substring(0, out.indexOf("> update org.robocell.driver.mock", second)).contains("went away"), out);
        assertTrue(!out.contains("MalformedURLException") && !out.contains("\tat "), "no stack trace:\n" + out);
        assertTrue(!out.contains("not reached"), out);
    }

    private RoboCellProcess.Run robocell(String... args) throws IOException, InterruptedException {
        return RoboCellProcess.run(work, args);
    }
}
