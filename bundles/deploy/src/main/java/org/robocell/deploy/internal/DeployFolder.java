package org.robocell.deploy.internal;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder FileInstall watches ({@code felix.fileinstall.dir}), as FileInstall names its files: the canonical path
 * ({@code Scanner}) and, for bundle locations, the file URI ({@code DirectoryWatcher#install}).
 */
final class DeployFolder {

    private final Path dir;
    private final String pathPrefix;
    private final String uriPrefix;

    DeployFolder(Path dir) {
        this.dir = canonical(dir);
        this.pathPrefix = this.dir + File.separator;
        this.uriPrefix = this.dir.toFile().toURI().normalize().toString();
    }

    static DeployFolder of(String property) {
        String name = property == null || property.isBlank() ? "./load" : property.trim();
        return new DeployFolder(Path.of(System.getProperty("user.dir", ".")).resolve(name));
    }

    Path dir() {
        return dir;
    }

    boolean contains(Path file) {
        return canonical(file).startsWith(dir);
    }

    /**
     * The deploy/ file a FileInstall message is about: FileInstall ends each message about an artifact with its path
     * or its bundle location (3.7.4, {@code DirectoryWatcher}).
     */
    Optional<Path> fileIn(String message) {
        if (message == null) {
            return Optional.empty();
        }
        int at = message.indexOf(uriPrefix);
        if (at >= 0) {
            try {
                return Optional.of(Path.of(URI.create(message.substring(at).trim())));
            } catch (IllegalArgumentException notAUri) {
                return Optional.empty();
            }
        }
        at = message.indexOf(pathPrefix);
        return at < 0 ? Optional.empty() : Optional.of(pathAt(message.substring(at).trim()));
    }

    /**
     * The file a message names from {@code rest} on: FileInstall ends most messages with the path; two go on (" with
     * id: 12. The bundle has ..."). The longest start of {@code rest} that is an existing file wins; else the path
     * before " with id", else all of it.
     */
    private Path pathAt(String rest) {
        for (int end = rest.length(); end > pathPrefix.length(); end = rest.lastIndexOf(' ', end - 1)) {
            Path p = Path.of(rest.substring(0, end));
            if (java.nio.file.Files.exists(p)) {
                return p;
            }
        }
        int goesOn = rest.toLowerCase(java.util.Locale.ROOT).indexOf(" with id");
        return Path.of(goesOn < 0 ? rest : rest.substring(0, goesOn));
    }

    /** The file's bundle location, as FileInstall installs it. */
    String location(Path file) {
        return file.toFile().toURI().normalize().toString();
    }

    /** A file as the user knows it: relative to the working directory when inside it ({@code deploy/x.jar}). */
    static String display(Path file) {
        Path cwd = canonical(Path.of(System.getProperty("user.dir", ".")));
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
    }

    private static Path canonical(Path p) {
        try {
            return p.toFile().getCanonicalFile().toPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
