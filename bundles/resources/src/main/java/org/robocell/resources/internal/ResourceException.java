package org.robocell.resources.internal;

/** A resource request that cannot be met; the message is ros2_control's text where it has one. */
public class ResourceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResourceException(String message) {
        super(message);
    }
}
