package org.robocell.driver.kuka.eac.emulator;

/** Why the emulated controller ended external control. */
public enum StopReason {
    /** still running, or never started */
    NONE,
    /** a control signal carried {@code stop_ipo}: STOPPED */
    CLIENT_STOP,
    /** more control signals in a row than the QoS profile allows were lost or late: ERROR */
    QOS_CONSECUTIVE_LOSSES,
    /** more control signals within the QoS timeframe than the profile allows were lost or late: ERROR */
    QOS_LOSSES_IN_TIMEFRAME,
    /** a control signal commanded NaN, infinity, beyond a joint's limits or the wrong number of joints: ERROR */
    INVALID_COMMAND,
    /** a control signal asked for a mode this controller does not run: ERROR */
    UNSUPPORTED_MODE,
    /** the emulator was closed: STOPPED */
    SHUT_DOWN
}
