package org.robocell.driver.kuka.fri.internal;

/** The driver's status as state interfaces {@code <status_prefix>/<name>}: the session and its counters. */
enum FriStatus {
    ACTIVE,
    LISTEN_PORT,
    /** FRISessionState wire number of the last monitoring message */
    SESSION_STATE,
    /** FRIConnectionQuality wire number of the last monitoring message */
    CONNECTION_QUALITY,
    SEQUENCE_COUNTER,
    RECEIVED_PACKETS,
    SENT_COMMANDS,
    FOREIGN_PACKETS,
    MALFORMED_PACKETS,
    STALE_PACKETS,
    RECEIVE_TIMEOUTS,
    HELD_COMMANDS,
    /** {@link HeldReason} number of the last command held (0: none since activation) */
    HELD_REASON,
    DRAIN_LIMITS;

    String interfaceName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
