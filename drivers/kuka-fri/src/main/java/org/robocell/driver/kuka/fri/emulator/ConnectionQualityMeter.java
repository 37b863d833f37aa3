package org.robocell.driver.kuka.fri.emulator;

import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;

/**
 * Rates the connection over the last {@code window} expected replies, each answered in time or not (late, lost,
 * with a wrong counter). KUKA does not publish its thresholds; these are the emulator's: none missing is EXCELLENT,
 * up to a tenth GOOD, up to three tenths FAIR, more POOR. A new session starts with the window all missing (POOR),
 * as the client has not answered yet.
 */
final class ConnectionQualityMeter {

    private final boolean[] missed;
    private int next;
    private int missing;

    ConnectionQualityMeter(int window) {
        missed = new boolean[window];
        reset();
    }

    void reset() {
        java.util.Arrays.fill(missed, true);
        missing = missed.length;
        next = 0;
    }

    void record(boolean answered) {
        if (missed[next]) {
            missing--;
        }
        missed[next] = !answered;
        if (!answered) {
            missing++;
        }
        next = (next + 1) % missed.length;
    }

    /** of the last {@code window} expected replies */
    int missing() {
        return missing;
    }

    int window() {
        return missed.length;
    }

    FriConnectionQuality quality() {
        if (missing == 0) {
            return FriConnectionQuality.EXCELLENT;
        }
        if (missing * 10 <= missed.length) {
            return FriConnectionQuality.GOOD;
        }
        if (missing * 10 <= 3 * missed.length) {
            return FriConnectionQuality.FAIR;
        }
        return FriConnectionQuality.POOR;
    }
}
