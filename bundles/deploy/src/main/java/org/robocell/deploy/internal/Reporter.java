package org.robocell.deploy.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Says each problem of a deploy/ file once, in one line that names the file: {@code deploy/foo.jar: not a bundle (no
 * Bundle-SymbolicName)}. The same problem of the same file content is not said again (FileInstall retries failing
 * bundles after every later change); once the file changes, a problem it still has is said again. The stack trace
 * behind a line goes to the same logger at FINE.
 */
final class Reporter {

    static final Logger LOG = Logger.getLogger("org.robocell.deploy");

    private final Map<Path, Said> said = new HashMap<>();

    /** What was said about one version of a file (its size and modification time). */
    private static final class Said {
        final long size;
        final long modified;
        final Set<String> problems = new HashSet<>();

        Said(long size, long modified) {
            this.size = size;
            this.modified = modified;
        }
    }

    /** @return whether the line was logged (false: said before for this content of the file) */
    synchronized boolean report(Path file, Level level, String problem, Throwable detail) {
        long size = -1;
        long modified = -1;
        try {
            size = Files.size(file);
            modified = Files.getLastModifiedTime(file).toMillis();
        } catch (java.io.IOException gone) {
            // a file that went away: its problem is still worth one line
        }
        Said s = said.get(file);
        if (s == null || s.size != size || s.modified != modified) {
            s = new Said(size, modified);
            said.put(file, s);
        }
        String line = DeployFolder.display(file) + ": " + problem;
        if (!s.problems.add(problem)) {
            LOG.log(Level.FINE, "again: " + line);
            return false;
        }
        LOG.log(level, line);
        if (detail != null && LOG.isLoggable(Level.FINE)) {
            LOG.log(Level.FINE, line, detail);
        }
        return true;
    }
}
