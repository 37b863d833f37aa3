package org.robocell.driver.franka.gripper.internal.shell;

/** A franka:gripper command that did not do what was asked: the shell prints its message as one line. */
final class GripperShellException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    GripperShellException(String message) {
        super(message, null, false, false);
    }

    @Override
    public String toString() {
        return "error: " + getMessage();
    }
}
