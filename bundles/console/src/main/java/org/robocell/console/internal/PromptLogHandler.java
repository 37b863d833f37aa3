package org.robocell.console.internal;

import java.util.logging.ErrorManager;
import java.util.logging.Handler;
import java.util.logging.LogRecord;

import org.jline.reader.LineReader;

/**
 * Log records on the interactive terminal: while the shell waits for input they are printed above the prompt
 * (JLine redraws the prompt and what was typed below them), otherwise, while a command runs, as plain lines.
 * Installed in place of the console handler for as long as the local interactive shell runs.
 */
final class PromptLogHandler extends Handler {

    private final LineReader reader;

    PromptLogHandler(LineReader reader) {
        this.reader = reader;
        setFormatter(new OneLineLogFormat());
    }

    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        String text;
        try {
            text = getFormatter().format(record);
        } catch (RuntimeException e) {
            reportError(null, e, ErrorManager.FORMAT_FAILURE);
            return;
        }
        text = text.endsWith(System.lineSeparator()) ? text.substring(0, text.length() - System.lineSeparator().length()) : text;
        if (reader.isReading()) {
            reader.printAbove(text);
        } else {
            reader.getTerminal().writer().println(text);
            reader.getTerminal().flush();
        }
    }

    @Override
    public void flush() {
        reader.getTerminal().flush();
    }

    @Override
    public void close() {
        // the terminal belongs to the shell
    }
}
