package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Result;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;

/** load, configure, cleanup, unload (controller_manager.cpp); and the one-line answers users get. */
class ControllerLifecycleTest {

    private Rig rig;

    @BeforeEach
    void arm() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
    }

    @Test
    void loadingLeavesTheControllerUnconfiguredAfterOneOnInit() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        Result r = rig.cm.load("fwd");
        assertTrue(r.ok(), r.message());
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("fwd"));
        assertEquals(1, c.calls("onInit"));
        assertEquals("test/fwd", rig.cm.controller("fwd").orElseThrow().type());
    }

    @Test
    void aLoadedControllerFindsTheNameOfItsRobotInItsContext() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        assertTrue(rig.cm.load("fwd").ok());
        assertEquals("test", c.context.robot(), "the loop's robot, to look its description up by");
    }

    @Test
    void loadingASecondControllerWithTheSameNameFailsAndLeavesTheFirstUntouched() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        Result again = rig.cm.load("fwd");
        assertFalse(again.ok());
        assertEquals("A controller named 'fwd' was already loaded", again.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(1, c.calls("onInit"));
    }

    @Test
    void loadingWithAnExplicitTypeOrAnUnknownTypeOrAnUndeclaredName() {
        rig.controller("fwd", List.of("joint1/position"), List.of());
        Result unknownType = rig.cm.load("other", "test/fdw");
        assertFalse(unknownType.ok());
        assertEquals("Controller type 'test/fdw' is not installed (did you mean 'test/fwd'?)", unknownType.message());
        Result undeclared = rig.cm.load("fdw");
        assertFalse(undeclared.ok());
        assertTrue(undeclared.message().contains("did you mean 'fwd'"), undeclared.message());
        assertTrue(rig.cm.load("second", "test/fwd").ok(), "an explicit type loads an undeclared name");
    }

    @Test
    void configuringAnInactiveControllerCleansItUpFirst() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.log.clear();
        assertTrue(rig.cm.configure("fwd").ok());
        assertEquals(List.of("fwd.onCleanup", "fwd.onConfigure"), rig.log);
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
        assertEquals(2, c.calls("onConfigure"));
    }

    @Test
    void configuringAnActiveControllerFailsAndCallsNothing() {
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        rig.log.clear();
        Result r = rig.cm.configure("fwd");
        assertFalse(r.ok());
        assertTrue(r.message().contains("is active"), r.message());
        assertEquals(List.of(), rig.log);
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
    }

    @Test
    void aFailedConfigureLeavesItUnconfiguredWithTheControllersReason() {
        TestController c = new TestController("fwd", rig.log, List.of("joint1/position"), List.of()) {
            @Override
            public String lastError() {
                return "parameter 'joints' is required but missing";
            }
        };
        rig.declare("fwd", c);
        c.results.put("onConfigure", CallbackReturn.FAILURE);
        assertTrue(rig.cm.load("fwd").ok());
        Result r = rig.cm.configure("fwd");
        assertFalse(r.ok());
        assertTrue(r.message().endsWith("parameter 'joints' is required but missing"), r.message());
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("fwd"));
    }

    @Test
    void unloadingAnActiveControllerFailsAndItStaysActive() {
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        Result r = rig.cm.unload("fwd");
        assertFalse(r.ok());
        assertEquals("Controller 'fwd' can not be unloaded because it is still active", r.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
        assertEquals("fwd", rig.claimant("joint1/position"));
    }

    @Test
    void unloadingAnInactiveControllerCleansUpShutsDownAndRemovesIt() {
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.log.clear();
        Result r = rig.cm.unload("fwd");
        assertTrue(r.ok(), r.message());
        assertEquals(List.of("fwd.onCleanup", "fwd.onShutdown"), rig.log);
        assertTrue(rig.cm.controller("fwd").isEmpty());
        assertTrue(rig.cm.load("fwd").ok(), "the name is free again");
    }

    @Test
    void aControllerListingItselfAsFallbackCannotBeLoaded() {
        rig.declare("fwd", new TestController("fwd", rig.log, List.of("joint1/position"), List.of()),
                List.of("hold", "fwd"), Map.of());
        Result r = rig.cm.load("fwd");
        assertFalse(r.ok());
        assertTrue(r.message().contains("lists itself in its fallback_controllers"), r.message());
        assertTrue(rig.cm.controller("fwd").isEmpty());
    }

    /** ros2_control runs it on a thread of its own; running it in the loop instead would silently change its timing. */
    @Test
    void anAsynchronousControllerIsRefusedAtLoad() {
        rig.declare("fwd", new TestController("fwd", rig.log, List.of("joint1/position"), List.of()), List.of(),
                Map.of("is_async", true));
        Result r = rig.cm.load("fwd");
        assertFalse(r.ok());
        assertTrue(r.message().startsWith("Controller 'fwd' has is_async: true, but RoboCell runs every controller in "
                + "its robot's loop"), r.message());
        assertTrue(rig.cm.controller("fwd").isEmpty());
    }

    @Test
    void cleanupOfAnUnconfiguredControllerIsANoOpAndOfAnActiveOneIsRefused() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        assertTrue(rig.cm.load("fwd").ok());
        assertTrue(rig.cm.cleanup("fwd").ok());
        assertEquals(0, c.calls("onCleanup"));
        assertTrue(rig.cm.configure("fwd").ok());
        rig.activate("fwd");
        assertFalse(rig.cm.cleanup("fwd").ok());
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"));
    }

    @Test
    void anUnknownControllerNameIsAnsweredWithTheClosestLoadedName() {
        rig.controller("joint_state_broadcaster", List.of(), List.of("joint1/position"));
        rig.loadAndConfigure("joint_state_broadcaster");
        Result r = rig.cm.configure("joint_state_brodcaster");
        assertFalse(r.ok());
        assertEquals("Controller 'joint_state_brodcaster' is not loaded (did you mean 'joint_state_broadcaster'?)",
                r.message());
    }

    @Test
    void theSnapshotShowsWhatAControllerRequiresAndItsParameters() {
        rig.declare("fwd", new TestController("fwd", rig.log, List.of("joint1/position"), List.of("joint1/velocity")),
                List.of(), Map.of("update_rate", 50L, "joints", List.of("joint1")));
        rig.loadAndConfigure("fwd");
        var s = rig.cm.controller("fwd").orElseThrow();
        assertEquals(List.of("joint1/position"), s.requiredCommandInterfaces());
        assertEquals(List.of("joint1/velocity"), s.requiredStateInterfaces());
        assertEquals(50, s.updateRate());
        assertEquals(List.of("joint1"), s.parameters().getStringList("joints"));
        assertFalse(s.chainable());
    }

    @Test
    void liveParametersReachAnActiveControllerOthersWaitForTheNextConfigure() {
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of());
        c.live = java.util.Set.of("gain");
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        assertFalse(rig.cm.setParameters("fwd", Map.of("joints", List.of("x"))).ok());
        assertTrue(rig.cm.setParameters("fwd", Map.of("gain", 2.0)).ok());
        assertEquals(2.0, c.liveParameters.getDouble("gain"));
        assertSame(c.liveParameters, c.context.parameters());
    }
}
