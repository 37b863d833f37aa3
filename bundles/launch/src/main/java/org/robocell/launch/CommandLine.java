package org.robocell.launch;

import java.util.List;
import java.util.Optional;

/**
 * The runtime's command line, as a user types it after {@code java -jar robocell.jar}. The console bundle reads the
 * same arguments later from the launcher to decide what the main thread does; this class answers the ones that must
 * not wait for the cell to start ({@code --help}, a mistake).
 */
public record CommandLine(String script, boolean headless, boolean help, String cell) {

    /**
     * The system property that carries {@code --cell DIR} (made absolute) to the cell bundle, which reads it through
     * its bundle context; {@code -Drobocell.cell.folder=DIR} before {@code -jar} does the same.
     */
    public static final String CELL_PROPERTY = "robocell.cell.folder";

    /** Without a cell folder: the default cell. */
    public CommandLine(String script, boolean headless, boolean help) {
        this(script, headless, help, null);
    }

    /** What {@code --help} prints, and a mistake after its one line. */
    public static final String USAGE = String.join(System.lineSeparator(),
            "usage: java [JVM options] -jar robocell.jar [--cell DIR] [--script FILE] [--headless] [--help]",
            "Runs a RoboCell cell (its robots' control loops) with the shell on a terminal.",
            "  --script FILE  run the shell commands in FILE (one per line, # comments), print their output and exit:",
            "                 status 0 when all succeeded, 1 with the failing line otherwise",
            "  --headless     no interactive shell even on a terminal (run as a service; stop it with SIGTERM)",
            "  --cell DIR     run the cell in DIR (its .cfg files, one per robot, with their URDF and controllers files)",
            "                 instead of runtime/cell/ or the default cell",
            "  --help         this text, without starting the cell",
            "In the working directory:",
            "  runtime/cell/  the cell folder: one .cfg file per robot with its URDF and controllers files; without it",
            "                 the default cell inside robocell.jar runs (written to state/default-cell/ on start)",
            "  deploy/        bundle jars and .cfg files the running cell installs and applies (created on start)",
            "  state/config/  every configuration, kept across restarts (delete state/ to start afresh)",
            "Environment:",
            "  ROBOCELL_JAVA_OPTS  JVM options ./robocell passes to java (e.g. -Xmx256m); with java -jar, write them",
            "                      before -jar");

    /** Exit status of a wrong command line (sysexits.h EX_USAGE). */
    public static final int USAGE_ERROR = 64;

    /**
     * @throws IllegalArgumentException with one line that names the wrong argument
     */
    public static CommandLine parse(List<String> args) {
        String script = null;
        String cell = null;
        boolean headless = false;
        boolean help = false;
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case "--cell", "-c" -> {
                    if (i + 1 >= args.size()) {
                        throw new IllegalArgumentException("--cell needs a folder (the cell's .cfg files)");
                    }
                    cell = args.get(++i);
                }
                case "--script", "-s" -> {
                    if (i + 1 >= args.size()) {
                        throw new IllegalArgumentException("--script needs a file name");
                    }
                    script = args.get(++i);
                }
                case "--headless" -> headless = true;
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option '" + args.get(i) + "'");
            }
        }
        return new CommandLine(script, headless, help, cell);
    }

    /**
     * The arguments after {@code -jar JAR} in this process's command line (JVM options before {@code -jar} left
     * out), or empty when the JVM does not say how it was started or it was not started with {@code -jar}.
     */
    public static Optional<List<String>> ofThisProcess() {
        Optional<String[]> all = ProcessHandle.current().info().arguments();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        return afterJar(List.of(all.get()));
    }

    /** The arguments after {@code -jar JAR}, or empty without {@code -jar}. */
    static Optional<List<String>> afterJar(List<String> jvmArguments) {
        int jar = jvmArguments.indexOf("-jar");
        if (jar < 0 || jar + 1 >= jvmArguments.size()) {
            return Optional.empty();
        }
        return Optional.of(List.copyOf(jvmArguments.subList(jar + 2, jvmArguments.size())));
    }
}
