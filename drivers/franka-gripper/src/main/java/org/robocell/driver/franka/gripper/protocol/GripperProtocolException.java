package org.robocell.driver.franka.gripper.protocol;

/** Bytes that are not the gripper protocol; the message is one line naming the field. */
public final class GripperProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GripperProtocolException(String message) {
        super(message);
    }
}
