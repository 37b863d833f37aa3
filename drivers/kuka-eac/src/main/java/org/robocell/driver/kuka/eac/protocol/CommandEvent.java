package org.robocell.driver.kuka.eac.protocol;

/** The events of {@code ObserveControlState} ({@code kuka.ecs.v1.CommandEvent}), with their wire numbers. */
public enum CommandEvent {
    CONTROL_EVENT_UNSPECIFIED(0),
    IDLE(1),
    COMMAND_READY(2),
    /** external control runs: the controller sends motion states and expects control signals */
    SAMPLING(3),
    /** external control ended: the client asked for it ({@code stop_ipo}), or the controller ended it */
    STOPPED(4),
    /** a control signal asked for another mode; SAMPLING follows once the new mode runs */
    CONTROL_MODE_SWITCH(5),
    /** the controller ended external control because of a fault (the QoS profile was violated, ...) */
    ERROR(6);

    private static final CommandEvent[] BY_NUMBER = values();

    private final int number;

    CommandEvent(int number) {
        this.number = number;
    }

    public int number() {
        return number;
    }

    /** The event of a wire number; CONTROL_EVENT_UNSPECIFIED for an unknown one. */
    public static CommandEvent ofNumber(int number) {
        return number >= 0 && number < BY_NUMBER.length ? BY_NUMBER[number] : CONTROL_EVENT_UNSPECIFIED;
    }
}
