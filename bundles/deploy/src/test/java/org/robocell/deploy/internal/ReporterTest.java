package org.robocell.deploy.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One line per problem of a file's content: not again until the file changes. */
class ReporterTest {

    @TempDir
    Path dir;

    private final List<LogRecord> records = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private Level before;

    @BeforeEach
    void capture() {
        before = Reporter.LOG.getLevel();
        Reporter.LOG.setLevel(Level.INFO);
        Reporter.LOG.addHandler(capture);
    }

    @AfterEach
    void release() {
        Reporter.LOG.removeHandler(capture);
        Reporter.LOG.setLevel(before);
    }

    @Test
    void theSameProblemOfTheSameFileIsSaidOnceAndAgainAfterTheFileChanges() throws Exception {
        Path f = dir.resolve("x.jar");
        Files.writeString(f, "v1");
        Reporter r = new Reporter();
        assertTrue(r.report(f, Level.WARNING, "not a jar (not a zip file)", new IllegalStateException("trace")));
        assertFalse(r.report(f, Level.WARNING, "not a jar (not a zip file)", null));
        assertTrue(r.report(f, Level.WARNING, "another problem", null), "a different problem of the same file");
        Files.writeString(f, "v2 longer");
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 2000));
        assertTrue(r.report(f, Level.WARNING, "not a jar (not a zip file)", null), "the file changed and is still bad");
        assertEquals(3, records.size());
        assertEquals(Optional.empty(), records.stream().filter(l -> l.getThrown() != null).findAny(),
                "no stack trace above FINE");
        assertTrue(records.get(0).getMessage().endsWith("x.jar: not a jar (not a zip file)"), records.get(0).getMessage());
        assertEquals(Level.WARNING, records.get(0).getLevel());
    }

    @Test
    void theStackTraceIsThereAtFine() throws Exception {
        Reporter.LOG.setLevel(Level.FINE);
        Path f = dir.resolve("y.jar");
        Files.writeString(f, "v1");
        new Reporter().report(f, Level.WARNING, "broken", new IllegalStateException("trace"));
        assertEquals(2, records.size());
        assertEquals(Level.FINE, records.get(1).getLevel());
        assertEquals("trace", records.get(1).getThrown().getMessage());
    }
}
