package org.robocell.console.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.apache.felix.gogo.jline.Parser;
import org.apache.felix.gogo.runtime.CommandProcessorImpl;
import org.apache.felix.gogo.runtime.threadio.ThreadIOImpl;
import org.apache.felix.service.command.CommandSession;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the interactive shell prints, on a terminal of the test's own (JLine's, over pipes): the one error line a
 * script prints too, and log lines above the prompt rather than over it.
 */
class InteractiveLinesTest {

    private final PipedOutputStream keyboard = new PipedOutputStream();
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final ThreadIOImpl threadIO = new ThreadIOImpl();
    private Terminal terminal;

    private Terminal terminal() throws IOException {
        terminal = TerminalBuilder.builder().system(false).type("xterm").size(new org.jline.terminal.Size(120, 40))
                .streams(new PipedInputStream(keyboard, 4096), screen).build();
        return terminal;
    }

    @AfterEach
    void close() throws IOException {
        keyboard.close();
        if (terminal != null) {
            terminal.close();
        }
        threadIO.stop();
    }

    private String screen() {
        return screen.toString(StandardCharsets.UTF_8);
    }

    /** Types the lines, ends the input and runs the loop to its end on a real Gogo command processor. */
    private String session(String typed) throws Exception {
        threadIO.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(threadIO);
        Terminal t = terminal();
        CommandSession session = processor.createSession(t.input(), t.output(), t.output());
        session.put("prompt", "robocell> ");
        LineReader reader = LineReaderBuilder.builder().terminal(t).parser(new Parser()).build();
        keyboard.write(typed.getBytes(StandardCharsets.UTF_8));
        keyboard.close();
        new ReadEvalPrint(session, t, reader, () -> false).run();
        t.flush();
        return screen();
    }

    @Test
    void anUnknownCommandGetsTheOneLineAScriptPrints() throws Exception {
        String shown = session("no:such-command\n");
        assertTrue(shown.contains("error: unknown command: no:such-command"), shown);
        assertFalse(shown.contains("Exception"), "no Java class name: " + shown);
        assertEquals("unknown command: no:such-command",
                ScriptRunner.describe(new org.apache.felix.gogo.runtime.CommandNotFoundException("no:such-command")),
                "the words of a --script run");
    }

    /** Stands for exit: it ends the shell, and the interrupt that wakes the local terminal reaches its own wait. */
    public static final class Exit {
        static final java.util.concurrent.atomic.AtomicBoolean STOPPING = new java.util.concurrent.atomic.AtomicBoolean();

        public void leave() throws InterruptedException {
            STOPPING.set(true);
            throw new InterruptedException("woken to stop");
        }
    }

    @Test
    void leavingTheShellPrintsNoErrorForTheInterruptThatEndsIt() throws Exception {
        threadIO.start();
        CommandProcessorImpl processor = new CommandProcessorImpl(threadIO);
        processor.addCommand("gogo", new Exit(), "leave");
        Terminal t = terminal();
        CommandSession session = processor.createSession(t.input(), t.output(), t.output());
        LineReader reader = LineReaderBuilder.builder().terminal(t).parser(new Parser()).build();
        keyboard.write("leave\n".getBytes(StandardCharsets.UTF_8));
        keyboard.close();
        Exit.STOPPING.set(false);
        new ReadEvalPrint(session, t, reader, Exit.STOPPING::get).run();
        t.flush();
        assertFalse(screen().contains("interrupted"), screen());
        assertFalse(screen().contains("error"), screen());
    }

    @Test
    void aFailureInsideACommandIsItsMessageAndAnInterruptIsOneWord() {
        assertEquals("error: option -t is -5", ErrorLine.of(new java.lang.reflect.InvocationTargetException(
                new IllegalArgumentException("option -t is -5"))));
        assertEquals("interrupted", ErrorLine.of(new InterruptedException("sleep interrupted")),
                "Ctrl-C in channel:echo ends it: no error, no class name");
    }

    @Test
    void aLogLineWhileTheShellWaitsForInputIsPrintedAboveThePromptAndTheTypedTextIsKept() throws Exception {
        LineReader reader = LineReaderBuilder.builder().terminal(terminal()).build();
        AtomicReference<String> line = new AtomicReference<>();
        Thread reading = new Thread(() -> line.set(reader.readLine("robocell> ")));
        reading.start();
        keyboard.write("cell:rob".getBytes(StandardCharsets.UTF_8));
        keyboard.flush();
        for (long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); !(reader.isReading()
                && screen().contains("cell:rob")) && System.nanoTime() < until;) {
            Thread.sleep(5);
        }
        new PromptLogHandler(reader).publish(new LogRecord(Level.INFO, "robot fr3: running at 1000 Hz"));
        keyboard.write("ots\n".getBytes(StandardCharsets.UTF_8));
        keyboard.flush();
        reading.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals("cell:robots", line.get(), "what was typed before the log line is still the line");
        String shown = screen();
        int log = shown.indexOf("INFO robot fr3: running at 1000 Hz");
        assertTrue(log >= 0, shown);
        assertTrue(shown.indexOf("robocell> ", log) > log, "the prompt is drawn again below the log line: " + shown);
        assertTrue(shown.indexOf("cell:rob", shown.indexOf("robocell> ", log)) > log, "and the typed text: " + shown);
    }
}
