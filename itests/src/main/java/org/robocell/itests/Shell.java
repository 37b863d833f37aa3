package org.robocell.itests;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;

/** Runs shell commands the way a user types them and returns what they would read. */
final class Shell {

    private final CommandProcessor processor;

    Shell(CommandProcessor processor) {
        this.processor = processor;
    }

    /** The printed output and the formatted result of one command line; a failing command throws. */
    String run(String line) throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        try (CommandSession session = processor.createSession(InputStream.nullInputStream(), out, out)) {
            Object result = session.execute(line);
            if (result != null) {
                out.println(session.format(result, Converter.INSPECT));
            }
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    /**
     * Runs the command until its output shows the pattern (bounded: 400 tries 50 ms apart), a failing run counting as
     * not yet; returns that output.
     */
    String awaitOutput(String command, String regex) throws Exception {
        java.util.regex.Pattern p = java.util.regex.Pattern.compile(regex);
        String out = "";
        for (int i = 0; i < 400; i++) {
            try {
                out = run(command);
                if (p.matcher(out).find()) {
                    return out;
                }
            } catch (Exception notYet) {
                out = String.valueOf(notYet.getMessage());
            }
            Thread.sleep(50);
        }
        throw new AssertionError("'" + command + "' never showed /" + regex + "/; last output:\n" + out);
    }
}
