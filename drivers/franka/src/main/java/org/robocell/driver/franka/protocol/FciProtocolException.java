package org.robocell.driver.franka.protocol;

/** A message that does not follow the FCI wire format; the message names the field and what was expected. */
public final class FciProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public FciProtocolException(String message) {
        super(message);
    }
}
