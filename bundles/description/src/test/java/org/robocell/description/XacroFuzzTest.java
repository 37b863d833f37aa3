package org.robocell.description;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the xacro expander on arbitrary bytes as a {@code .urdf.xacro} file, with args and a
 * package path holding the test package {@code arm7_description} (so fuzzed files can include its macros and load
 * its YAML): a description, or one {@link DescriptionException} line, never another exception, a stack overflow,
 * an out-of-memory error or a hang (the expansion's own bounds on work, size and depth). The seed corpus (the test
 * package's files, one small file per xacro feature and per bound) is in
 * {@code src/test/resources/org/robocell/description/XacroFuzzTestInputs/}.
 */
class XacroFuzzTest {

    private static final Path PACKAGES = Resources.path("xacro/packages");
    private static Path dir;

    @BeforeAll
    static void createFolder() throws IOException {
        dir = Files.createTempDirectory("xacro-fuzz");
    }

    @AfterAll
    static void deleteFolder() throws IOException {
        Files.deleteIfExists(dir.resolve("fuzzed.urdf.xacro"));
        Files.deleteIfExists(dir);
    }

    // a bound on each input, in regression and (as libFuzzer's -timeout) in fuzzing: a hang is a finding
    @Timeout(30)
    @FuzzTest
    void anyBytesGiveADescriptionOrOneLineError(byte[] xacro) {
        Path file = dir.resolve("fuzzed.urdf.xacro");
        try {
            Files.write(file, xacro);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            assertNotNull(RobotDescription.parseXacro(file, Map.of("use_mock_hardware", "true"), List.of(PACKAGES)));
        } catch (DescriptionException e) {
            // the file a problem is in: the fuzzed one, or a package file it included or loaded
            String source = e.source();
            assertTrue(source.equals(file.toString()) || source.startsWith(PACKAGES.toString()),
                    () -> "the message names neither the input nor a package file: " + e.getMessage());
            DescriptionOutcome.assertOneLineMessage(source, e);
        }
    }
}
