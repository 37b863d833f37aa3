package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exported runtime jar, run as a user runs it: {@code java -jar robocell.jar --script FILE}. */
class ScriptModeTest {

    private static final Path JAR = Path.of("../runtime/target/robocell.jar").toAbsolutePath().normalize();

    @TempDir
    Path work;

    @Test
    void aScriptOfGoodCommandsPrintsTheirOutputAndExitsZero() throws Exception {
        Files.writeString(work.resolve("ok.gosh"), String.join("\n",
                "# comments and blank lines are skipped", "", "controller:types", "hardware:plugins", "startup"));
        Run run = robocell("--script", "ok.gosh");
        assertEquals(0, run.status, run.output);
        assertTrue(run.output.contains("joint_trajectory_controller/JointTrajectoryController"), run.output);
        assertTrue(run.output.contains("mock_components/GenericSystem"), run.output);
        assertTrue(run.output.contains("shell ready"), run.output);
        assertTrue(Files.isDirectory(work.resolve("deploy")), "deploy/ is created on start");
    }

    @Test
    void anUnknownCommandStopsTheScriptWithItsLineAndANonZeroStatus() throws Exception {
        Files.writeString(work.resolve("bad.gosh"), String.join("\n", "controller:types", "controller:nonsense now", "hardware:plugins"));
        Run run = robocell("--script", "bad.gosh");
        assertNotEquals(0, run.status, run.output);
        assertTrue(run.output.contains("bad.gosh:2: controller:nonsense now"), run.output);
        assertTrue(run.output.contains("unknown command: controller:nonsense"), run.output);
        assertTrue(!run.output.contains("> hardware:plugins"), "the script stops at the failing line\n" + run.output);
    }

    /**
     * Issue 12 item 11 in a script: an option out of range is refused before anything is looked up or changed, with
     * one line naming the option, and the script ends there with status 1 (ShellInputTest has the rest, in a cell).
     */
    @Test
    void aRefusedOptionStopsTheScriptWithOneLineNamingItAndStatusOne() throws Exception {
        Files.writeString(work.resolve("options.gosh"), String.join("\n", "controller:types",
                "controller:activate -t -5 joint_trajectory_controller", "hardware:plugins"));
        Run run = robocell("--script", "options.gosh");
        assertEquals(1, run.status, run.output);
        assertTrue(run.output.contains("options.gosh:2: controller:activate -t -5 joint_trajectory_controller\n"
                + "  error: option -t is -5; expected a whole number from 1 to 2147483647\n"), run.output);
        assertTrue(!run.output.contains("> hardware:plugins"), "the script stops at the refused line\n" + run.output);
    }

    @Test
    void aMissingScriptFileAndAnUnknownOptionAreExplained() throws Exception {
        Run missing = robocell("--script", "nowhere.gosh");
        assertNotEquals(0, missing.status);
        assertTrue(missing.output.contains("script file not found: nowhere.gosh"), missing.output);
        Run unknown = robocell("--frobnicate");
        assertNotEquals(0, unknown.status);
        assertTrue(unknown.output.contains("unknown option '--frobnicate'"), unknown.output);
        assertTrue(unknown.output.contains("usage: java -jar robocell.jar"), unknown.output);
    }

    private Run robocell(String... args) throws IOException, InterruptedException {
        assertTrue(Files.isRegularFile(JAR), "build the runtime first: " + JAR);
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new java.util.ArrayList<>(List.of(java, "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("robocell did not exit within 60 s");
        }
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private record Run(int status, String output) {
    }
}
