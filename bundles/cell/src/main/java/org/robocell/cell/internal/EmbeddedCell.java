package org.robocell.cell.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import org.osgi.framework.Bundle;

/**
 * The runtime's default cell as this bundle carries it ({@value #FOLDER}/ in the jar: the build copies
 * {@code runtime/cell} there), for a runtime started where that folder is not: its files are written to a folder
 * on disk, because robot configurations name their URDF and controllers files by path.
 */
final class EmbeddedCell {

    /** The folder in this bundle that holds the default cell's files. */
    static final String FOLDER = "robocell-default-cell";

    private EmbeddedCell() {
    }

    /** The embedded cell's files of {@code bundle}; empty when the bundle carries none (or there is no bundle). */
    static List<URL> files(Bundle bundle) {
        if (bundle == null) {
            return List.of();
        }
        Enumeration<URL> entries = bundle.findEntries(FOLDER, "*", false);
        List<URL> files = new ArrayList<>();
        for (URL u : entries == null ? List.<URL>of() : Collections.list(entries)) {
            if (!u.getPath().endsWith("/")) {
                files.add(u);
            }
        }
        return files;
    }

    /**
     * Writes {@code files} into {@code target} (created when missing), each replacing the file of its name, so the
     * folder holds the embedded cell as this runtime carries it whatever an earlier start left there; other files
     * of the folder are removed, so a file a newer runtime no longer carries does not come back as a robot.
     *
     * @return {@code target}
     */
    static Path unpack(List<URL> files, Path target) throws IOException {
        Files.createDirectories(target);
        List<String> names = new ArrayList<>();
        for (URL u : files) {
            String path = u.getPath();
            String name = path.substring(path.lastIndexOf('/') + 1);
            names.add(name);
            Path temporary = target.resolve("." + name + ".tmp");
            try (InputStream in = u.openStream()) {
                Files.copy(in, temporary, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(temporary, target.resolve(name), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        }
        try (var present = Files.list(target)) {
            for (Path f : present.toList()) {
                if (Files.isRegularFile(f) && !names.contains(f.getFileName().toString())) {
                    Files.delete(f);
                }
            }
        }
        return target;
    }
}
