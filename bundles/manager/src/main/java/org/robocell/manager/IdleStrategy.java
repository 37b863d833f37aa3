package org.robocell.manager;

/** How the internal clock waits for its next deadline. */
public enum IdleStrategy {
    /** Park until the deadline: least CPU, most wake-up jitter. */
    SLEEP,
    /** Park until shortly before the deadline, then spin: low jitter for one core's worth of spinning near it. */
    SLEEP_THEN_SPIN,
    /** Spin on the deadline: lowest jitter, a whole core. */
    SPIN;

    public static IdleStrategy fromLabel(String label) {
        if (label == null) {
            return null;
        }
        String l = label.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_');
        for (IdleStrategy s : values()) {
            if (s.name().equals(l)) {
                return s;
            }
        }
        return null;
    }
}
