package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.lifecycle.LifecycleState;

/** Statistics are copied off the loop: counts, period percentiles on the stepped clock's virtual time, resets. */
class LoopStatisticsTest {

    @Test
    void statisticsCountCyclesAndMeasureTheVirtualPeriod() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        rig.step(999);
        LoopStats s = rig.cm.stats();
        assertEquals("test", s.robot());
        assertEquals(ClockKind.STEPPED, s.clock());
        assertEquals(1000, s.cycles());
        assertEquals(1000, s.period().count());
        assertEquals(10_000_000, s.period().p50(), 100_000, "virtual 10 ms, HdrHistogram at 2 significant digits");
        assertEquals(10_000_000, s.period().max(), 100_000);
        assertEquals(0, s.lateness().max());
        assertTrue(s.execution().max() > 0);
        assertEquals(1, s.switches());
        long updates = rig.cm.controller("fwd").orElseThrow().updateTiming().count();
        assertTrue(updates >= 998 && updates <= 1000, "each update of fwd is timed: " + updates);
        assertTrue(rig.cm.hardware("arm").orElseThrow().writeTiming().count() >= 998, "and each write of arm");
        rig.cm.resetStats();
        rig.step(10);
        LoopStats after = rig.cm.stats();
        assertEquals(10, after.period().count(), "percentiles start afresh");
        assertEquals(10, rig.cm.controller("fwd").orElseThrow().updateTiming().count(), "so do the call timings");
        assertEquals(1010, after.cycles(), "the cycle counter numbers the cycles: it keeps counting");
        assertEquals(0, after.switches(), "the switch before the reset is not counted after it");
        assertTrue(rig.switchNow(List.of(), List.of("fwd"), org.robocell.api.cell.Strictness.STRICT).ok());
        assertEquals(1, rig.cm.stats().switches(), "switches after the reset are");
    }
}
