package org.robocell.resources.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** ros2_control's rate rules: the effective controller rate and the closest-cycle rule. */
class RateRuleTest {

    @Test
    void aRateThatDoesNotDivideTheLoopRateBecomesRDividedByRoundROverR() {
        assertEquals(33, RateRule.effectiveRate(30, 100));
        assertEquals(50, RateRule.effectiveRate(50, 100));
        assertEquals(333, RateRule.effectiveRate(300, 1000));
        assertEquals(100, RateRule.effectiveRate(0, 100), "0 means the loop rate");
        assertEquals(100, RateRule.effectiveRate(200, 100), "faster than the loop: every cycle");
        assertEquals(1, RateRule.effectiveRate(1, 100));
    }

    @Test
    void somethingRunsInTheCycleClosestToItsOwnPeriod() {
        long p = 10_000_000L;
        assertFalse(RateRule.due(20, 4 * p, p), "20 Hz under 100 Hz: not after 40 ms");
        assertTrue(RateRule.due(20, 5 * p, p), "but after 50 ms");
        assertFalse(RateRule.due(33, 2 * p, p));
        assertTrue(RateRule.due(33, 3 * p, p), "30.3 ms is closer than 40 ms");
        assertTrue(RateRule.due(50, 2 * p, p));
    }
}
