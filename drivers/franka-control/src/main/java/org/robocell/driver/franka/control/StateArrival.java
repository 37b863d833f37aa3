package org.robocell.driver.franka.control;

/** What {@link PacketLossTracker#offer} made of a received robot state's {@code message_id}. */
public enum StateArrival {
    /** The first state since the tracker started or was reset: accepted, nothing to compare with. */
    FIRST,
    /** The id right after the last accepted one: accepted. */
    NEXT,
    /** A newer id with ids missing before it: accepted, the missing ones counted lost. */
    AFTER_GAP,
    /** The id of the last accepted state again (a duplicate or a replay): refused. */
    REPEAT,
    /** An id older than the last accepted one (late, reordered or replayed): refused. */
    OUT_OF_ORDER,
    /**
     * An id further ahead than the time since the last accepted state allows (ids count milliseconds): refused, so
     * that one forged or corrupt datagram cannot make every real state after it look old.
     */
    IMPLAUSIBLE_JUMP;

    /** Whether the state is to be used (and answered). */
    public boolean accepted() {
        return this == FIRST || this == NEXT || this == AFTER_GAP;
    }
}
