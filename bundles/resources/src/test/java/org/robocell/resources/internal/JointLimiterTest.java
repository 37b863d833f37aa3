package org.robocell.resources.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.InterfaceSlots;
import org.robocell.api.model.JointLimits;
import org.robocell.api.model.SoftJointLimits;

/**
 * The joint limits, as ros2_control's joint_limits semantics (joint_limits_helpers.cpp, joint_saturation_limiter.cpp,
 * joint_soft_limiter.cpp) and the one deliberate difference (a joint outside its range moves only back in).
 * Slots: 0 position command, 1 velocity command, 2 effort command, 3 acceleration command, 4 jerk command,
 * 5 position state, 6 velocity state.
 */
class JointLimiterTest {

    private static final double DT = 0.001;
    private final InterfaceSlots slots = new InterfaceSlots(8);

    private JointLimiter limiter(JointLimits hard, SoftJointLimits soft) {
        slots.set(5, 0.0);
        slots.set(6, 0.0);
        return new JointLimiter(hard, soft, 0, 1, 2, 3, 4, 5, 6);
    }

    /** The FR3's joint 1: +-2.74 rad, 2.62 rad/s, 87 Nm. */
    private static final JointLimits FR3_JOINT1 = new JointLimits(-2.7437, 2.7437, 2.62, 87.0);

    private double position(JointLimiter l, double command) {
        slots.set(0, command);
        slots.set(1, 0.0);
        slots.set(2, 0.0);
        slots.set(3, 0.0);
        slots.set(4, 0.0);
        l.enforce(slots, DT);
        return slots.get(0);
    }

    @Test
    void aPositionCommandMovesAtMostTheVelocityLimitTimesThePeriod() {
        JointLimiter l = limiter(FR3_JOINT1, null);
        assertEquals(0.00262, position(l, 2.75), 1e-12, "the step the velocity limit allows in 1 ms");
        assertEquals(0.00524, position(l, 1e308), 1e-12);
        assertEquals(0.00262, position(l, -1e308), 1e-12, "and back, one step");
    }

    @Test
    void aPositionCommandStaysInsideTheRange() {
        JointLimiter l = limiter(new JointLimits(-1.0, 1.0, Double.POSITIVE_INFINITY, 10.0), null);
        assertEquals(1.0, position(l, 2.0), "no velocity limit: only the range");
        assertEquals(-1.0, position(l, -5.0));
    }

    @Test
    void afterARestartTheFirstStepIsFromTheMeasuredPositionNotTheLastCommand() {
        JointLimiter l = limiter(FR3_JOINT1, null);
        for (int i = 0; i < 100; i++) {
            position(l, 1.0);
        }
        assertEquals(0.262, slots.get(0), 1e-9);
        slots.set(5, -0.5); // the robot was moved meanwhile
        l.restart();
        assertEquals(-0.5 + 0.00262, position(l, 1.0), 1e-12);
    }

    @Test
    void anAccelerationLimitMakesTheFirstStepsSmall() {
        JointLimits hard = new JointLimits(-3, 3, 2.0, 10.0, 100.0, 100.0, Double.POSITIVE_INFINITY);
        JointLimiter l = limiter(hard, null);
        // from rest (measured velocity 0) the joint may reach 100 rad/s^2 * 1 ms = 0.1 rad/s in this cycle
        assertEquals(0.1 * DT, position(l, 1.0), 1e-12);
    }

    @Test
    void aJointMeasuredOutsideItsRangeMayOnlyHoldOrMoveBackInAtItsVelocityLimit() {
        JointLimiter l = limiter(FR3_JOINT1, null);
        slots.set(5, 2.9); // past the upper limit 2.7437
        l.restart();
        assertEquals(2.9, position(l, 2.9), 1e-12, "holding where it is is allowed");
        assertEquals(2.9, position(l, 5.0), 1e-12, "further out is not");
        assertEquals(2.9 - 0.00262, position(l, 0.0), 1e-12, "back in at the velocity limit, no snap to 2.7437");
    }

    @Test
    void velocityCommandsStayWithinTheLimitAndDoNotPushPastTheRange() {
        JointLimiter l = limiter(FR3_JOINT1, null);
        slots.set(1, 10.0);
        l.enforce(slots, DT);
        assertEquals(2.62, slots.get(1), 1e-12);
        slots.set(5, 2.7437); // at the upper end
        slots.set(1, 1.0);
        l.enforce(slots, DT);
        assertEquals(0.0, slots.get(1), 1e-12, "no velocity that goes further out");
        slots.set(1, -1.0);
        l.enforce(slots, DT);
        assertEquals(-1.0, slots.get(1), 1e-12, "back in is fine");
    }

    @Test
    void effortCommandsStayWithinTheLimitAndPushNoFurtherPastAnEnd() {
        JointLimiter l = limiter(FR3_JOINT1, null);
        slots.set(2, 500.0);
        l.enforce(slots, DT);
        assertEquals(87.0, slots.get(2), 1e-12);
        slots.set(5, 2.8);
        slots.set(6, 0.1);
        slots.set(2, 20.0);
        l.enforce(slots, DT);
        assertEquals(0.0, slots.get(2), 1e-12, "past the upper end and still moving out: no positive effort");
    }

    @Test
    void accelerationAndJerkCommandsStayWithinTheirLimits() {
        JointLimits hard = new JointLimits(-3, 3, 2.0, 10.0, 5.0, 8.0, 50.0);
        JointLimiter l = limiter(hard, null);
        slots.set(3, 20.0);
        slots.set(4, -200.0);
        l.enforce(slots, DT);
        assertEquals(5.0, slots.get(3), 1e-12);
        assertEquals(-50.0, slots.get(4), 1e-12);
        slots.set(6, 1.0); // moving; a negative acceleration slows it down: the deceleration limit applies
        slots.set(3, -20.0);
        l.enforce(slots, DT);
        assertEquals(-8.0, slots.get(3), 1e-12);
    }

    @Test
    void softLimitsSlowTheCommandDownTowardsTheirEndsAndKeepItInside() {
        SoftJointLimits soft = new SoftJointLimits(-1.0, 1.0, 10.0, 5.0);
        JointLimiter l = limiter(new JointLimits(-2, 2, 1.0, 10.0), soft);
        double previous = 0.0;
        double lastStep = Double.POSITIVE_INFINITY;
        for (int i = 0; i < 5000; i++) {
            double p = position(l, 1.5);
            slots.set(5, p); // the robot follows
            double step = p - previous;
            assertTrue(step <= 1.0 * DT + 1e-12, "never faster than the velocity limit");
            if (p > 0.95) {
                assertTrue(step <= lastStep + 1e-12, "slower and slower close to the soft end");
            }
            lastStep = step;
            previous = p;
        }
        assertTrue(previous <= 1.0 + 1e-9, "inside the soft range: " + previous);
        assertTrue(previous > 0.99, "and close to its end: " + previous);
    }

    @Test
    void withoutAMeasuredPositionTheFirstCommandStillStaysInsideTheRange() {
        JointLimiter l = new JointLimiter(FR3_JOINT1, null, 0, 1, 2, 3, 4, -1, -1);
        assertEquals(2.7437, position(l, 1e9), 1e-12, "no measurement to step from: the range still holds");
        assertEquals(2.7437 - 0.00262, position(l, -1e9), 1e-12, "and from there, one step at a time");
    }

    @Test
    void nothingIsLimitedWhenTheJointHasNoLimits() {
        JointLimiter l = limiter(JointLimits.NONE, null);
        assertEquals(1e6, position(l, 1e6));
    }
}
