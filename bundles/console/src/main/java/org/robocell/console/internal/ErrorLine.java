package org.robocell.console.internal;

/**
 * The one line a failed command gets, in the interactive shell, a remote session and a {@code --script} run alike:
 * what went wrong in words, never a Java class name where a message says it.
 */
final class ErrorLine {

    private ErrorLine() {
    }

    /** {@code error: <what>}; {@code interrupted} for a command Ctrl-C ended (how a running echo is stopped). */
    static String of(Throwable e) {
        String what = describe(e);
        return what.equals(INTERRUPTED) ? what : "error: " + what;
    }

    private static final String INTERRUPTED = "interrupted";

    /** What went wrong: the message of the cause a reflective call or a future wrapped. */
    static String describe(Throwable e) {
        while ((e instanceof java.lang.reflect.InvocationTargetException
                || e instanceof java.util.concurrent.ExecutionException
                || e instanceof java.util.concurrent.CompletionException) && e.getCause() != null) {
            e = e.getCause();
        }
        if (e instanceof InterruptedException) {
            return INTERRUPTED;
        }
        String message = e.getMessage();
        if (e.getClass().getSimpleName().equals("CommandNotFoundException")) {
            return "unknown command: " + (message == null ? "" : message.replaceFirst("^Command not found: ", ""));
        }
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return message;
    }
}
