package org.robocell.driver.franka.shell.internal;

import org.robocell.driver.franka.api.FrankaAnswer;
import org.robocell.driver.franka.protocol.Command;

/** What a refusal by the robot means for the one who asked, after libfranka's status name. */
final class StatusHints {

    private StatusHints() {
    }

    static String of(FrankaAnswer a) {
        String status = a.status().wireName();
        return switch (status) {
            case "kCommandNotPossibleRejected" -> a.command() == Command.AUTOMATIC_ERROR_RECOVERY
                    ? " (a motion is running: recovery is for a robot stopped by a reflex)"
                    : " (the robot takes this only while no motion runs: deactivate the controllers on the arm first)";
            case "kInvalidArgumentRejected" -> " (the robot refused the values)";
            case "kCommandRejectedDueToActivatedSafetyFunctions" -> " (a safety function is active: see Desk)";
            case "kAborted" -> " (the robot aborted it)";
            default -> "";
        };
    }
}
