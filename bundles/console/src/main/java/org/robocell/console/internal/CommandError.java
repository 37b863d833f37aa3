package org.robocell.console.internal;

/**
 * A console command that did not do what was asked: the interactive shell prints it as one line ({@code error: ...}),
 * a {@code --script} run stops at it with a non-zero status, a remote session prints its message.
 */
final class CommandError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CommandError(String message) {
        super(message, null, false, false);
    }

    @Override
    public String toString() {
        return "error: " + getMessage();
    }
}
