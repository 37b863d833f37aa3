package org.robocell.driver.kuka.fri.protocol;

/** {@code FRISessionState}, in wire order: the ordinal is the number on the wire. */
public enum FriSessionState {
    IDLE,
    MONITORING_WAIT,
    MONITORING_READY,
    COMMANDING_WAIT,
    COMMANDING_ACTIVE;

    private static final FriSessionState[] VALUES = values();

    /** The state with this wire number, null for a number FRI does not define. */
    public static FriSessionState of(long wire) {
        return wire >= 0 && wire < VALUES.length ? VALUES[(int) wire] : null;
    }

    public boolean commanding() {
        return this == COMMANDING_WAIT || this == COMMANDING_ACTIVE;
    }
}
