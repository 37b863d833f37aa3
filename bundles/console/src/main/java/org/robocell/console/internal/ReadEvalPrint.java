package org.robocell.console.internal;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.apache.felix.service.command.Job;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.Terminal.Signal;
import org.jline.terminal.Terminal.SignalHandler;
import org.robocell.console.Interrupts;

/**
 * The interactive loop: read a line, run it, print its result, or the one line {@link ErrorLine} makes of its
 * failure (the words a {@code --script} run prints, no exception class names). Ctrl-C interrupts the running
 * command; Ctrl-D or {@code exit} ends the loop.
 */
final class ReadEvalPrint {

    private final CommandSession session;
    private final Terminal terminal;
    private final LineReader reader;
    private final BooleanSupplier stopping;

    ReadEvalPrint(CommandSession session, Terminal terminal, LineReader reader, BooleanSupplier stopping) {
        this.session = session;
        this.terminal = terminal;
        this.reader = reader;
        this.stopping = stopping;
    }

    /** How long an interrupted command may take to say what its interruption did. */
    private static final long ANSWER_SECONDS = 2;

    /** The job Ctrl-C interrupted during the current line, or null. */
    private volatile Job interrupted;

    void run() throws InterruptedException {
        SignalHandler interrupt = terminal.handle(Signal.INT, s -> {
            Job current = session.foregroundJob();
            if (current != null) {
                interrupted = current;
                current.interrupt();
            }
        });
        try {
            while (!stopping.getAsBoolean()) {
                String line;
                try {
                    line = reader.readLine(Shell.getPrompt(session), Shell.getRPrompt(session), (Character) null, null);
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt: a fresh line
                } catch (EndOfFileException e) {
                    break;
                }
                if (line.isBlank()) {
                    continue;
                }
                evaluate(line);
                awaitForegroundJob();
            }
        } finally {
            terminal.handle(Signal.INT, interrupt);
            try {
                reader.getHistory().save();
            } catch (java.io.IOException e) {
                // history is a convenience
            }
        }
    }

    private void evaluate(String line) {
        try {
            Object result = session.execute(line);
            session.put(Shell.VAR_RESULT, result);
            if (result != null && !Boolean.FALSE.equals(session.get(".Gogo.format"))) {
                terminal.writer().println(session.format(result, Converter.INSPECT));
            }
        } catch (Exception e) {
            session.put(Shell.VAR_EXCEPTION, e);
            if (!stopping.getAsBoolean()) { // exit or shutdown interrupts the wait for their own command: no error
                awaitAnswer(interrupted);
                terminal.writer().println(ErrorLine.of(e));
            }
        } finally {
            interrupted = null;
        }
        terminal.flush();
    }

    /**
     * Gogo ends an interrupted line at once, while the command still runs on its own thread to say what its
     * interruption did (trajectory:move cancels its goal and prints so): a command that will answer left a latch in
     * the session ({@link Interrupts#ANSWER}); wait for it, bounded, so that its line comes before the error line and
     * the next prompt.
     */
    private void awaitAnswer(Job job) {
        if (job == null || !(session.get(Interrupts.ANSWER) instanceof CountDownLatch answer)) {
            return;
        }
        try {
            answer.await(ANSWER_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitForegroundJob() throws InterruptedException {
        while (true) {
            Job job = session.foregroundJob();
            if (job == null) {
                return;
            }
            synchronized (job) {
                if (job.status() == Job.Status.Foreground) {
                    job.wait();
                }
            }
        }
    }
}
