package org.robocell.state.internal;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;

import org.apache.felix.cm.PersistenceManager;
import org.osgi.framework.BundleContext;

/**
 * Felix ConfigAdmin's persistence manager {@value #NAME} (select it with the framework property
 * {@code felix.cm.pm=robocell}): one file per PID in the folder named by {@value #FOLDER_PROPERTY} (default
 * {@value #DEFAULT_FOLDER}, relative to the working directory). Every write replaces the whole file atomically
 * ({@link AtomicFiles}); every read checks the file's length and checksum ({@link ConfigFile}). A file that fails the
 * check is moved to {@code damaged/} with one WARNING line naming it and the reason, and its configuration is left
 * out; nothing partial is ever handed to ConfigAdmin. Felix's own FilePersistenceManager (1.9.26) deletes the old
 * file before renaming the new one and never forces either to the disk. Registered by
 * {@link PersistenceManagerRegistration}.
 */
public final class AtomicFilePersistenceManager implements PersistenceManager {

    static final String NAME = "robocell";
    static final String FOLDER_PROPERTY = "felix.cm.dir";
    static final String DEFAULT_FOLDER = "state/config";
    static final String DAMAGED = "damaged";

    private static final System.Logger LOG = System.getLogger("org.robocell.state");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path folder;

    AtomicFilePersistenceManager(BundleContext context) throws IOException {
        this(folder(context.getProperty(FOLDER_PROPERTY)));
    }

    AtomicFilePersistenceManager(Path folder) throws IOException {
        this.folder = folder;
        Files.createDirectories(folder);
        int unfinished = AtomicFiles.removeUnfinished(folder);
        if (unfinished > 0) {
            LOG.log(Level.INFO, "{0}: removed {1} unfinished write(s) of a stopped process; those configurations keep"
                    + " their last complete version", display(folder), unfinished);
        }
    }

    static Path folder(String property) {
        String name = property == null || property.isBlank() ? DEFAULT_FOLDER : property.trim();
        return Path.of(System.getProperty("user.dir", ".")).resolve(name).normalize();
    }

    @Override
    public synchronized boolean exists(String pid) {
        return Files.isRegularFile(file(pid));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public synchronized Dictionary load(String pid) throws IOException {
        Path f = file(pid);
        if (!Files.isRegularFile(f)) {
            throw new FileNotFoundException("no stored configuration " + pid + " (" + display(f) + ")");
        }
        Dictionary<String, Object> d = read(f);
        if (d == null) {
            throw new IOException(display(f) + " is damaged; configuration " + pid + " is not loaded");
        }
        return d;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public synchronized Enumeration getDictionaries() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(PidFiles.SUFFIX) && !AtomicFiles.isTemporary(f)
                    && Files.isRegularFile(f)).sorted().toList();
        }
        List<Dictionary<String, Object>> all = new ArrayList<>(files.size());
        for (Path f : files) {
            Dictionary<String, Object> d = read(f);
            if (d != null) {
                all.add(d);
            }
        }
        return Collections.enumeration(all);
    }

    @Override
    @SuppressWarnings({ "rawtypes", "unchecked" })
    public synchronized void store(String pid, Dictionary properties) throws IOException {
        AtomicFiles.replace(file(pid), ConfigFile.encode(properties));
    }

    @Override
    public synchronized void delete(String pid) throws IOException {
        AtomicFiles.delete(file(pid));
    }

    Path file(String pid) {
        return folder.resolve(PidFiles.fileName(pid));
    }

    /** The file's configuration, or null (with one WARNING line) when it is damaged and was moved aside. */
    private Dictionary<String, Object> read(Path f) throws IOException {
        try {
            return ConfigFile.decode(Files.readAllBytes(f));
        } catch (DamagedFile e) {
            Path aside = moveAside(f);
            LOG.log(Level.WARNING, "{0}: {1}; its configuration is not loaded (the file is kept as {2})", display(f),
                    e.getMessage(), display(aside));
            return null;
        }
    }

    private Path moveAside(Path f) throws IOException {
        Path damaged = folder.resolve(DAMAGED);
        Files.createDirectories(damaged);
        Path aside = damaged.resolve(f.getFileName() + "." + STAMP.format(LocalDateTime.now()));
        for (int i = 1; Files.exists(aside); i++) {
            aside = damaged.resolve(f.getFileName() + "." + STAMP.format(LocalDateTime.now()) + "-" + i);
        }
        Files.move(f, aside, StandardCopyOption.ATOMIC_MOVE);
        return aside;
    }

    /** A path as the user knows it: relative to the working directory when inside it. */
    static String display(Path p) {
        Path cwd = Path.of(System.getProperty("user.dir", ".")).toAbsolutePath().normalize();
        Path abs = p.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }
}
