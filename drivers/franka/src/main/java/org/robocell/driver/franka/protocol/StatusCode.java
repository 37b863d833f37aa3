package org.robocell.driver.franka.protocol;

/** A status of a command response: a uint8 whose value is the constant's position in libfranka's enum. */
public interface StatusCode {

    /** The value on the wire. */
    default int code() {
        return ((Enum<?>) this).ordinal();
    }

    /** libfranka's name, e.g. {@code kMotionStarted}. */
    default String wireName() {
        StringBuilder b = new StringBuilder("k");
        for (String part : ((Enum<?>) this).name().split("_")) {
            b.append(part.charAt(0)).append(part.substring(1).toLowerCase(java.util.Locale.ROOT));
        }
        return b.toString();
    }

    /** Whether this is {@code kSuccess} (value 0 in every status enum). */
    default boolean success() {
        return code() == 0;
    }
}
