package org.robocell.description;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real files, cut short at many places and damaged byte by byte (seeded, so a failure reproduces): every variant
 * either parses or fails with a {@link DescriptionException}, never with any other exception, and none hangs.
 */
class MalformedInputTest {

    private static final int VARIANTS = 300;
    /** Bytes that change structure rather than content. */
    private static final byte[] SYNTAX = "<>/\"'=&;:-[]{},*&!#|>? \n\t0123456789.eE".getBytes();
    /** Only a guard against a hang; the whole test normally takes well under a second per file. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    @Test
    void damagedFr3WithRos2ControlEitherParsesOrFailsWithADescriptionException() {
        fuzz("fr3_mock.urdf", 11, RobotDescription::parse);
    }

    @Test
    void damagedKr6EitherParsesOrFailsWithADescriptionException() {
        fuzz("kr6r900sixx_mock.urdf", 12, RobotDescription::parse);
    }

    @Test
    void damagedControllerYamlEitherParsesOrFailsWithADescriptionException() {
        fuzz("controllers.yaml", 13, ControllersConfig::parse);
    }

    private void fuzz(String resource, long seed, Consumer<Path> parser) {
        byte[] original = bytes(resource);
        Random random = new Random(seed);
        int[] outcomes = new int[2];
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (int i = 0; i < VARIANTS; i++) {
                byte[] truncated = Arrays.copyOf(original, random.nextInt(original.length));
                outcomes[tryParse(resource, "truncated to " + truncated.length + " bytes", truncated, parser)]++;
                byte[] mutated = mutate(original, random);
                outcomes[tryParse(resource, "mutation " + i + " of seed " + seed, mutated, parser)]++;
            }
        });
        // both outcomes occur, so the variants really exercise the parser and the checks
        assertTrue(outcomes[0] > 0 && outcomes[1] > 0, "parsed " + outcomes[0] + ", rejected " + outcomes[1]);
    }

    /** 0 when the variant parsed, 1 when it was rejected with a DescriptionException. */
    private int tryParse(String resource, String variant, byte[] content, Consumer<Path> parser) throws IOException {
        Path file = Files.write(dir.resolve(resource), content);
        try {
            parser.accept(file);
            return 0;
        } catch (DescriptionException e) {
            assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
            return 1;
        } catch (RuntimeException | StackOverflowError e) {
            fail(resource + " " + variant + " threw " + e + " instead of a DescriptionException", e);
            return -1;
        }
    }

    private static byte[] mutate(byte[] original, Random random) {
        byte[] b = original.clone();
        int edits = 1 + random.nextInt(8);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0 -> b[at] = (byte) random.nextInt(256);
                case 1 -> b[at] = SYNTAX[random.nextInt(SYNTAX.length)];
                case 2 -> {
                    // drop a short run
                    int len = Math.min(1 + random.nextInt(16), b.length - at - 1);
                    byte[] shorter = new byte[b.length - len];
                    System.arraycopy(b, 0, shorter, 0, at);
                    System.arraycopy(b, at + len, shorter, at, b.length - at - len);
                    b = shorter;
                }
                default -> {
                    // repeat a short run
                    int len = Math.min(1 + random.nextInt(16), b.length - at);
                    byte[] longer = new byte[b.length + len];
                    System.arraycopy(b, 0, longer, 0, at + len);
                    System.arraycopy(b, at, longer, at + len, b.length - at);
                    b = longer;
                }
            }
        }
        return b;
    }

    private static byte[] bytes(String resource) {
        try {
            return Files.readAllBytes(Resources.path(resource));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
