package org.robocell.itests;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The exported runtime jar run as a user runs it, in a working directory of the test's own. */
final class RoboCellProcess {

    /** The runtime this build exported; {@code -Drobocell.jar=...} runs the tests against another one. */
    static final Path JAR = Path.of(System.getProperty("robocell.jar", "../runtime/target/robocell.jar")).toAbsolutePath().normalize();

    private RoboCellProcess() {
    }

    /** What a finished run printed (stdout and stderr together) and its exit status. */
    record Run(int status, String output) {
    }

    /** The java binary running this test, which runs the runtime too. */
    static final String JAVA = ProcessHandle.current().info().command().orElse("java");

    /** Starts {@code java -jar robocell.jar ARGS} in {@code work}; its output goes to {@code log}. */
    static Process start(Path work, Path log, String... args) throws IOException {
        return start(work, log, List.of(), args);
    }

    /** Starts {@code java JVM_OPTIONS -jar robocell.jar ARGS} in {@code work}; its output goes to {@code log}. */
    static Process start(Path work, Path log, List<String> jvmOptions, String... args) throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new AssertionError("build the runtime first: " + JAR);
        }
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    /** Runs to the end (bounded: 90 s) and returns what it printed. */
    static Run run(Path work, String... args) throws IOException, InterruptedException {
        return run(work, List.of(), args);
    }

    /** Runs {@code java JVM_OPTIONS -jar robocell.jar ARGS} to the end (bounded: 90 s). */
    static Run run(Path work, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        Path log = Files.createTempFile(work, "robocell-", ".log");
        Process p = start(work, log, jvmOptions, args);
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("robocell did not exit within 90 s:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
