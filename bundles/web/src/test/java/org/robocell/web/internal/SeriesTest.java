package org.robocell.web.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SeriesTest {

    @Test
    void theFieldIsAfterTheLastColonSoChannelAndFieldMayHoldSlashes() {
        Series s = Series.parse("kr6/joint_state_broadcaster/joint_states:a1/position");
        assertEquals("kr6/joint_state_broadcaster/joint_states", s.channel());
        assertEquals("a1/position", s.field());
    }

    @Test
    void malformedOrTooManySeriesAreRefusedWithTheExpectedForm() {
        assertEquals("series 'joint1': expected <channel>:<field>, e.g. joint_state_broadcaster/joint_states:joint1/position",
                assertThrows(IllegalArgumentException.class, () -> Series.parse("joint1")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Series.parse(":x"));
        assertThrows(IllegalArgumentException.class, () -> Series.parse("c:"));
        assertThrows(IllegalArgumentException.class, () -> Series.parseAll(null));
        String[] many = new String[Series.MAX + 1];
        java.util.Arrays.fill(many, "c:f");
        assertEquals("s: expected at most 32 series, got 33",
                assertThrows(IllegalArgumentException.class, () -> Series.parseAll(many)).getMessage());
    }
}
