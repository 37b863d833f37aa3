package org.robocell.console.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;

/**
 * Runs a file of shell commands, one per line, against a session. Blank lines and lines starting with {@code #}
 * are skipped. The first failing command stops the run; its line number, text and error are printed.
 */
final class ScriptRunner {

    static final int OK = 0;
    static final int COMMAND_FAILED = 1;
    static final int FILE_UNREADABLE = 2;

    private final CommandSession session;
    private final PrintStream out;
    private final PrintStream err;

    ScriptRunner(CommandSession session, PrintStream out, PrintStream err) {
        this.session = session;
        this.out = out;
        this.err = err;
    }

    int run(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("robocell: script file not found: " + file);
            return FILE_UNREADABLE;
        } catch (IOException e) {
            err.println("robocell: cannot read script file " + file + ": " + e.getMessage());
            return FILE_UNREADABLE;
        }
        return run(file.toString(), lines);
    }

    int run(String name, List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            out.println("> " + line);
            try {
                Object result = session.execute(line);
                if (result != null) {
                    CharSequence text = session.format(result, Converter.INSPECT);
                    if (text != null && text.length() > 0) {
                        out.println(text);
                    }
                }
                out.flush();
            } catch (Exception e) {
                out.flush();
                err.println(name + ":" + (i + 1) + ": " + line);
                err.println("  error: " + describe(e));
                err.flush();
                return COMMAND_FAILED;
            }
        }
        return OK;
    }

    static String describe(Throwable e) {
        return ErrorLine.describe(e);
    }
}
