package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad files already in deploy/ when the runtime starts are reported like files dropped later: one line each, no
 * stack trace (FileInstall scans only once org.robocell.deploy takes its messages).
 */
class DeployAtStartTest {

    @TempDir
    Path work;

    private static byte[] bundle(String symbolicName, String imports) throws Exception {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", "1.0.0");
        if (imports != null) {
            a.putValue("Import-Package", imports);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(bytes, m)) {
            out.putNextEntry(new java.util.jar.JarEntry("filler.bin"));
            byte[] b = new byte[20_000];
            new java.util.Random(7).nextBytes(b);
            out.write(b);
            out.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void badFilesPresentAtStartGetOneLineEachAndNoStackTrace() throws Exception {
        Path deploy = Files.createDirectories(work.resolve("deploy"));
        Files.write(deploy.resolve("unresolvable.jar"), bundle("org.acme.needy", "com.nowhere;version=\"[1,2)\""));
        byte[] whole = bundle("org.acme.cut", null);
        Files.write(deploy.resolve("truncated.jar"), Arrays.copyOf(whole, whole.length / 2));
        Files.writeString(deploy.resolve("org.acme.bad.cfg"), "a=1\npath=c:\\users\\x\n", StandardCharsets.ISO_8859_1);
        List<String> expected = List.of(
                "WARNING deploy/unresolvable.jar: bundle org.acme.needy 1.0.0 cannot resolve: nothing installed provides"
                        + " package com.nowhere [1.0.0,2.0.0)",
                "WARNING deploy/truncated.jar: truncated zip (zip END header not found); copy the whole jar again",
                "SEVERE deploy/org.acme.bad.cfg: line 2: malformed \\uXXXX escape '\\users'; the file is not applied");

        Path log = work.resolve("run.log");
        Process p = RoboCellProcess.start(work, log, "--headless");
        try {
            String out = "";
            for (int i = 0; i < 6000 && !expected.stream().allMatch(out::contains); i++) {
                Thread.sleep(10);
                out = Files.readString(log, StandardCharsets.UTF_8);
            }
            for (String line : expected) {
                assertEquals(1, out.lines().filter(l -> l.endsWith(line)).count(), "one line '" + line + "' in\n" + out);
            }
            assertTrue(!out.contains("\tat ") && !out.contains("BundleException"), "no stack trace:\n" + out);
        } finally {
            p.destroy(); // SIGTERM: the runtime stops cleanly
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}
