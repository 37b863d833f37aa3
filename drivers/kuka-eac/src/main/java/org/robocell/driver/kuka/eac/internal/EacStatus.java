package org.robocell.driver.kuka.eac.internal;

/** The status state interfaces an EAC component exports under its status prefix ({@code eac/lost_packets}). */
enum EacStatus {
    /** motion states accepted from the controller */
    RECEIVED_PACKETS,
    /** control signals sent */
    SENT_REPLIES,
    /** motion states skipped unanswered because a newer one was already queued (the loop fell behind) */
    STALE_PACKETS,
    /** datagrams from the controller's address that are not a motion state for this many joints */
    MALFORMED_PACKETS,
    /** datagrams from any other address, ignored unparsed */
    FOREIGN_PACKETS,
    /** motion states whose IPOC was not newer than the last accepted one (a replay, a duplicate), ignored */
    OLD_IPOC_PACKETS,
    /** reads that gave up because the controller stayed silent for the receive timeout */
    RECEIVE_TIMEOUTS,
    /** command values that were NaN, infinite or beyond their interface's limits and were replaced by the last valid */
    HELD_COMMANDS,
    /** why the last command since activation was held ({@link HeldReason} number, 0 none) */
    HELD_REASON,
    /** the last event of the controller's ObserveControlState stream (CommandEvent number: 3 SAMPLING, 4 STOPPED...) */
    SERVER_STATE,
    /** the ExternalControlMode number sent in the control signals */
    CONTROL_MODE,
    /** IPOC of the last accepted motion state */
    IPOC,
    /** 1 while a control session runs (between activate and the stop signal), else 0 */
    ACTIVE,
    /** the UDP port the component receives motion states on */
    CLIENT_PORT;

    String interfaceName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
