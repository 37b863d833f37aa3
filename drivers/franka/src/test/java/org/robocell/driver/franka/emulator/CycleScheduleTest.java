package org.robocell.driver.franka.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The emulator's thread keeps the 1 ms rhythm and, when late, leaves the client time to answer. */
class CycleScheduleTest {

    private static final long PERIOD = 1_000_000;

    @Test
    void aCycleOnTimeIsFollowedOnePeriodLater() {
        assertEquals(5 * PERIOD, FrankaRobotEmulator.nextDeadline(4 * PERIOD, 4 * PERIOD + 200_000, PERIOD));
    }

    @Test
    void aLateCycleIsNotMadeUpByCyclesBackToBackButFollowedHalfAPeriodAfterItEnds() {
        // due at 4 ms, ended at 9.3 ms: the slots of 5..9 ms are left out
        long now = 9 * PERIOD + 300_000;
        assertEquals(now + PERIOD / 2, FrankaRobotEmulator.nextDeadline(4 * PERIOD, now, PERIOD));
    }

    @Test
    void aCycleSlightlyLateKeepsTheRhythm() {
        assertEquals(5 * PERIOD, FrankaRobotEmulator.nextDeadline(4 * PERIOD, 4 * PERIOD + 400_000, PERIOD));
    }
}
