package org.robocell.driver.franka.control;

/**
 * What shaping one command gave: {@link CommandCheck#ACCEPTED}, or which check refused it, on which field and
 * element (joint 0..6, pose element 0..15 column-major, twist element 0..5, elbow element 0..1), and whether the
 * offending value was in the command or in the robot's last commanded value. A shaper reuses one instance for every
 * command (no allocation): read it before the next call. After a refusal the output arrays hold partial values and
 * must not be sent.
 */
public final class ShapingResult {

    private CommandCheck check = CommandCheck.ACCEPTED;
    private CommandField field;
    private int index = -1;
    private boolean inRobotState;

    void accept() {
        check = CommandCheck.ACCEPTED;
        field = null;
        index = -1;
        inRobotState = false;
    }

    /** Records a refusal and returns false, so that a stage can {@code return refuse(...)}. */
    boolean refuse(CommandCheck reason, CommandField where, int element, boolean fromRobotState) {
        check = reason;
        field = where;
        index = element;
        inRobotState = fromRobotState;
        return false;
    }

    public boolean accepted() {
        return check == CommandCheck.ACCEPTED;
    }

    public CommandCheck check() {
        return check;
    }

    /** The refused field; {@code null} when accepted. */
    public CommandField field() {
        return field;
    }

    /** The first offending element of {@link #field()}; −1 when accepted. */
    public int index() {
        return index;
    }

    /** Whether the offending value is the robot's last commanded value (e.g. {@code q_d}) rather than the command. */
    public boolean inRobotState() {
        return inRobotState;
    }

    /** libfranka's error text for the refusal; empty when accepted. */
    public String libfrankaMessage() {
        return accepted() ? "" : check.libfrankaMessage(field);
    }

    /** One line for a log: where the bad value is and libfranka's text. Allocates: call it off the control cycle. */
    public String describe() {
        if (accepted()) {
            return "accepted";
        }
        String where = inRobotState ? "robot state " + field.stateName() : "command " + field.commandName();
        return where + "[" + index + "] refused (" + check + "): " + libfrankaMessage();
    }

    @Override
    public String toString() {
        return describe();
    }
}
