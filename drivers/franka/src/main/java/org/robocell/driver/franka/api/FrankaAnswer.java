package org.robocell.driver.franka.api;

import org.robocell.driver.franka.protocol.Command;
import org.robocell.driver.franka.protocol.StatusCode;

/**
 * The robot's answer to one command.
 *
 * @param command the command sent
 * @param status  the robot's status, one of the command's ({@code kSuccess}, {@code kCommandNotPossibleRejected},
 *                {@code kInvalidArgumentRejected}, ...)
 */
public record FrankaAnswer(Command command, StatusCode status) {

    /** Whether the robot took the command. */
    public boolean success() {
        return status.success();
    }

    /** {@code SetJointImpedance: kSuccess}. */
    @Override
    public String toString() {
        return command.wireName() + ": " + status.wireName();
    }
}
