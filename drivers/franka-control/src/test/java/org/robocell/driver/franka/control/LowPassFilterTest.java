package org.robocell.driver.franka.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.driver.franka.control.internal.Rotations;

class LowPassFilterTest {

    @Test
    void theGainAt100HzIsLibfrankasAndAStepRisesByItEachMillisecond() {
        // 1e-3 / (1e-3 + 1 / (2 pi 100))
        double gain = LowPassFilter.gain(1e-3, 100);
        assertEquals(0.3858695450950375, gain, 1e-15);
        assertEquals(gain, ShapingSettings.LIBFRANKA_DEFAULTS.filterGain(), 0.0);
        double y = 0;
        for (int i = 1; i <= 5; i++) {
            y = LowPassFilter.filter(gain, 1.0, y);
            assertEquals(1 - Math.pow(1 - gain, i), y, 1e-15, "sample " + i);
        }
    }

    @Test
    void theFilterIsOffFrom1000HzOn() {
        assertTrue(new ShapingSettings(false, 999.9).filterEnabled());
        assertTrue(!new ShapingSettings(false, 1000).filterEnabled());
        assertTrue(!new ShapingSettings(false, 1e9).filterEnabled());
    }

    @Test
    void aPoseIsFilteredLinearlyInTranslationAndBySlerpInOrientation() {
        CartesianLowPassFilter filter = new CartesianLowPassFilter();
        double gain = LowPassFilter.gain(1e-3, 100);
        double[] last = CartesianRateLimiterTest.READY_POSE.clone();
        double[] command = CartesianRateLimiterTest.rotatedAboutZ(last, 0.5);
        command[12] += 0.1;
        command[3] = 0.25; // not homogeneous: the filter passes the bottom row through for the check to see
        double[] out = new double[16];
        filter.filter(gain, command, last, out);
        assertEquals(0.307 + gain * 0.1, out[12], 1e-15);
        double[] expected = CartesianRateLimiterTest.rotatedAboutZ(last, gain * 0.5);
        for (int e = 0; e < 11; e++) {
            if (e != 3 && e != 7) {
                assertEquals(expected[e], out[e], 1e-12, "element " + e);
            }
        }
        assertEquals(0.25, out[3]);
        assertEquals(1.0, out[15]);
        command[3] = 0;
        filter.filter(gain, command, last, out);
        assertEquals(-1, Rotations.firstNonHomogeneousElement(out), "a filtered rotation stays a rotation");
    }
}
