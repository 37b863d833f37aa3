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
 * What deploy/ does at a start: bad files already there are reported like files dropped later (one line each, no
 * stack trace: FileInstall scans only once org.robocell.deploy takes its messages), and a .cfg file deleted while the
 * cell was stopped takes its configuration, kept in state/config, along.
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

    /** ConfigAdmin once it is up; a latch nobody counts down waits 50 ms (Gogo's sleep takes whole seconds). */
    private static final String CONFIG_ADMIN = String.join("\n",
            "pause = new java.util.concurrent.CountDownLatch 1",
            "until { $.context getServiceReference org.osgi.service.cm.ConfigurationAdmin } { $pause await 50 MILLISECONDS }",
            "cm = $.context getService ($.context getServiceReference org.osgi.service.cm.ConfigurationAdmin)");

    @Test
    void aDeployFileDeletedWhileTheCellWasStoppedTakesItsConfigurationAlongAtTheNextStart() throws Exception {
        Path deploy = Files.createDirectories(work.resolve("deploy"));
        Path cfg = deploy.resolve("org.acme.gone.cfg");
        Files.writeString(cfg, "a=one\n");
        Files.writeString(work.resolve("made.gosh"), CONFIG_ADMIN + "\n"
                + "until { $cm listConfigurations \"(&(service.pid=org.acme.gone)(a=one))\" } { $pause await 50 MILLISECONDS }\n");
        RoboCellProcess.Run made = RoboCellProcess.run(work, "--script", "made.gosh");
        assertEquals(0, made.status(), made.output());
        assertTrue(Files.isRegularFile(work.resolve("state/config/org.acme.gone.config")), "kept in state/config");

        Files.delete(cfg);
        Files.writeString(work.resolve("gone.gosh"), CONFIG_ADMIN + "\n"
                + "until { not { $cm listConfigurations \"(service.pid=org.acme.gone)\" } } { $pause await 50 MILLISECONDS }\n");
        RoboCellProcess.Run gone = RoboCellProcess.run(work, "--script", "gone.gosh");
        assertEquals(0, gone.status(), gone.output());
        assertEquals(1, gone.output().lines().filter(l -> l.endsWith(
                "INFO deploy/org.acme.gone.cfg is gone: its configuration org.acme.gone is deleted")).count(), gone.output());
        assertTrue(!Files.exists(work.resolve("state/config/org.acme.gone.config")), "deleted from state/config");
    }
}
