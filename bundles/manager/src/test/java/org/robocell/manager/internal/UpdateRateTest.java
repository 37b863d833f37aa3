package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Per-controller update rates under a 100 Hz loop and the first-cycle rule (controller_interface_base.cpp,
 * controller_manager.cpp update).
 */
class UpdateRateTest {

    private TestController withRate(Rig rig, String name, long rate) {
        TestController c = rig.declare(name, new TestController(name, rig.log, List.of(), List.of("joint1/position")),
                List.of(), Map.of("update_rate", rate));
        rig.loadAndConfigure(name);
        return c;
    }

    @Test
    void aControllerAt50HzRunsEverySecondCycleWithA20msPeriod() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController c = withRate(rig, "half", 50);
        rig.activate("half");
        rig.step(99);
        assertEquals(50, c.updates, "100 cycles at 50 Hz");
        for (double p : c.periods) {
            assertEquals(0.02, p, 1e-9);
        }
        for (int i = 1; i < c.updateCycles.size(); i++) {
            assertEquals(2, c.updateCycles.get(i) - c.updateCycles.get(i - 1));
        }
    }

    @Test
    void aRateThatDoesNotDivideTheLoopRateBecomesRDividedByRoundROverR() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController c = withRate(rig, "thirty", 30);
        assertEquals(33, rig.cm.controller("thirty").orElseThrow().updateRate());
        rig.activate("thirty");
        rig.step(99);
        assertEquals(34, c.updates, "every third cycle of 100: 0, 3, ..., 99");
        assertEquals(1.0 / 33, c.periods.get(0), 1e-12, "the first update gets the controller's own period");
        assertEquals(0.03, c.periods.get(1), 1e-9, "then the elapsed time");
    }

    @Test
    void aControllerFasterThanTheLoopRunsEveryCycle() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController c = withRate(rig, "fast", 200);
        assertEquals(100, rig.cm.controller("fast").orElseThrow().updateRate());
        rig.activate("fast");
        rig.step(9);
        assertEquals(10, c.updates);
        assertEquals(0.01, c.lastPeriod, 1e-9);
    }

    @Test
    void updateRateZeroMeansTheLoopRateAndTimeIsTheLoopsVirtualTime() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController c = withRate(rig, "zero", 0);
        rig.step(5);
        rig.activate("zero");
        assertEquals(100, rig.cm.controller("zero").orElseThrow().updateRate());
        assertEquals(0.05, c.lastTime, 1e-9, "the sixth cycle starts at 50 ms");
    }
}
