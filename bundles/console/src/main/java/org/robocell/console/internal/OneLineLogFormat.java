package org.robocell.console.internal;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;

/**
 * One line per log record ({@code 10:37:19 INFO robot fr3: running at 1,000 Hz}) instead of the JDK's two, so
 * that log lines read well between shell output. Stack traces follow their line.
 */
final class OneLineLogFormat extends Formatter {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    @Override
    public String format(LogRecord record) {
        StringBuilder sb = new StringBuilder(128);
        sb.append(TIME.format(LocalTime.ofInstant(record.getInstant(), ZoneId.systemDefault()))).append(' ')
                .append(record.getLevel().getName()).append(' ').append(formatMessage(record))
                .append(System.lineSeparator());
        if (record.getThrown() != null) {
            StringWriter trace = new StringWriter();
            record.getThrown().printStackTrace(new PrintWriter(trace));
            sb.append(trace);
        }
        return sb.toString();
    }
}
