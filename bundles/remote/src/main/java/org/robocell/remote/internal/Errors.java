package org.robocell.remote.internal;

/** One-line error text for a failed command, as the console's script runner prints it. */
final class Errors {

    private Errors() {
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return "error: " + e.getClass().getSimpleName();
        }
        if (e.getClass().getSimpleName().equals("CommandNotFoundException")) {
            return "error: unknown command: " + message.replaceFirst("^Command not found: ", "");
        }
        return "error: " + message;
    }
}
