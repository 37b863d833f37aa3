package org.robocell.state.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ConfigAdmin's configurations on disk: whole or not at all, and a damaged file is named, never half-loaded. */
class AtomicFilePersistenceManagerTest {

    @TempDir
    Path dir;

    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final Logger log = Logger.getLogger("org.robocell.state");
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            lines.add(r.getLevel() + " " + new java.util.logging.SimpleFormatter().formatMessage(r));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureLog() {
        log.addHandler(capture);
    }

    @AfterEach
    void releaseLog() {
        log.removeHandler(capture);
    }

    private static Dictionary<String, Object> big(String pid, String value, int count) {
        Dictionary<String, Object> d = new Hashtable<>();
        d.put("service.pid", pid);
        for (int i = 0; i < count; i++) {
            d.put(String.format("p%04d", i), value);
        }
        return d;
    }

    private List<Dictionary<String, Object>> all(AtomicFilePersistenceManager pm) throws IOException {
        @SuppressWarnings("unchecked")
        List<Dictionary<String, Object>> list = Collections.list(pm.getDictionaries());
        return list;
    }

    @Test
    void aStoredConfigurationComesBackWithItsTypesAfterARestart() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        Dictionary<String, Object> d = new Hashtable<>();
        d.put("service.pid", "org.robocell.cell.robot~fr3");
        d.put("service.factoryPid", "org.robocell.cell.robot");
        d.put("name", "fr3");
        d.put("rate", 1000);
        d.put("period", 0.001);
        d.put("enabled", Boolean.TRUE);
        d.put("activate", new String[] { "joint_state_broadcaster", "joint_trajectory_controller" });
        d.put("limits", new long[] { 1L, -2L });
        d.put("text", "quotes \" and = and \n newlines and ü");
        pm.store("org.robocell.cell.robot~fr3", d);

        AtomicFilePersistenceManager restarted = new AtomicFilePersistenceManager(dir);
        assertTrue(restarted.exists("org.robocell.cell.robot~fr3"));
        Dictionary<?, ?> back = restarted.load("org.robocell.cell.robot~fr3");
        assertEquals("fr3", back.get("name"));
        assertEquals(1000, back.get("rate"));
        assertEquals(0.001, back.get("period"));
        assertEquals(Boolean.TRUE, back.get("enabled"));
        assertArrayEquals(new String[] { "joint_state_broadcaster", "joint_trajectory_controller" }, (String[]) back.get("activate"));
        assertArrayEquals(new long[] { 1L, -2L }, (long[]) back.get("limits"));
        assertEquals("quotes \" and = and \n newlines and ü", back.get("text"));
        assertEquals(1, all(restarted).size());
        assertEquals(List.of(), lines);
    }

    @Test
    void deleteRemovesTheFileAndLoadingAMissingPidFails() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        pm.store("a", big("a", "x", 3));
        pm.delete("a");
        assertFalse(pm.exists("a"));
        assertThrows(FileNotFoundException.class, () -> pm.load("a"));
        pm.delete("a");
        assertEquals(List.of(), all(pm));
    }

    @Test
    void aFileCutAtALineBoundaryIsNotLoadedAsAShorterConfigurationButNamedAndMovedAside() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        pm.store("org.robocell.itest.big", big("org.robocell.itest.big", "A", 3002));
        Path file = pm.file("org.robocell.itest.big");
        byte[] bytes = Files.readAllBytes(file);
        // keep the header and the first two properties: what a kill during an in-place rewrite leaves
        int cut = 0;
        for (int lines = 0; lines < 3; cut++) {
            if (bytes[cut] == '\n') {
                lines++;
            }
        }
        Files.write(file, java.util.Arrays.copyOf(bytes, cut));

        AtomicFilePersistenceManager restarted = new AtomicFilePersistenceManager(dir);
        assertEquals(List.of(), all(restarted), "nothing partial is handed to ConfigAdmin");
        assertFalse(Files.exists(file));
        assertEquals(1, lines.size(), lines.toString());
        String line = lines.get(0);
        assertTrue(line.startsWith("WARNING " + dir.resolve("org.robocell.itest.big.config") + ": shorter than its header says (truncated):"), line);
        assertTrue(line.contains("its configuration is not loaded (the file is kept as " + dir.resolve("damaged")), line);
        try (Stream<Path> damaged = Files.list(dir.resolve("damaged"))) {
            assertEquals(1, damaged.count());
        }
    }

    @Test
    void aChangedByteAnEmptyFileAndAForeignFileAreEachNamedWithTheirReason() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        pm.store("flipped", big("flipped", "A", 10));
        pm.store("good", big("good", "B", 10));
        Path flipped = pm.file("flipped");
        byte[] bytes = Files.readAllBytes(flipped);
        bytes[bytes.length - 5] ^= 1;
        Files.write(flipped, bytes);
        Files.write(dir.resolve("empty.config"), new byte[0]);
        Files.writeString(dir.resolve("foreign.config"), "service.pid=\"foreign\"\r\n", StandardCharsets.UTF_8);

        List<Dictionary<String, Object>> loaded = all(new AtomicFilePersistenceManager(dir));
        assertEquals(1, loaded.size());
        assertEquals("good", loaded.get(0).get("service.pid"));
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("empty.config: empty file"), lines.get(0));
        assertTrue(lines.get(1).contains("flipped.config: its checksum does not match its content"), lines.get(1));
        assertTrue(lines.get(2).contains("foreign.config: no RoboCell header line"), lines.get(2));
    }

    @Test
    void theLeftoverOfAKilledWriteIsRemovedAtStartAndThePreviousVersionStays() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        pm.store("kept", big("kept", "old", 100));
        byte[] half = java.util.Arrays.copyOf(ConfigFile.encode(big("kept", "new", 100)), 500);
        Files.write(dir.resolve(".kept.config.123456.tmp"), half);

        AtomicFilePersistenceManager restarted = new AtomicFilePersistenceManager(dir);
        assertEquals("old", restarted.load("kept").get("p0099"));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("kept.config"), files.map(f -> f.getFileName().toString()).toList());
        }
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("INFO " + dir + ": removed 1 unfinished write(s)"), lines.get(0));
    }

    @Test
    void aReaderWatchingTheFileWhileItIsReplacedSeesOnlyWholeVersionsAndNeverNoFile() throws Exception {
        AtomicFilePersistenceManager pm = new AtomicFilePersistenceManager(dir);
        Dictionary<String, Object> a = big("watched", "A", 3000);
        Dictionary<String, Object> b = big("watched", "B", 3000);
        pm.store("watched", a);
        Path file = pm.file("watched");
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicReference<Throwable> seen = new AtomicReference<>();
        int[] reads = new int[1];
        Thread reader = new Thread(() -> {
            while (writing.get() && seen.get() == null) {
                try {
                    Dictionary<String, Object> d = ConfigFile.decode(Files.readAllBytes(file));
                    Object first = d.get("p0000");
                    for (int i = 0; i < 3000; i++) {
                        if (!first.equals(d.get(String.format("p%04d", i)))) {
                            throw new AssertionError("p" + i + " is " + d.get(String.format("p%04d", i)) + ", p0000 " + first);
                        }
                    }
                    reads[0]++;
                } catch (NoSuchFileException e) {
                    seen.set(new AssertionError("the file was missing between two versions", e));
                } catch (Throwable e) {
                    seen.set(e);
                }
            }
        });
        reader.start();
        for (int i = 0; i < 150 && seen.get() == null; i++) {
            pm.store("watched", i % 2 == 0 ? b : a);
        }
        writing.set(false);
        reader.join();
        if (seen.get() != null) {
            throw new AssertionError("a reader saw a version that was not whole", seen.get());
        }
        assertTrue(reads[0] > 0);
    }

    @Test
    void everyPidHasItsOwnPortableFileName() {
        assertEquals("org.robocell.cell.robot~fr3.config", PidFiles.fileName("org.robocell.cell.robot~fr3"));
        assertEquals("a%002fb.config", PidFiles.fileName("a/b"));
        assertEquals("%002ehidden.config", PidFiles.fileName(".hidden"));
        assertEquals("caf%00e9.config", PidFiles.fileName("café"));
        assertNotEquals(PidFiles.fileName("a b"), PidFiles.fileName("a_b"));
    }

    @Test
    void theFolderIsTheFrameworkPropertyOrStateConfigInTheWorkingDirectory() {
        Path cwd = Path.of(System.getProperty("user.dir"));
        assertEquals(cwd.resolve("state/config"), AtomicFilePersistenceManager.folder(null));
        assertEquals(cwd.resolve("var/cm"), AtomicFilePersistenceManager.folder(" var/cm "));
        assertEquals(Path.of("/srv/cell/cm"), AtomicFilePersistenceManager.folder("/srv/cell/cm"));
    }
}
