package org.robocell.driver.kuka.fri.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.fri.protocol.FriConnectionQuality;

class ConnectionQualityMeterTest {

    @Test
    void qualityFollowsTheShareOfMissingRepliesInTheWindow() {
        ConnectionQualityMeter m = new ConnectionQualityMeter(50);
        assertEquals(FriConnectionQuality.POOR, m.quality(), "nothing answered yet");
        for (int i = 0; i < 35; i++) {
            m.record(true);
        }
        assertEquals(FriConnectionQuality.FAIR, m.quality(), "15 of 50 missing");
        for (int i = 0; i < 10; i++) {
            m.record(true);
        }
        assertEquals(FriConnectionQuality.GOOD, m.quality(), "5 of 50 missing");
        for (int i = 0; i < 5; i++) {
            m.record(true);
        }
        assertEquals(FriConnectionQuality.EXCELLENT, m.quality());
        m.record(false);
        assertEquals(FriConnectionQuality.GOOD, m.quality());
        for (int i = 0; i < 15; i++) {
            m.record(false);
        }
        assertEquals(FriConnectionQuality.POOR, m.quality(), "16 of 50 missing");
        for (int i = 0; i < 50; i++) {
            m.record(true);
        }
        assertEquals(0, m.missing(), "old misses leave the window");
    }
}
