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

    /**
     * The margins are wide on purpose (a 50 ms wait against a 20 ms budget, three overruns in a row to fail): a
     * loaded machine may stall one cycle's own work, never every cycle's by the length of the wait.
     */
    @Test
    void theWaitForTheRobotIsTimedApartAndIsNeitherAnOverrunNorAnOverBudget() {
        Rig rig = new Rig(new LoopConfig("test", 100, ClockKind.STEPPED, IdleStrategy.SLEEP, 64, false, 100)
                .withBudget(20_000_000L, 3));
        rig.addHardware(MotionSafetyTest.limitedArm());
        rig.resources().hardware("arm").setReadPacesLoop(true);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        FakeSystem arm = rig.hw("arm");
        arm.readSpinNanos = 50_000_000L; // the robot's packet arrives 50 ms after the read began: five periods
        int cycles = 5;
        for (int i = 0; i < cycles; i++) {
            rig.step();
        }
        LoopStats s = rig.cm.stats();
        // every cycle waited 50 ms, more than its 10 ms period: counted as work, all would be overruns
        assertTrue(s.overruns() < s.cycles(), "waiting for the robot is not the loop running late: " + s.overruns()
                + " overruns in " + s.cycles() + " cycles");
        assertTrue(s.robotWait().p50() >= 50_000_000L, "the wait, timed: " + s.robotWait());
        assertTrue(s.execution().p50() < 50_000_000L, "the cycle's own work, without the wait: " + s.execution());
        // held against the 20 ms budget, every read would overrun and the third in a row would take the arm out
        assertEquals(LifecycleState.ACTIVE, rig.cm.hardware("arm").orElseThrow().state(), "not taken out");
        assertTrue(rig.cm.hardware("arm").orElseThrow().budgetOverruns() < cycles,
                "the wait is not held against the budget");
    }

    @Test
    void aReadThatDoesNotPaceTheLoopIsHeldAgainstTheBudget() {
        Rig rig = new Rig(new LoopConfig("test", 100, ClockKind.STEPPED, IdleStrategy.SLEEP, 64, false, 100)
                .withBudget(20_000_000L, 2));
        rig.addHardware(MotionSafetyTest.limitedArm());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.hw("arm").readSpinNanos = 60_000_000L;
        rig.step();
        rig.step();
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("arm").orElseThrow().state());
        assertEquals(org.robocell.api.lifecycle.Fault.BUDGET_OVERRUN, rig.cm.hardware("arm").orElseThrow().fault());
    }
}
