package org.robocell.driver.kuka.eac.emulator;

import org.robocell.driver.kuka.eac.protocol.QosProfile;

/**
 * The controller's side of the QoS profile: counts control signals that did not arrive in time, in a row and
 * within the last {@code timeframe_ms} of controller time, and says when the profile is exceeded.
 */
final class QosMonitor {

    enum Verdict {
        WITHIN_PROFILE,
        TOO_MANY_CONSECUTIVE,
        TOO_MANY_IN_TIMEFRAME
    }

    private final QosProfile profile;
    /** controller times (ms) of the losses within the timeframe, oldest first (a ring) */
    private final long[] lossTimes;
    private int head;
    private int size;
    private int consecutive;
    private long total;

    QosMonitor(QosProfile profile) {
        this.profile = profile;
        this.lossTimes = new long[profile.lostPacketsInTimeframe() + 1];
    }

    QosProfile profile() {
        return profile;
    }

    int consecutive() {
        return consecutive;
    }

    long total() {
        return total;
    }

    /** The answer to the motion state of controller time {@code nowMs} arrived in time. */
    void received() {
        consecutive = 0;
    }

    /** The answer to the motion state of controller time {@code nowMs} did not arrive in time. */
    Verdict lost(long nowMs) {
        total++;
        consecutive++;
        if (consecutive > profile.consecutiveLostPackets()) {
            return Verdict.TOO_MANY_CONSECUTIVE;
        }
        if (profile.timeframeMs() <= 0) {
            return Verdict.WITHIN_PROFILE;
        }
        while (size > 0 && lossTimes[head] <= nowMs - profile.timeframeMs()) {
            head = (head + 1) % lossTimes.length;
            size--;
        }
        lossTimes[(head + size) % lossTimes.length] = nowMs;
        size++;
        return size > profile.lostPacketsInTimeframe() ? Verdict.TOO_MANY_IN_TIMEFRAME : Verdict.WITHIN_PROFILE;
    }

    int inTimeframe() {
        return size;
    }
}
