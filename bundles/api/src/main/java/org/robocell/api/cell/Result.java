package org.robocell.api.cell;

/**
 * The answer to a controller-manager operation. {@code message} is one line for users: on failure it says what
 * is wrong and, for an unknown name, suggests the closest known one.
 */
public record Result(boolean ok, String message) {

    public Result {
        message = message == null ? "" : message;
    }

    public static Result ok(String message) {
        return new Result(true, message);
    }

    public static Result failed(String message) {
        return new Result(false, message);
    }
}
