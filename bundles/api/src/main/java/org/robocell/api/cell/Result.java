package org.robocell.api.cell;

/**
 * The answer to a controller-manager operation. {@code message} is one line for users: on failure it says what
 * is wrong and, for an unknown name, suggests the closest known one. {@code reason} says the same for code.
 *
 * @param reason why it failed; {@link Reason#NONE} when it succeeded (since 1.4)
 */
public record Result(boolean ok, String message, Reason reason) {

    public Result {
        message = message == null ? "" : message;
        reason = reason == null ? (ok ? Reason.NONE : Reason.UNSPECIFIED) : reason;
    }

    /** An answer without a typed reason: {@link Reason#NONE} when ok, {@link Reason#UNSPECIFIED} otherwise. */
    public Result(boolean ok, String message) {
        this(ok, message, null);
    }

    public static Result ok(String message) {
        return new Result(true, message, Reason.NONE);
    }

    public static Result failed(String message) {
        return new Result(false, message, Reason.UNSPECIFIED);
    }

    /** @since 1.4 */
    public static Result failed(Reason reason, String message) {
        return new Result(false, message, reason);
    }
}
