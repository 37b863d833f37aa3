package org.robocell.driver.franka.gripper.api;

/**
 * What a gripper call came to.
 *
 * @param outcome how it ended
 * @param message one line for people: the Hand's answer by libfranka's name, or what was wrong
 */
public record GripperAnswer(GripperOutcome outcome, String message) {

    /** The Hand answered kSuccess. */
    public boolean succeeded() {
        return outcome == GripperOutcome.SUCCESS;
    }
}
