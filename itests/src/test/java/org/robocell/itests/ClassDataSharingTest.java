package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data sharing archive as {@code ./robocell} uses it ({@code runtime/class-data-sharing.sh} names the JVM
 * options, the runtime jar runs with them): the build writes the jar's archive for its JDK; without one the first
 * start writes it, later starts map it, and a missing or broken archive never keeps the runtime from starting. Whether the archive makes the start faster is measured by
 * {@code benchmarks/startup.sh}, not here.
 */
class ClassDataSharingTest {

    private static final Path SCRIPT = Path.of("../runtime/class-data-sharing.sh").toAbsolutePath().normalize();
    /** The first bytes of a HotSpot dynamic archive: 0xf00baba8, little-endian. */
    private static final byte[] DYNAMIC_ARCHIVE_MAGIC = { (byte) 0xa8, (byte) 0xab, 0x0b, (byte) 0xf0 };

    @TempDir
    Path work;
    private Path cache;

    @BeforeEach
    void aScriptThatNeedsBothRobots() throws IOException {
        cache = work.resolve("cds");
        // robots waits until both robots of the default cell run: the classes of the loops are in the archive
        Files.writeString(work.resolve("ready.gosh"), "robots\nstartup\n");
    }

    @Test
    void theFirstStartWritesTheArchiveTheNextLoadsBundleClassesFromItAndOneCutShortIsWrittenAgain() throws Exception {
        List<String> first = options();
        assertTrue(first.get(0).startsWith("-XX:ArchiveClassesAtExit=" + cache), first.toString());
        Path archive = Path.of(first.get(0).substring(first.get(0).indexOf('=') + 1));
        assertFalse(Files.exists(archive));

        assertStartsWithBothRobots(RoboCellProcess.run(work, first, "--script", "ready.gosh"));
        assertArrayEquals(DYNAMIC_ARCHIVE_MAGIC, Arrays.copyOf(Files.readAllBytes(archive), 4), "written at exit");

        List<String> next = options();
        assertEquals("-XX:SharedArchiveFile=" + archive, next.get(0));
        String classes = classesLoadedByAStartWith(next);
        assertTrue(classes.contains("org.apache.felix.framework.Felix source: shared objects file (top)"), "the framework");
        assertTrue(classes.contains("org.robocell.cell.internal.RobotComponent source: shared objects file (top)"),
                "a class of a bundle, loaded by its bundle class loader");

        // cut short after its first use (the magic and the header stay): JDK 17 dies of SIGBUS mapping such an
        // archive, so it is tried again before the next start, and deleted
        byte[] whole = Files.readAllBytes(archive);
        archive.toFile().setWritable(true);
        Files.write(archive, Arrays.copyOf(whole, whole.length / 2));
        List<String> afterCut = options();
        assertTrue(afterCut.get(0).startsWith("-XX:ArchiveClassesAtExit=" + archive), afterCut.toString());
        assertFalse(Files.exists(archive), "the trial JVM could not map it: deleted");
        try (var files = Files.list(work)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().startsWith("hs_err")), "no crash report left");
        }
    }

    /**
     * The build (runtime/pom.xml, write-class-data-sharing-archive.sh) wrote the jar's archive for the JDK that built
     * it, where ./robocell looks: the first start after a build maps it instead of writing it.
     */
    @Test
    void theBuildWroteTheArchiveOfTheJarForItsJdkWhereTheFirstStartFindsIt() throws Exception {
        List<String> options = run(List.of("ROBOCELL_CDS_DIR="), RoboCellProcess.JAR.toString());
        Path builtFolder = RoboCellProcess.JAR.getParent().resolve("cds");
        assertTrue(options.get(0).startsWith("-XX:SharedArchiveFile=" + builtFolder), options.toString());
        Path archive = archiveNamed(options);
        assertArrayEquals(DYNAMIC_ARCHIVE_MAGIC, Arrays.copyOf(Files.readAllBytes(archive), 4));
        String classes = classesLoadedByAStartWith(options);
        assertTrue(classes.contains("org.robocell.cell.internal.RobotComponent source: shared objects file (top)"),
                "the default cell's classes were in the training start");
    }

    @Test
    void aFileThatIsNotAnArchiveIsDeletedAndWrittenAgain() throws Exception {
        Path archive = archiveNamed(options());
        Files.createDirectories(cache);
        Files.writeString(archive, "not an archive: an editor's save, a copy cut short, a file of another tool");

        List<String> options = options();
        assertTrue(options.get(0).startsWith("-XX:ArchiveClassesAtExit="), options.toString());
        assertFalse(Files.exists(archive), "deleted before the JVM writes it again");
        assertStartsWithBothRobots(RoboCellProcess.run(work, options, "--script", "ready.gosh"));
        assertArrayEquals(DYNAMIC_ARCHIVE_MAGIC, Arrays.copyOf(Files.readAllBytes(archive), 4));
    }

    @Test
    void anArchiveCorruptBehindItsFirstBytesIsSkippedWithoutAMessage() throws Exception {
        Path archive = archiveNamed(options());
        Files.createDirectories(cache);
        byte[] corrupt = new byte[64 * 1024];
        new java.util.Random(22).nextBytes(corrupt);
        System.arraycopy(DYNAMIC_ARCHIVE_MAGIC, 0, corrupt, 0, 4);
        Files.write(archive, corrupt);

        List<String> options = options();
        assertEquals("-XX:SharedArchiveFile=" + archive, options.get(0), "it looks like an archive: the JVM decides");
        RoboCellProcess.Run run = RoboCellProcess.run(work, options, "--script", "ready.gosh");
        assertStartsWithBothRobots(run);
        assertFalse(run.output().contains("cds"), "no line about the refused archive\n" + run.output());
    }

    @Test
    void aMissingCacheFolderIsCreatedAndNoArchiveIsOfferedWhenAskedNotToOrForHelp() throws Exception {
        assertFalse(Files.exists(cache));
        assertTrue(options().get(0).startsWith("-XX:ArchiveClassesAtExit=" + cache));
        assertTrue(Files.isDirectory(cache));
        assertEquals(List.of(), options("--help"), "a start that only prints the usage loads too few classes");
        assertEquals(List.of(), run(List.of("ROBOCELL_CDS=off"), RoboCellProcess.JAR.toString()));
        assertTrue(run(List.of("ROBOCELL_CDS="), RoboCellProcess.JAR.toString()).get(0).startsWith("-XX:"),
                "on unless asked not to: it shortens a start");
        assertEquals(List.of(), optionsForAJarThatIsNotThere());
    }

    private void assertStartsWithBothRobots(RoboCellProcess.Run run) {
        assertEquals(0, run.status(), run.output());
        assertTrue(run.output().lines().anyMatch(l -> l.startsWith("fr3 ") && l.contains(" yes ")), run.output());
        assertTrue(run.output().lines().anyMatch(l -> l.startsWith("kr6 ") && l.contains(" yes ")), run.output());
        assertTrue(run.output().contains("shell ready"), run.output());
    }

    /** Starts the runtime with the options and both robots; the JVM's class-load log of that start. */
    private String classesLoadedByAStartWith(List<String> options) throws IOException, InterruptedException {
        Path classLog = work.resolve("classes.log");
        List<String> logged = new java.util.ArrayList<>(options);
        logged.add("-Xlog:class+load=info:file=" + classLog);
        assertStartsWithBothRobots(RoboCellProcess.run(work, logged, "--script", "ready.gosh"));
        return Files.readString(classLog, StandardCharsets.UTF_8);
    }

    private static Path archiveNamed(List<String> options) {
        String first = options.get(0);
        return Path.of(first.substring(first.indexOf('=') + 1));
    }

    private List<String> options(String... runtimeArguments) throws IOException, InterruptedException {
        List<String> args = new java.util.ArrayList<>(List.of(RoboCellProcess.JAR.toString()));
        args.addAll(List.of(runtimeArguments));
        return run(List.of(), args.toArray(String[]::new));
    }

    private List<String> optionsForAJarThatIsNotThere() throws IOException, InterruptedException {
        return run(List.of(), work.resolve("no-such.jar").toString());
    }

    /** Runs the script with the test's JDK and cache folder; the options it prints, one per line. */
    private List<String> run(List<String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA", RoboCellProcess.JAVA);
        pb.environment().put("ROBOCELL_CDS_DIR", cache.toString());
        pb.environment().put("ROBOCELL_CDS", "on");
        for (String e : environment) {
            pb.environment().put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
        }
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("class-data-sharing.sh did not end within 30 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out.lines().toList();
    }
}
