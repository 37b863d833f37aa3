package org.robocell.shell.internal;

/**
 * A shell command that did not do what was asked. The shell prints it as one line, and a {@code --script} run
 * stops at it with a non-zero status.
 */
public final class CommandFailed extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CommandFailed(String message) {
        super(message, null, false, false);
    }

    @Override
    public String toString() {
        return "error: " + getMessage();
    }
}
