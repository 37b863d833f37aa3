package org.robocell.driver.kuka.cartesian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.robocell.driver.kuka.cartesian.CartesianCheck.Verdict;

/** A Cartesian command as a careless controller or an attacker would write it; 1 ms between two commands. */
class CartesianCheckTest {

    private static final double CYCLE = 1e-3;
    private final CartesianCheck check = new CartesianCheck(new Reach(360, 946), 1000, 1.5);
    /** 600 mm ahead of the base at shoulder height, flange pointing down (qy = 1) */
    private final double[] last = { 600, 0, 360, 0, 0, 1, 0 };

    @Test
    void aPoseOneMillimetreOnWithinTheSpeedPasses() {
        assertEquals(Verdict.PASSES, check.checkPose(new double[] { 600.9, 0, 360, 0, 0, 1, 0 }, last, CYCLE));
        assertEquals(Verdict.PASSES, check.checkPose(new double[] { 600, 0, 360, 0, 0, -1, 0 }, last, CYCLE),
                "-q is the same orientation as q");
    }

    @Test
    void nanOrInfinityAnywhereIsNotFinite() {
        for (int i = 0; i < 7; i++) {
            double[] pose = last.clone();
            pose[i] = i % 2 == 0 ? Double.NaN : Double.NEGATIVE_INFINITY;
            assertEquals(Verdict.NOT_FINITE, check.checkPose(pose, last, CYCLE), "element " + i);
        }
    }

    @Test
    void aQuaternionNotOfLengthOneIsRefusedZeroIncluded() {
        assertEquals(Verdict.NOT_A_UNIT_QUATERNION, check.checkPose(new double[] { 600, 0, 360, 0, 0, 0, 0 }, last, CYCLE));
        assertEquals(Verdict.NOT_A_UNIT_QUATERNION,
                check.checkPose(new double[] { 600, 0, 360, 0, 0, 1.01, 0 }, last, CYCLE));
    }

    @Test
    void aPositionBeyondTheReachIsRefusedBeforeItsSpeedIsLookedAt() {
        assertEquals(Verdict.OUT_OF_REACH, check.checkPose(new double[] { 2600, 0, 360, 0, 0, 1, 0 }, last, CYCLE));
        assertEquals(Verdict.OUT_OF_REACH, check.checkPose(new double[] { 0, 0, 1307, 0, 0, 1, 0 }, last, 100));
    }

    @Test
    void aJumpFartherThanTheSpeedAllowsInOneCycleIsTooFast() {
        assertEquals(Verdict.TOO_FAST, check.checkPose(new double[] { 602, 0, 360, 0, 0, 1, 0 }, last, CYCLE));
        double half = Math.sqrt(0.5);
        assertEquals(Verdict.TOO_FAST, check.checkPose(new double[] { 600, 0, 360, 0, half, half, 0 }, last, CYCLE),
                "a quarter turn in a millisecond");
        assertEquals(Verdict.PASSES, check.checkPose(new double[] { 602, 0, 360, 0, 0, 1, 0 }, last, 2 * CYCLE),
                "the same step over two cycles");
    }

    @Test
    void aTwistIsFiniteAndWithinBothSpeeds() {
        assertEquals(Verdict.PASSES, check.checkTwist(new double[] { 500, 500, 0, 1, 0, 0 }));
        assertEquals(Verdict.NOT_FINITE, check.checkTwist(new double[] { 0, 0, 0, 0, Double.NaN, 0 }));
        assertEquals(Verdict.TWIST_BEYOND_LIMIT, check.checkTwist(new double[] { 800, 800, 0, 0, 0, 0 }));
        assertEquals(Verdict.TWIST_BEYOND_LIMIT, check.checkTwist(new double[] { 0, 0, 0, 0, 0, -1.6 }));
    }

    @Test
    void limitsThatCouldLetAnythingThroughAreRefusedAtConstruction() {
        assertThrows(IllegalArgumentException.class, () -> new CartesianCheck(new Reach(0, 500), Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new CartesianCheck(new Reach(0, 500), 100, 0));
        assertThrows(IllegalArgumentException.class, () -> new Reach(0, Double.POSITIVE_INFINITY));
    }
}
