package org.robocell.api.cell;

/** Who owns a loop's cycle. */
public enum ClockKind {
    /** The loop sleeps to absolute deadlines at its rate. */
    INTERNAL,
    /** A driver's {@code read()} blocks until the robot's packet arrives; the loop never sleeps. */
    HARDWARE,
    /** A test advances the loop one cycle at a time with a virtual time. */
    STEPPED;

    public static ClockKind fromLabel(String label) {
        for (ClockKind k : values()) {
            if (k.name().equalsIgnoreCase(label == null ? "" : label.trim())) {
                return k;
            }
        }
        return null;
    }
}
