package org.robocell.driver.kuka.eac.protocol;

/**
 * The real-time plane's packet loss profile ({@code kuka.ecs.v1.RTPacketLossProfile}): external control ends when
 * more than {@code consecutiveLostPackets} control signals in a row, or more than {@code lostPacketsInTimeframe}
 * within {@code timeframeMs}, did not reach the controller in time. The limits a controller accepts are those of
 * kuka-external-control-sdk's {@code doc/iiqka_implementation.md} ("QoS configuration"); {@link #check()} applies them.
 *
 * @param consecutiveLostPackets {@code consequent_lost_packets}: 0..5; 0 allows no loss at all
 * @param lostPacketsInTimeframe {@code lost_packets_in_timeframe}: 0..25
 * @param timeframeMs            {@code timeframe_ms}: up to one hour, at least 40 ms per allowed loss
 */
public record QosProfile(int consecutiveLostPackets, int lostPacketsInTimeframe, int timeframeMs) {

    /** The profile a controller uses when none was set (the SDK's {@code QoS_Configuration} defaults). */
    public static final QosProfile DEFAULT = new QosProfile(2, 3, 200);

    static final int MAX_CONSECUTIVE = 5;
    static final int MAX_IN_TIMEFRAME = 25;
    static final int MAX_TIMEFRAME_MS = 3_600_000;
    static final int MIN_MS_PER_LOSS = 40;

    /** Why a controller refuses a profile. */
    public enum Violation {
        NONE,
        CONSECUTIVE_ABOVE_5,
        IN_TIMEFRAME_ABOVE_25,
        TIMEFRAME_ABOVE_ONE_HOUR,
        /** timeframe / allowed losses below 40 ms: too lossy a connection */
        RATIO_BELOW_40_MS,
        NEGATIVE
    }

    /** The first limit the profile breaks, or NONE. */
    public Violation check() {
        if (consecutiveLostPackets < 0 || lostPacketsInTimeframe < 0 || timeframeMs < 0) {
            return Violation.NEGATIVE;
        }
        if (consecutiveLostPackets > MAX_CONSECUTIVE) {
            return Violation.CONSECUTIVE_ABOVE_5;
        }
        if (lostPacketsInTimeframe > MAX_IN_TIMEFRAME) {
            return Violation.IN_TIMEFRAME_ABOVE_25;
        }
        if (timeframeMs > MAX_TIMEFRAME_MS) {
            return Violation.TIMEFRAME_ABOVE_ONE_HOUR;
        }
        if (lostPacketsInTimeframe > 0 && (long) timeframeMs < (long) MIN_MS_PER_LOSS * lostPacketsInTimeframe) {
            return Violation.RATIO_BELOW_40_MS;
        }
        return Violation.NONE;
    }

    /** One line saying which limit is broken, for a status message. */
    public String describe(Violation v) {
        return switch (v) {
            case NONE -> "valid";
            case NEGATIVE -> "negative values";
            case CONSECUTIVE_ABOVE_5 -> "consequent_lost_packets=" + consecutiveLostPackets + " is above 5";
            case IN_TIMEFRAME_ABOVE_25 -> "lost_packets_in_timeframe=" + lostPacketsInTimeframe + " is above 25";
            case TIMEFRAME_ABOVE_ONE_HOUR -> "timeframe_ms=" + timeframeMs + " is above one hour";
            case RATIO_BELOW_40_MS -> "timeframe_ms/lost_packets_in_timeframe=" + timeframeMs + "/"
                    + lostPacketsInTimeframe + " is below 40 ms per lost packet";
        };
    }

    @Override
    public String toString() {
        return consecutiveLostPackets + " consecutive, " + lostPacketsInTimeframe + " in " + timeframeMs + " ms";
    }
}
