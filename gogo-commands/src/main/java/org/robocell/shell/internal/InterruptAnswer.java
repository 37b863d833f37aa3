package org.robocell.shell.internal;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

import org.apache.felix.service.command.CommandSession;
import org.robocell.console.Interrupts;

/**
 * A waiting command's answer to Ctrl-C: while it is open, the interactive shell knows the command will say what its
 * interruption did, and waits for that line before its own {@code interrupted} and the next prompt.
 */
final class InterruptAnswer implements AutoCloseable {

    private final CommandSession session;
    private final CountDownLatch given = new CountDownLatch(1);

    private InterruptAnswer(CommandSession session) {
        this.session = session;
    }

    /** Announces an answer in the session (none when the command runs without one, as in a test). */
    static InterruptAnswer expect(CommandSession session) {
        InterruptAnswer answer = new InterruptAnswer(session);
        if (session != null) {
            session.put(Interrupts.ANSWER, answer.given);
        }
        return answer;
    }

    /** Prints the answer and lets the shell go on; returns the error for the command to throw. */
    CommandFailed give(PrintStream console, String what) {
        console.println(what);
        console.flush();
        given.countDown();
        return new CommandFailed("interrupted: " + what);
    }

    @Override
    public void close() {
        given.countDown();
        if (session != null) {
            session.put(Interrupts.ANSWER, null);
        }
    }
}
