package org.robocell.remote.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The authorized_keys file as the server reads it on every login: the usable keys with their options, or why none
 * is. Like sshd's {@code StrictModes}, the file is refused as a whole while it or its folder is writable by group or
 * others (anyone who could add a key could log in). Each problem is logged once, when it appears: a line that
 * cannot be used (file:line and why), or the refused file (why, and the chmod that fixes it).
 */
final class AuthorizedKeysFile {

    private static final System.Logger LOG = System.getLogger("org.robocell.remote");

    /** Why no key of the file is usable. */
    enum Refusal {
        MISSING, UNSAFE, UNREADABLE
    }

    /** The keys of the file now, or the reason there are none. */
    record Keys(List<AuthorizedKeyLine> lines, Refusal refusal, String reason) {
    }

    private final Path file;
    private String lastText;
    private List<AuthorizedKeyLine> lastLines = List.of();
    private String lastRefusal;

    AuthorizedKeysFile(Path file) {
        this.file = file;
    }

    Path path() {
        return file;
    }

    synchronized Keys read() {
        String unsafe = unsafeBecause();
        if (unsafe != null) {
            return refuse(Refusal.UNSAFE, unsafe, Level.WARNING);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return refuse(Refusal.MISSING, "there is no authorized keys file " + file, null);
        } catch (IOException e) {
            return refuse(Refusal.UNREADABLE, "cannot read " + file + ": " + e.getMessage(), Level.WARNING);
        }
        if (lastRefusal != null) {
            LOG.log(Level.INFO, "SSH: {0} is usable again", file);
            lastRefusal = null;
        }
        if (!text.equals(lastText)) {
            lastLines = parse(text);
            lastText = text;
        }
        return new Keys(lastLines, null, null);
    }

    private Keys refuse(Refusal refusal, String reason, Level level) {
        if (level != null && !reason.equals(lastRefusal)) {
            LOG.log(level, "SSH: refusing every key: {0}", reason);
        }
        lastRefusal = reason;
        lastText = null;
        return new Keys(List.of(), refusal, reason);
    }

    private List<AuthorizedKeyLine> parse(String text) {
        List<AuthorizedKeyLine> lines = new ArrayList<>();
        String[] raw = text.split("\r?\n", -1);
        for (int i = 0; i < raw.length; i++) {
            try {
                AuthorizedKeyLine line = AuthorizedKeyLine.parse(raw[i], i + 1);
                if (line != null) {
                    lines.add(line);
                    List<String> names = line.options().from() == null ? List.of() : line.options().from().names();
                    if (!names.isEmpty()) {
                        LOG.log(Level.WARNING, "SSH: {0}:{1}: from= {2} can only match a host name, which is never"
                                + " looked up (as sshd with UseDNS no): write addresses", file, String.valueOf(i + 1),
                                names);
                    }
                }
            } catch (AuthorizedKeyLine.Unusable e) {
                LOG.log(Level.WARNING, "SSH: {0}:{1}: key refused: {2}", file, String.valueOf(i + 1), e.getMessage());
            }
        }
        return List.copyOf(lines);
    }

    /** Why the file or its folder is unsafe (with the fix), or null. Without POSIX permissions: never. */
    private String unsafeBecause() {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return null;
        }
        Path dir = Objects.requireNonNullElse(file.getParent(), file.toAbsolutePath().getParent());
        for (Path p : new Path[] { file, dir }) {
            Set<PosixFilePermission> perms;
            try {
                perms = Files.getPosixFilePermissions(p);
            } catch (IOException missing) {
                continue;
            }
            String who = writers(perms);
            if (who != null) {
                String what = p == file ? file + " is" : file + "'s folder " + dir + " is";
                return what + " writable by " + who + " (" + PosixFilePermissions.toString(perms)
                        + "); fix: chmod go-w " + p;
            }
        }
        return null;
    }

    private static String writers(Set<PosixFilePermission> perms) {
        boolean group = perms.contains(PosixFilePermission.GROUP_WRITE);
        boolean others = perms.contains(PosixFilePermission.OTHERS_WRITE);
        return group && others ? "group and others" : group ? "group" : others ? "others" : null;
    }
}
