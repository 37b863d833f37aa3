package org.robocell.driver.franka.api;

/** A command that did not reach the robot or got no answer; the message is one line naming what and why. */
public final class FrankaCommandException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why the command did not get the robot's answer. */
    public enum Reason {
        /** a value the robot cannot take: nothing was sent */
        INVALID_ARGUMENT,
        /** the robot could not be reached (connection refused, Connect refused, no state) */
        NOT_CONNECTED,
        /** the request was sent but no answer came (timeout, connection lost) */
        NO_ANSWER
    }

    private final Reason reason;

    public FrankaCommandException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
