package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Result;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;

/** Hot swap of code: reload moves a controller to a new instance of its type, an active one at one cycle boundary. */
class ReloadTest {

    private Rig rig;
    private TestController v1;

    @BeforeEach
    void running() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        v1 = rig.controller("fwd", List.of("joint1/position"), List.of("joint1/position"));
        v1.output = 0.1;
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        rig.step(3);
    }

    private TestController newVersion() {
        // another class, as a newer bundle's class loader would define it
        TestController v2 = new TestController("fwd", rig.log, List.of("joint1/position"), List.of("joint1/position")) {
        };
        v2.output = 0.2;
        rig.instances.put("fwd", v2);
        return v2;
    }

    private Result reload() {
        CompletableFuture<Result> f = rig.cm.reload("fwd").toCompletableFuture();
        if (!f.isDone()) {
            rig.step();
        }
        assertTrue(f.isDone());
        return f.join();
    }

    @Test
    void anActiveControllerIsSwappedForItsNewCodeAtOneCycleBoundary() {
        TestController v2 = newVersion();
        long boundary = rig.loop.cycles();
        Result r = reload();
        assertTrue(r.ok(), r.message());
        assertEquals("Reloaded controller 'fwd': the new code runs from cycle " + boundary, r.message());
        assertEquals(boundary - 1, (long) v1.updateCycles.get(v1.updateCycles.size() - 1), "old code until the boundary");
        assertEquals(boundary, (long) v2.updateCycles.get(0), "new code from the boundary, with no cycle in between");
        assertEquals(0.2, rig.hw("arm").written("joint1/position"));
        assertEquals("fwd", rig.claimant("joint1/position"));
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
        assertEquals(1, v1.calls("onDeactivate"));
        assertEquals(1, v1.calls("onCleanup"));
        assertEquals(1, v1.calls("onShutdown"));
        assertEquals(1, v2.calls("onInit"));
        assertEquals(1, v2.calls("onConfigure"));
        assertSame(v1.context.parameters(), v2.context.parameters(), "the same parameters");
        long updates = v1.updates;
        rig.step(2);
        assertEquals(updates, v1.updates);
    }

    @Test
    void aNewVersionThatFailsToActivateIsDiscardedAndTheOldCodeKeepsRunning() {
        TestController v2 = newVersion();
        v2.results.put("onActivate", CallbackReturn.FAILURE);
        Result r = reload();
        assertFalse(r.ok());
        assertTrue(r.message().startsWith("Reloading 'fwd' failed, the old code keeps running"), r.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
        assertEquals(2, v1.calls("onActivate"), "re-activated by the rollback");
        assertEquals(1, v2.calls("onShutdown"));
        long updates = v1.updates;
        rig.step();
        assertEquals(updates + 1, v1.updates);
        assertEquals(0.1, rig.hw("arm").written("joint1/position"));
    }

    @Test
    void anInactiveControllerIsReloadedAndConfigured() {
        rig.switchNow(List.of(), List.of("fwd"), org.robocell.api.cell.Strictness.STRICT);
        TestController v2 = newVersion();
        Result r = reload();
        assertTrue(r.ok(), r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(1, v2.calls("onConfigure"));
        assertEquals(1, v1.calls("onShutdown"));
        rig.activate("fwd");
        rig.step();
        assertEquals(0.2, rig.hw("arm").written("joint1/position"));
    }

    @Test
    void reloadingWhenTheFactoryHandsOutTheSameInstanceChangesNothing() {
        Result r = reload();
        assertFalse(r.ok());
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
        assertEquals(0, v1.calls("onDeactivate"));
    }

    @Test
    void aNewInstanceOfTheRunningCodeIsNotAReload() {
        TestController same = new TestController("fwd", rig.log, List.of("joint1/position"), List.of("joint1/position"));
        rig.instances.put("fwd", same);
        Result r = reload();
        assertFalse(r.ok());
        assertEquals("Controller 'fwd' already runs the newest code of type '" + rig.cm.controller("fwd").get().type()
                + "'; install a newer version of its bundle to reload it", r.message());
        assertEquals(0, same.calls("onInit"));
        assertEquals(0, v1.calls("onDeactivate"));
        long updates = v1.updates;
        rig.step();
        assertEquals(updates + 1, v1.updates);
    }

    @Test
    void anActiveChainableControllerIsNotReloaded() {
        rig.declare("pid", new TestChainable("pid", rig.log, List.of("joint2")));
        rig.loadAndConfigure("pid");
        rig.activate("pid");
        rig.instances.put("pid", new TestChainable("pid", rig.log, List.of("joint2")));
        Result r = rig.cm.reload("pid").toCompletableFuture().join();
        assertFalse(r.ok());
        assertTrue(r.message().contains("chainable and active"), r.message());
    }
}
