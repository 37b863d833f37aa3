package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./robocell} builds the runtime it needs without touching the user's Maven repository. */
class LauncherScriptTest {

    @TempDir
    Path checkout;

    @Test
    void withoutARuntimeJarTheScriptBuildsWithTheReactorsPackageAndSaysThatNothingIsInstalled() throws Exception {
        Files.copy(Path.of("../robocell"), checkout.resolve("robocell"));
        Path bin = Files.createDirectories(checkout.resolve("bin"));
        Path calls = checkout.resolve("mvn-arguments");
        // a Maven that only records how it was called and fails, so the script stops there
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" > '" + calls + "'\nexit 3\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = checkout.resolve("out.txt");
        ProcessBuilder pb = new ProcessBuilder("bash", checkout.resolve("robocell").toString(), "--help")
                .redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script did not end");
        String printed = Files.readString(out, StandardCharsets.UTF_8);
        assertNotEquals(0, p.exitValue(), printed);
        String arguments = Files.readString(calls, StandardCharsets.UTF_8).strip();
        assertEquals("-B -q -DskipTests package -pl runtime -am", arguments);
        assertTrue(!arguments.contains("install"), arguments);
        assertTrue(printed.contains("installs nothing into ~/.m2"), printed);
    }
}
