package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * A failing update deactivates its chain group and activates its fallbacks in the same cycle (controller_manager.cpp,
 * fallback controllers).
 */
class FallbackTest {

    private Rig rig;
    private TestController primary;
    private TestController hold;

    @BeforeEach
    void primaryWithFallback() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        primary = rig.declare("primary", new TestController("primary", rig.log, List.of("joint1/position"), List.of()),
                List.of("hold"), Map.of());
        hold = rig.controller("hold", List.of("joint1/position", "joint2/position"), List.of());
        hold.output = -0.5;
        rig.loadAndConfigure("hold", "primary");
    }

    @Test
    void aControllerAnsweringErrorIsReplacedByItsFallbackInTheSameCycle() {
        TestController other = rig.controller("other", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("other");
        rig.activate("primary", "other");
        primary.updateResult = ReturnType.ERROR;
        long updates = primary.updates;
        rig.step();
        assertEquals(updates + 1, primary.updates);
        assertEquals(LifecycleState.INACTIVE, rig.state("primary"));
        assertEquals(LifecycleState.ACTIVE, rig.state("hold"), "activated in the failing cycle");
        assertEquals(LifecycleState.INACTIVE, rig.state("other"), "it held an interface the fallback needs");
        assertEquals("hold", rig.claimant("joint1/position"));
        assertEquals("hold", rig.claimant("joint2/position"));
        assertEquals(0, hold.updates, "the fallback's first update is in the next cycle");
        rig.step();
        assertEquals(1, hold.updates);
        assertEquals(-0.5, rig.hw("arm").written("joint1/position"));
        assertEquals(1, rig.cm.stats().controllerErrors());
        assertEquals(1, rig.cm.controller("primary").orElseThrow().errors());
    }

    @Test
    void aControllerThatThrowsFromUpdateIsHandledLikeError() {
        rig.activate("primary");
        primary.updateThrows = new ArrayIndexOutOfBoundsException("index 7");
        rig.step();
        assertEquals(LifecycleState.INACTIVE, rig.state("primary"));
        assertEquals(LifecycleState.ACTIVE, rig.state("hold"));
        assertTrue(rig.cm.controller("primary").orElseThrow().lastError().contains("index 7"));
        assertTrue(rig.cm.stats().lastError().contains("index 7"), rig.cm.stats().lastError());
    }

    @Test
    void withoutAFallbackTheFailedControllersInterfacesHoldTheMeasuredPosition() {
        TestController lone = rig.controller("lone", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("lone");
        rig.activate("lone");
        lone.output = 1.5;
        rig.step(3);
        rig.setCommand("joint2/position", 1.5);
        lone.output = 1.9;
        lone.updateResult = ReturnType.ERROR;
        rig.step();
        assertEquals(LifecycleState.INACTIVE, rig.state("lone"));
        assertEquals(1.5, rig.hw("arm").written("joint2/position"), 1e-12,
                "held at the measured position, not the failing controller's last command");
    }

    @Test
    void activationIsRefusedWhenAFallbackIsNotLoadedOrUnconfigured() {
        rig.declare("p2", new TestController("p2", rig.log, List.of("joint2/position"), List.of()),
                List.of("missing"), Map.of());
        rig.loadAndConfigure("p2");
        SwitchResult r = rig.switchNow(List.of("p2"), List.of(), Strictness.STRICT);
        assertFalse(r.ok());
        assertEquals("Controller 'p2' cannot be activated: its fallback controller 'missing' is not loaded", r.message());
        rig.declare("p3", new TestController("p3", rig.log, List.of("joint2/position"), List.of()),
                List.of("spare"), Map.of());
        rig.controller("spare", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("p3");
        assertTrue(rig.cm.load("spare").ok());
        SwitchResult r3 = rig.switchNow(List.of("p3"), List.of(), Strictness.STRICT);
        assertFalse(r3.ok());
        assertEquals("Controller 'p3' cannot be activated: its fallback controller 'spare' is unconfigured", r3.message());
    }

    @Test
    void aFailingControllerTakesItsWholeChainGroupWithIt() {
        TestChainable follower = rig.declare("pid", new TestChainable("pid", rig.log, List.of("joint2")));
        TestController leader = rig.controller("traj", List.of("pid/joint2/position"), List.of());
        TestController bystander = rig.controller("jsb", List.of(), List.of("joint1/position"));
        rig.loadAndConfigure("pid", "traj", "jsb");
        rig.activate("pid", "traj", "jsb");
        follower.updateResult = ReturnType.ERROR;
        rig.step();
        assertEquals(LifecycleState.INACTIVE, rig.state("pid"));
        assertEquals(LifecycleState.INACTIVE, rig.state("traj"), "the preceding controller of the chain goes too");
        assertEquals(LifecycleState.ACTIVE, rig.state("jsb"), "not in the chain group");
        assertFalse(follower.chained, "out of chained mode once deactivated");
        long leaderUpdates = leader.updates;
        rig.step();
        assertEquals(leaderUpdates, leader.updates);
    }

    @Test
    void chainedFallbacksAreActivatedFollowersFirstAndInChainedMode() {
        TestController fast = rig.declare("fast", new TestController("fast", rig.log, List.of("joint2/position"), List.of()),
                List.of("safe_traj", "safe_pid"), Map.of());
        TestChainable safePid = rig.declare("safe_pid", new TestChainable("safe_pid", rig.log, List.of("joint2")));
        TestController safeTraj = rig.controller("safe_traj", List.of("safe_pid/joint2/position"), List.of());
        safeTraj.output = 0.3;
        rig.loadAndConfigure("fast", "safe_pid", "safe_traj");
        rig.activate("fast");
        rig.log.clear();
        fast.updateResult = ReturnType.ERROR;
        rig.step();
        assertEquals(LifecycleState.INACTIVE, rig.state("fast"));
        assertEquals(LifecycleState.ACTIVE, rig.state("safe_pid"));
        assertEquals(LifecycleState.ACTIVE, rig.state("safe_traj"));
        assertTrue(safePid.chained, "its reference is written by the other fallback");
        assertTrue(rig.log.indexOf("safe_pid.onActivate") < rig.log.indexOf("safe_traj.onActivate"), rig.log.toString());
        rig.step();
        assertEquals(0.3, rig.hw("arm").written("joint2/position"), "the fallback chain drives the joint");
    }
}
