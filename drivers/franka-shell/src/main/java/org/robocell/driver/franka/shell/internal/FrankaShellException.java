package org.robocell.driver.franka.shell.internal;

/** A franka:* command that did not do what was asked: the shell prints its message as one line. */
final class FrankaShellException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    FrankaShellException(String message) {
        super(message, null, false, false);
    }

    @Override
    public String toString() {
        return "error: " + getMessage();
    }
}
