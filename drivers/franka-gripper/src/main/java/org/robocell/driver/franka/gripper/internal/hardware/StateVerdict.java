package org.robocell.driver.franka.gripper.internal.hardware;

/** What the driver did with a UDP datagram on its state port. */
enum StateVerdict {
    /** the Hand's newest state: taken */
    ACCEPTED,
    /** from another address or port than the Hand's: dropped */
    FOREIGN,
    /** not newer than the last taken ({@code message_id} not above it): dropped */
    STALE,
    /** not a 23-byte gripper state: dropped */
    MALFORMED
}
