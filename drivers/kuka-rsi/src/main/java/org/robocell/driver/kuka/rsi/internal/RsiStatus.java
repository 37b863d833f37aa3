package org.robocell.driver.kuka.rsi.internal;

/** The status state interfaces an RSI component exports under its status prefix ({@code rsi/late_packets}). */
enum RsiStatus {
    /** datagrams accepted from the robot */
    RECEIVED_PACKETS,
    /** replies sent */
    SENT_REPLIES,
    /** the robot's own count of late replies ({@code <Delay D>}) */
    LATE_PACKETS,
    /** robot cycles the driver never saw, from gaps in the IPOC sequence */
    MISSED_PACKETS,
    /** robot datagrams skipped unanswered because a newer one was already queued */
    STALE_PACKETS,
    /**
     * datagrams from the robot's address that were not a well-formed RSI message of the configured layout (every
     * required channel, an IPOC that is a whole number), or longer than any RSI message
     */
    MALFORMED_PACKETS,
    /**
     * datagrams from any address or port other than the robot's, ignored unparsed; once the socket is connected to
     * the robot the kernel drops these before the driver sees them
     */
    FOREIGN_PACKETS,
    /**
     * datagrams from the robot's address whose IPOC was not newer than the last accepted one (a replay, a duplicate,
     * a reordering), ignored
     */
    OLD_IPOC_PACKETS,
    /** datagrams from the robot's address whose IPOC was more than max_ipoc_jump ahead of the last one, ignored */
    IPOC_JUMP_PACKETS,
    /** reads that stopped looking for a newer queued datagram after 32 and answered the newest seen so far */
    DRAIN_LIMITS,
    /** reads that gave up because the robot stayed silent for the receive timeout */
    RECEIVE_TIMEOUTS,
    /** command values that turned NaN or infinite after a valid one and were replaced by the last valid value */
    HELD_COMMANDS,
    /** IPOC of the last accepted datagram */
    IPOC,
    /** 1 while an RSI session is running (between activate and the stop reply), else 0 */
    ACTIVE,
    /** the UDP port the component listens on (useful when configured as 0 = any free port) */
    LISTEN_PORT;

    String interfaceName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
