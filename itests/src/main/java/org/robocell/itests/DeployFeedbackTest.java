package org.robocell.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;

/**
 * What deploy/ says about files it cannot use, as an operator drops them: one line each, naming the file and the
 * problem, without a stack trace, and not again when FileInstall retries after a later change; again when the file
 * changes and is still bad.
 */
class DeployFeedbackTest {

    @InjectBundleContext
    BundleContext context;

    private final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());
    private final Logger deployLog = Logger.getLogger("org.robocell.deploy");
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.INFO.intValue()) {
                records.add(r);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final List<Path> dropped = new ArrayList<>();
    private Path deploy;

    @BeforeEach
    void watchTheLog() throws Exception {
        deploy = Files.createDirectories(Path.of(context.getProperty("felix.fileinstall.dir")));
        deployLog.addHandler(capture);
    }

    @AfterEach
    void cleanUp() throws Exception {
        deployLog.removeHandler(capture);
        for (Path f : dropped) {
            Files.deleteIfExists(f);
        }
        for (Path f : dropped) {
            String location = f.toFile().getCanonicalFile().toURI().normalize().toString();
            CellFixture.await(() -> context.getBundle(location) == null, "FileInstall uninstalled " + f.getFileName());
        }
    }

    private Path drop(String name, byte[] content) throws Exception {
        Path f = deploy.resolve(name);
        Path partial = deploy.resolve("." + name + ".part"); // written beside, then moved in: FileInstall sees it whole
        Files.write(partial, content);
        Files.move(partial, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        dropped.add(f);
        return f;
    }

    private List<String> linesAbout(String name) {
        synchronized (records) {
            return records.stream().map(LogRecord::getMessage).filter(m -> m.startsWith("deploy/" + name + ": ")).toList();
        }
    }

    private void awaitLine(String name, int count) throws InterruptedException {
        CellFixture.await(() -> linesAbout(name).size() >= count, count + " line(s) about deploy/" + name + "; log: " + records());
    }

    private List<String> records() {
        synchronized (records) {
            return records.stream().map(r -> r.getLevel() + " " + r.getMessage()).toList();
        }
    }

    private Bundle awaitActive(Path jar) throws Exception {
        String location = jar.toFile().getCanonicalFile().toURI().normalize().toString();
        CellFixture.await(() -> {
            Bundle b = context.getBundle(location);
            return b != null && b.getState() == Bundle.ACTIVE;
        }, jar.getFileName() + " installed and started");
        return context.getBundle(location);
    }

    private byte[] failingBundle() throws Exception {
        return TestJars.bundle("org.robocell.itests.failing", "1.0.0", Map.of("Bundle-Activator",
                "org.robocell.itests.failing.Activator", "Import-Package", "org.osgi.framework"), context.getBundle(),
                Map.of("org.robocell.itests.failing.Activator", "failing/Activator.bin"), 0);
    }

    @Test
    void eachBadFileGetsOneLineThatNamesItAndWhatIsWrongOnceUntilItChanges() throws Exception {
        drop("itest-text.jar", "I am a text file with a .jar name\n".getBytes(StandardCharsets.UTF_8));
        byte[] whole = TestJars.bundle("org.robocell.itests.cut", "1.0.0", Map.of(), context.getBundle(), Map.of(), 50_000);
        drop("itest-truncated.jar", Arrays.copyOf(whole, whole.length / 2));
        drop("itest-unresolvable.jar", TestJars.bundle("org.robocell.itests.unresolvable", "1.0.0",
                Map.of("Import-Package", "com.nowhere.at.all;version=\"[1.0,2)\""), context.getBundle(), Map.of(), 0));
        drop("itest-failing.jar", failingBundle());
        drop("org.robocell.itests.badcfg.cfg", "# written on Windows\nname=x\npath=c:\\users\\x\n".getBytes(StandardCharsets.ISO_8859_1));

        awaitLine("itest-text.jar", 1);
        awaitLine("itest-truncated.jar", 1);
        awaitLine("itest-unresolvable.jar", 1);
        awaitLine("itest-failing.jar", 1);
        awaitLine("org.robocell.itests.badcfg.cfg", 1);
        assertEquals(List.of("deploy/itest-text.jar: not a jar (not a zip file)"), linesAbout("itest-text.jar"));
        assertEquals(List.of("deploy/itest-truncated.jar: truncated zip (zip END header not found); copy the whole jar again"),
                linesAbout("itest-truncated.jar"));
        assertEquals(List.of("deploy/itest-unresolvable.jar: bundle org.robocell.itests.unresolvable 1.0.0 cannot resolve:"
                + " nothing installed provides package com.nowhere.at.all [1.0.0,2.0.0)"), linesAbout("itest-unresolvable.jar"));
        assertEquals(List.of("deploy/itest-failing.jar: bundle org.robocell.itests.failing 1.0.0 failed to start: its"
                + " activator threw IllegalStateException: this activator always fails"), linesAbout("itest-failing.jar"));
        assertEquals(List.of("deploy/org.robocell.itests.badcfg.cfg: line 3: malformed \\uXXXX escape '\\users'; the file is"
                + " not applied"), linesAbout("org.robocell.itests.badcfg.cfg"));

        // FileInstall tries the failing bundles again whenever the set of bundles it starts changes: two good bundles
        // dropped one after the other, the second started, means at least one such round has passed
        awaitActive(drop("itest-good-a.jar", TestJars.bundle("org.robocell.itests.good.a", "1.0.0", Map.of(), context.getBundle(), Map.of(), 0)));
        awaitActive(drop("itest-good-b.jar", TestJars.bundle("org.robocell.itests.good.b", "1.0.0", Map.of(), context.getBundle(), Map.of(), 0)));
        for (String name : List.of("itest-text.jar", "itest-truncated.jar", "itest-unresolvable.jar", "itest-failing.jar",
                "org.robocell.itests.badcfg.cfg")) {
            assertEquals(1, linesAbout(name).size(), "said once: " + name + "\n" + records());
        }
        assertEquals(List.of(), linesAbout("itest-good-a.jar"));

        // the operator replaces the text file with another text file: still bad, said again
        Path text = drop("itest-text.jar", "still not a jar, and longer\n".getBytes(StandardCharsets.UTF_8));
        Files.setLastModifiedTime(text, FileTime.fromMillis(System.currentTimeMillis() + 2000));
        awaitLine("itest-text.jar", 2);
        assertEquals("deploy/itest-text.jar: not a jar (not a zip file)", linesAbout("itest-text.jar").get(1));

        synchronized (records) {
            for (LogRecord r : records) {
                assertEquals(null, r.getThrown(), "no stack trace above FINE: " + r.getMessage());
            }
        }
    }

    @Test
    void aBadFileFixedByTheOperatorIsInstalled() throws Exception {
        drop("itest-fixed.jar", "not yet".getBytes(StandardCharsets.UTF_8));
        awaitLine("itest-fixed.jar", 1);
        Path fixed = drop("itest-fixed.jar", TestJars.bundle("org.robocell.itests.fixed", "1.0.0", Map.of(), context.getBundle(), Map.of(), 0));
        Bundle b = awaitActive(fixed);
        assertEquals("org.robocell.itests.fixed", b.getSymbolicName());
        assertEquals(1, linesAbout("itest-fixed.jar").size());
    }
}
