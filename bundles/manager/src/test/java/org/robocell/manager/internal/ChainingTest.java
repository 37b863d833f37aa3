package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ChainGraph;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Result;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * Chained controllers, their interfaces, order, and cycle detection (controller_manager.cpp,
 * controller_interface/src/chainable_controller_interface.cpp).
 */
class ChainingTest {

    private Rig rig;
    private TestChainable follower;
    private TestController preceding;

    @BeforeEach
    void chain() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        // loaded preceding-first on purpose: the order must come from the chain, not the load order
        preceding = rig.controller("traj", List.of("pid/joint1/position", "pid/joint2/position"), List.of());
        follower = rig.declare("pid", new TestChainable("pid", rig.log, List.of("joint1", "joint2")));
        rig.loadAndConfigure("traj", "pid");
    }

    @Test
    void activatingThePrecedingControllerAloneFailsActivatingBothChainsTheFollower() {
        SwitchResult alone = rig.switchNow(List.of("traj"), List.of(), Strictness.STRICT);
        assertFalse(alone.ok());
        assertEquals("Unable to activate controller 'traj' since its following controller 'pid' is not active and will"
                + " not be activated", alone.message());
        SwitchResult both = rig.switchNow(List.of("traj", "pid"), List.of(), Strictness.STRICT);
        assertTrue(both.ok(), both.message());
        assertTrue(rig.cm.controller("pid").orElseThrow().chained());
        assertTrue(follower.chained);
        assertEquals("traj", rig.claimant("pid/joint1/position"));
        InterfaceSnapshot ref = rig.cm.interfaces().stream().filter(i -> i.name().equals("pid/joint1/position")
                && i.kind() == InterfaceSnapshot.Kind.REFERENCE).findFirst().orElseThrow();
        assertTrue(ref.available());
        assertTrue(ref.claimed());
    }

    @Test
    void theFollowerCannotGoWhileThePrecedingStaysAndGoesUnchainedWhenThePrecedingGoes() {
        rig.activate("traj", "pid");
        SwitchResult f = rig.switchNow(List.of(), List.of("pid"), Strictness.STRICT);
        assertFalse(f.ok());
        assertEquals("Unable to deactivate controller 'pid' since its preceding controller 'traj' is currently active",
                f.message());
        long referenceUpdates = follower.referenceUpdates;
        SwitchResult p = rig.switchNow(List.of(), List.of("traj"), Strictness.STRICT);
        assertTrue(p.ok(), p.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("pid"));
        assertFalse(follower.chained);
        assertEquals(referenceUpdates + 1, follower.referenceUpdates,
                "unchained again: it fills its references from its own inputs in the commit cycle");
        assertEquals(List.of("traj"), p.deactivated());
    }

    @Test
    void referencesAreAvailableAndUnclaimedWhileTheFollowerIsActiveUnchainedAndUnavailableWhileInactive() {
        assertFalse(rig.available("pid/joint1/position", true));
        rig.activate("pid");
        assertTrue(rig.available("pid/joint1/position", true));
        assertEquals(null, rig.claimant("pid/joint1/position"));
        assertTrue(rig.available("pid/joint1/position", false), "its exported state interface too");
        rig.switchNow(List.of(), List.of("pid"), Strictness.STRICT);
        assertFalse(rig.available("pid/joint1/position", true));
    }

    @Test
    void thePrecedingControllerUpdatesBeforeTheFollowerEveryCycle() {
        rig.activate("traj", "pid");
        rig.log.clear();
        rig.step(3);
        assertEquals(List.of("arm.read", "traj.update", "pid.update", "arm.write",
                "arm.read", "traj.update", "pid.update", "arm.write",
                "arm.read", "traj.update", "pid.update", "arm.write"), rig.log);
        ChainGraph g = rig.cm.chains();
        assertEquals(List.of("traj", "pid"), g.updateOrder());
        assertTrue(g.edges().contains(new ChainGraph.Edge("traj", "pid", "pid/joint1/position",
                InterfaceSnapshot.Kind.REFERENCE)));
        preceding.output = 0.25;
        rig.step();
        assertEquals(0.25, rig.hw("arm").written("joint1/position"), "the reference reaches the hardware in one cycle");
    }

    @Test
    void aControllerReadingAnExportedStateRunsAfterItsSource() {
        TestController reader = rig.controller("reader", List.of(), List.of("pid/joint1/position"));
        rig.loadAndConfigure("reader");
        assertEquals(List.of("traj", "pid", "reader"), rig.cm.chains().updateOrder());
        SwitchResult r = rig.switchNow(List.of("reader"), List.of(), Strictness.STRICT);
        assertFalse(r.ok(), "its source is not active");
        rig.activate("pid", "reader");
        assertFalse(follower.chained, "reading exported states does not chain the follower");
        rig.step();
        assertEquals(1, reader.stateHandles.length);
    }

    @Test
    void aControllerCommandingAFollowerAndReadingItsExportedStatesPrecedesItAndSeesThemFromTheCycleBefore() {
        // as a motion primitive forwarder and the executor that reports its status back
        TestController both = rig.controller("both", List.of("pid/joint1/position", "pid/joint2/position"),
                List.of("pid/joint1/position"));
        rig.cm.unload("traj");
        rig.loadAndConfigure("both");
        assertEquals(LifecycleState.INACTIVE, rig.state("both"), "no chain cycle");
        assertEquals(List.of("both", "pid"), rig.cm.chains().updateOrder());
        rig.activate("both", "pid");
        assertTrue(follower.chained);
        rig.log.clear();
        rig.step(2);
        assertEquals(List.of("arm.read", "both.update", "pid.update", "arm.write",
                "arm.read", "both.update", "pid.update", "arm.write"), rig.log);
    }

    @Test
    void aChainableControllerMustPrefixItsInterfacesWithItsNameAndExportSomething() {
        TestChainable bad = rig.declare("bad", new TestChainable("bad", rig.log, List.of("joint1")));
        bad.exportedReferences = List.of("other/joint1/position");
        assertTrue(rig.cm.load("bad").ok());
        Result r = rig.cm.configure("bad");
        assertFalse(r.ok());
        assertTrue(r.message().contains("must start with the controller's name 'bad/'"), r.message());
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("bad"));
        TestChainable empty = rig.declare("empty", new TestChainable("empty", rig.log, List.of("joint1")));
        empty.exportedReferences = List.of();
        empty.exportedStates = List.of();
        assertTrue(rig.cm.load("empty").ok());
        Result e = rig.cm.configure("empty");
        assertFalse(e.ok());
        assertTrue(e.message().contains("exports none"), e.message());
    }

    @Test
    void aChainCycleIsRefusedNamingTheCycle() {
        TestChainable x = rig.declare("x", new TestChainable("x", rig.log, List.of("joint1")));
        TestChainable y = rig.declare("y", new TestChainable("y", rig.log, List.of("joint2")));
        x.commands = List.of("y/joint2/position");
        y.commands = List.of("x/joint1/position");
        rig.loadAndConfigure("x");
        assertTrue(rig.cm.load("y").ok());
        Result r = rig.cm.configure("y");
        assertFalse(r.ok());
        assertTrue(r.message().contains("cycle x -> y -> x") || r.message().contains("cycle y -> x -> y"), r.message());
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("y"));
        assertFalse(rig.cm.interfaces().stream().anyMatch(i -> i.name().startsWith("y/")), "its exports are gone");
    }

    @Test
    void activatingAPrecedingControllerOfAnActiveFollowerRestartsTheFollowerInChainedModeInTheSameCycle() {
        rig.activate("pid");
        assertFalse(follower.chained);
        rig.log.clear();
        SwitchResult r = rig.switchNow(List.of("traj"), List.of(), Strictness.STRICT);
        assertTrue(r.ok(), r.message());
        assertEquals(List.of("traj"), r.activated(), "the follower's restart is not reported as a change");
        assertTrue(follower.chained);
        assertEquals(LifecycleState.ACTIVE, rig.state("pid"));
        assertEquals(List.of("pid.onDeactivate", "pid.chained=true", "pid.onActivate",
                "traj.onActivate"), rig.log.subList(rig.log.indexOf("pid.onDeactivate"), rig.log.indexOf("traj.onActivate") + 1));
        assertTrue(rig.log.indexOf("traj.update") < rig.log.indexOf("pid.update"), "both run in the commit cycle");
    }

    @Test
    void aRolledBackChainedActivationLeavesTheFollowerUnchainedAndActive() {
        rig.activate("pid");
        preceding.results.put("onActivate", org.robocell.api.lifecycle.CallbackReturn.FAILURE);
        SwitchResult r = rig.switchNow(List.of("traj"), List.of(), Strictness.STRICT);
        assertFalse(r.ok());
        assertEquals(LifecycleState.ACTIVE, rig.state("pid"));
        assertFalse(follower.chained, "back to the mode it was in");
        assertEquals(LifecycleState.INACTIVE, rig.state("traj"));
        long refs = follower.referenceUpdates;
        rig.step();
        assertEquals(refs + 1, follower.referenceUpdates, "it fills its references itself again");
    }
}
