package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.cell.Result;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Where RoboCell deliberately differs from ros2_control (ros2_control#3444): taking a component out of ACTIVE by
 * hand deactivates the controllers that command it, at a cycle boundary, before the component's callbacks run; and
 * a controller type that goes away leaves its interfaces holding.
 */
class HardwareDeactivationTest {

    private Rig rig;
    private TestController commander;
    private TestController broadcaster;

    @BeforeEach
    void active() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        commander = rig.controller("fwd", List.of("joint1/position"), List.of());
        broadcaster = rig.controller("jsb", List.of(), List.of("joint1/position", "joint2/position"));
        rig.loadAndConfigure("fwd", "jsb");
        rig.activate("fwd", "jsb");
    }

    @Test
    void deactivatingAComponentByHandDeactivatesItsCommandersFirstAndKeepsItsBroadcasters() {
        rig.log.clear();
        CompletableFuture<HardwareStateResult> f = rig.cm.requestHardwareState("arm", LifecycleState.INACTIVE)
                .toCompletableFuture();
        assertFalse(f.isDone(), "the controllers go at the next cycle boundary");
        assertEquals(0, rig.hw("arm").calls("onDeactivate"));
        rig.step();
        HardwareStateResult r = f.join();
        assertTrue(r.ok(), r.message());
        assertTrue(r.message().contains("deactivated controllers [fwd]"), r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(LifecycleState.ACTIVE, rig.state("jsb"));
        assertTrue(rig.log.indexOf("fwd.onDeactivate") < rig.log.indexOf("arm.onDeactivate"), rig.log.toString());
        long jsb = broadcaster.updates;
        rig.step();
        assertEquals(jsb + 1, broadcaster.updates);
    }

    @Test
    void cleaningUpAComponentByHandDeactivatesEveryControllerUsingIt() {
        CompletableFuture<HardwareStateResult> f = rig.cm.requestHardwareState("arm", LifecycleState.UNCONFIGURED)
                .toCompletableFuture();
        rig.step();
        assertTrue(f.join().ok(), f.join().message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(LifecycleState.INACTIVE, rig.state("jsb"));
        assertEquals(LifecycleState.UNCONFIGURED, f.join().state());
    }

    @Test
    void aControllerTypeThatGoesAwayLeavesItsInterfacesHoldingAndUnloadsItsInstances() {
        commander.output = 0.7;
        rig.step(2);
        rig.setCommand("joint1/position", 0.7);
        commander.output = 1.2;
        CompletableFuture<Result> f = rig.loop.controllerTypeRemoved("test/fwd").toCompletableFuture();
        rig.step();
        assertTrue(f.isDone());
        assertTrue(f.join().ok(), f.join().message());
        assertTrue(rig.cm.controller("fwd").isEmpty());
        assertEquals(0.7, rig.hw("arm").written("joint1/position"), 1e-12, "held at the measured position");
        assertEquals(LifecycleState.ACTIVE, rig.state("jsb"));
    }

    @Test
    void aDriverThatGoesAwayTakesItsControllersDownAndFreesItsSlots() {
        int used = rig.resources().usedSlots();
        CompletableFuture<Result> f = rig.loop.removeHardware("arm").toCompletableFuture();
        rig.step();
        assertTrue(f.isDone());
        assertTrue(f.join().ok(), f.join().message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(LifecycleState.INACTIVE, rig.state("jsb"));
        assertTrue(rig.cm.hardware("arm").isEmpty());
        assertEquals(used - 8, rig.resources().usedSlots());
        assertEquals(1, rig.hw("arm").calls("onShutdown"));
    }
}
