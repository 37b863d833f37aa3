package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;

/**
 * With a hardware clock the driver's read blocks until the robot's packet arrives: that wait is the robot's cycle,
 * not the loop's work. It is timed apart ({@link LoopStats#robotWait()}), it is no overrun and it never counts
 * against the component's execution budget (a 12 ms RSI cycle showed 10 486 of 10 521 cycles as overruns).
 */
class HardwareClockTimingTest {

    @Test
    void theWaitForTheRobotIsTimedApartAndIsNeitherAnOverrunNorAnOverBudget() {
        Rig rig = new Rig(new LoopConfig("test", 100, ClockKind.STEPPED, IdleStrategy.SLEEP, 64, false, 100)
                .withBudget(1_000_000L, 2));
        rig.addHardware(MotionSafetyTest.limitedArm());
        rig.resources().hardware("arm").setReadPacesLoop(true);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        FakeSystem arm = rig.hw("arm");
        arm.readSpinNanos = 15_000_000L; // the robot's packet arrives 15 ms after the read began: longer than a period
        for (int i = 0; i < 5; i++) {
            rig.step();
        }
        LoopStats s = rig.cm.stats();
        // every cycle waited 15 ms, more than its 10 ms period: counted as work, all would be overruns
        assertTrue(s.overruns() < s.cycles(), "waiting for the robot is not the loop running late: " + s.overruns()
                + " overruns in " + s.cycles() + " cycles");
        assertTrue(s.robotWait().p50() >= 15_000_000L, "the wait, timed: " + s.robotWait());
        assertTrue(s.execution().p50() < 15_000_000L, "the cycle's own work, without the wait: " + s.execution());
        assertEquals(LifecycleState.ACTIVE, rig.cm.hardware("arm").orElseThrow().state(), "no budget overrun");
        assertEquals(0, rig.cm.hardware("arm").orElseThrow().budgetOverruns());
    }

    @Test
    void aReadThatDoesNotPaceTheLoopIsHeldAgainstTheBudget() {
        Rig rig = new Rig(new LoopConfig("test", 100, ClockKind.STEPPED, IdleStrategy.SLEEP, 64, false, 100)
                .withBudget(1_000_000L, 2));
        rig.addHardware(MotionSafetyTest.limitedArm());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.hw("arm").readSpinNanos = 3_000_000L;
        rig.step();
        rig.step();
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("arm").orElseThrow().state());
        assertEquals(org.robocell.api.lifecycle.Fault.BUDGET_OVERRUN, rig.cm.hardware("arm").orElseThrow().fault());
    }
}
