package org.robocell.console;

/**
 * Ctrl-C in the interactive shell, for a command that answers it with a line of its own. Gogo ends the interrupted
 * command line at once and the shell prints {@code interrupted}, while the command still runs on its own thread to
 * do and say what its interruption means ({@code trajectory:move} cancels its goal): a command that will answer puts
 * a {@link java.util.concurrent.CountDownLatch} under {@link #ANSWER} in its session while it waits, and counts it
 * down once it has printed its answer; the shell waits for that (bounded) before its own line and the next prompt.
 *
 * @since 1.3
 */
public final class Interrupts {

    /** Session variable: a {@link java.util.concurrent.CountDownLatch} counted down when the answer is printed. */
    public static final String ANSWER = "robocell.interrupt.answer";

    private Interrupts() {
    }
}
