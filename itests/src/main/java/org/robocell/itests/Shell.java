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
}
