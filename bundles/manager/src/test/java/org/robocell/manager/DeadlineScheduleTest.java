package org.robocell.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The deadlines a loop that owns its cycle keeps, and the one definition of an overrun. */
class DeadlineScheduleTest {

    @Test
    void theNextDeadlineIsThePreviousOnePlusAPeriodSoLatenessDoesNotAccumulate() {
        DeadlineSchedule s = new DeadlineSchedule(1_000_000);
        s.start(10_000_000);
        assertFalse(s.advance(10_400_000), "a cycle that ended 0.4 ms after its deadline");
        assertEquals(11_000_000, s.next());
        assertFalse(s.advance(11_900_000));
        assertEquals(12_000_000, s.next(), "not 12.9 ms: the schedule keeps its phase");
    }

    @Test
    void aLoopMoreThanAPeriodBehindStartsAgainFromNowInsteadOfBursting() {
        DeadlineSchedule s = new DeadlineSchedule(1_000_000);
        s.start(0);
        assertTrue(s.advance(5_000_000), "a 5 ms stall");
        assertEquals(5_000_000, s.next());
        assertEquals(1, s.rephases());
    }

    @Test
    void anOverrunIsWorkThatEndsAfterTheNextDeadline() {
        assertFalse(DeadlineSchedule.isOverrun(200_000, 700_000, 1_000_000));
        assertTrue(DeadlineSchedule.isOverrun(400_000, 700_000, 1_000_000), "woke late, then worked: past the deadline");
        assertTrue(DeadlineSchedule.isOverrun(0, 1_000_001, 1_000_000));
    }

    @Test
    void everyIdleStrategyWakesAtOrAfterItsDeadline() {
        for (IdleStrategy idle : IdleStrategy.values()) {
            long deadline = System.nanoTime() + 200_000;
            assertTrue(idle.idleUntil(deadline) - deadline >= 0, idle.name());
        }
    }
}
