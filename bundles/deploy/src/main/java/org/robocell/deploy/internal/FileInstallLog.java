package org.robocell.deploy.internal;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Takes over FileInstall's log (framework property {@code felix.fileinstall.log.default=jul}: FileInstall 3.7.4
 * then logs to the JUL logger {@value #LOGGER}, with a stack trace for every failure, again after every later
 * change). A record about a deploy/ file becomes one {@link Reporter} line about that file; any other record one line
 * of its own, said once. Stack traces go to FINE.
 */
final class FileInstallLog extends Handler {

    static final String LOGGER = "fileinstall";
    private static final int REMEMBERED = 256;

    private final DeployFolder folder;
    private final Reporter reporter;
    private final Problems problems;
    private final Logger fileInstall = Logger.getLogger(LOGGER);
    private final Set<String> saidOnce = new LinkedHashSet<>();

    FileInstallLog(DeployFolder folder, Reporter reporter, Problems problems) {
        this.folder = folder;
        this.reporter = reporter;
        this.problems = problems;
    }

    /** FileInstall's records come here instead of the console. */
    void install() {
        fileInstall.addHandler(this);
        fileInstall.setUseParentHandlers(false);
    }

    void uninstall() {
        fileInstall.setUseParentHandlers(true);
        fileInstall.removeHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        if (record == null) {
            return;
        }
        String message = record.getMessage();
        Throwable thrown = record.getThrown();
        Optional<Path> file = folder.fileIn(message);
        if (file.isPresent() && record.getLevel().intValue() >= Level.WARNING.intValue()) {
            reporter.report(file.get(), record.getLevel(), problems.describe(file.get(), thrown, message), thrown);
            return;
        }
        String line = "fileinstall: " + message + (thrown == null ? "" : ": " + Problems.oneLine(Problems.root(thrown)));
        if (record.getLevel().intValue() >= Level.WARNING.intValue() && !firstTime(line)) {
            return;
        }
        Reporter.LOG.log(record.getLevel(), line);
        if (thrown != null && Reporter.LOG.isLoggable(Level.FINE)) {
            Reporter.LOG.log(Level.FINE, line, thrown);
        }
    }

    private synchronized boolean firstTime(String line) {
        if (!saidOnce.add(line)) {
            return false;
        }
        if (saidOnce.size() > REMEMBERED) {
            saidOnce.remove(saidOnce.iterator().next());
        }
        return true;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }
}
