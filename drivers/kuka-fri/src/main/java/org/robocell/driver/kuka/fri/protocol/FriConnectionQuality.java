package org.robocell.driver.kuka.fri.protocol;

/** {@code FRIConnectionQuality}, in wire order: the ordinal is the number on the wire. */
public enum FriConnectionQuality {
    POOR,
    FAIR,
    GOOD,
    EXCELLENT;

    private static final FriConnectionQuality[] VALUES = values();

    /** The quality with this wire number, null for a number FRI does not define. */
    public static FriConnectionQuality of(long wire) {
        return wire >= 0 && wire < VALUES.length ? VALUES[(int) wire] : null;
    }
}
