package org.robocell.remote.internal;

import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The lines the remote bundle logs (java.util.logging, where System.Logger goes), formatted, while it is open. */
final class LogRecorder extends Handler implements AutoCloseable {

    private final Logger logger = Logger.getLogger("org.robocell.remote");
    final List<String> lines = new CopyOnWriteArrayList<>();

    LogRecorder() {
        logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        Object[] params = record.getParameters();
        String message = params == null || params.length == 0 ? record.getMessage()
                : MessageFormat.format(record.getMessage(), params);
        lines.add(record.getLevel() + " " + message);
    }

    /** The lines that contain all of the given texts. */
    List<String> matching(String... texts) {
        return lines.stream().filter(l -> java.util.Arrays.stream(texts).allMatch(l::contains)).toList();
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
