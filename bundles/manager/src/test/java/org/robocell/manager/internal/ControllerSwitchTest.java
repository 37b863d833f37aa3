package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * switch_controller semantics, strictness, atomicity at a cycle boundary, rollback (controller_manager.cpp
 * switch_controller and manage_switch; controller_manager/test/test_release_interfaces.cpp).
 */
class ControllerSwitchTest {

    private Rig rig;
    private TestController a;
    private TestController b;

    @BeforeEach
    void twoControllersOnOneJoint() {
        rig = Rig.withArm(2);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        a = rig.controller("a", List.of("joint1/position"), List.of("joint1/position"));
        b = rig.controller("b", List.of("joint1/position"), List.of("joint1/position"));
        rig.loadAndConfigure("a", "b");
    }

    @Test
    void strictActivationOfAControllerWhoseInterfaceIsClaimedFailsAndChangesNothing() {
        rig.activate("a");
        int prepares = rig.hw("arm").prepareStarts.size();
        SwitchResult r = rig.switchNow(List.of("b"), List.of(), Strictness.STRICT);
        assertFalse(r.ok());
        assertEquals("Unable to activate controller 'b' since the command interface 'joint1/position' is currently claimed"
                + " by another controller, 'a' (deactivate it in the same switch: controller:switch -a b -d a).",
                r.message(), "names the controller that holds the interface");
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
        assertEquals(LifecycleState.INACTIVE, rig.state("b"));
        assertEquals(prepares, rig.hw("arm").prepareStarts.size(), "no hardware mode switch call");
    }

    @Test
    void bestEffortActivationOfAControllerWhoseInterfaceIsClaimedFailsToo() {
        rig.activate("a");
        SwitchResult r = rig.switchNow(List.of("b"), List.of(), Strictness.BEST_EFFORT);
        assertFalse(r.ok());
        assertTrue(r.message().contains("currently claimed by another controller"), r.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
        assertEquals(LifecycleState.INACTIVE, rig.state("b"));
    }

    @Test
    void activatingTwoConflictingControllersInOneRequestFailsForBothStrictnessLevels() {
        for (Strictness s : Strictness.values()) {
            SwitchResult r = rig.switchNow(List.of("a", "b"), List.of(), s);
            assertFalse(r.ok(), s.name());
            assertTrue(r.message().contains("will be used by another controller that is being activated, 'a'."),
                    r.message());
            assertEquals(LifecycleState.INACTIVE, rig.state("a"));
            assertEquals(LifecycleState.INACTIVE, rig.state("b"));
        }
    }

    @Test
    void deactivatingOneAndActivatingAnotherOnTheSameInterfaceHappensAtOneCycleBoundary() {
        rig.activate("a");
        rig.step(2);
        long cycleBefore = rig.loop.cycles();
        SwitchResult r = rig.switchNow(List.of("b"), List.of("a"), Strictness.STRICT);
        assertTrue(r.ok(), r.message());
        assertEquals(cycleBefore, r.cycle(), "committed at the start of the next cycle");
        assertEquals(LifecycleState.INACTIVE, rig.state("a"));
        assertEquals(LifecycleState.ACTIVE, rig.state("b"));
        assertEquals("b", rig.claimant("joint1/position"));
        assertEquals(cycleBefore - 1, (long) a.updateCycles.get(a.updateCycles.size() - 1), "a's last update");
        assertEquals(cycleBefore, (long) b.updateCycles.get(0), "b's first update, in the commit cycle");
        assertEquals(List.of("a"), r.deactivated());
        assertEquals(List.of("b"), r.activated());
    }

    @Test
    void strictDeactivationOfAnInactiveControllerFailsBestEffortDeactivatesTheActiveOnes() {
        rig.activate("a");
        SwitchResult strict = rig.switchNow(List.of(), List.of("a", "b"), Strictness.STRICT);
        assertFalse(strict.ok());
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
        SwitchResult best = rig.switchNow(List.of(), List.of("a", "b"), Strictness.BEST_EFFORT);
        assertTrue(best.ok(), best.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("a"));
    }

    @Test
    void activatingAnActiveControllerFailsStrictAndIsIgnoredBestEffort() {
        rig.activate("a");
        SwitchResult strict = rig.switchNow(List.of("a"), List.of(), Strictness.STRICT);
        assertFalse(strict.ok());
        assertEquals("Controller 'a' is already active", strict.message());
        SwitchResult best = rig.switchNow(List.of("a"), List.of(), Strictness.BEST_EFFORT);
        assertTrue(best.ok());
        assertTrue(best.message().startsWith("After checking the controllers, no controllers need to be activated or"
                + " deactivated."), best.message());
    }

    @Test
    void activatingAnUnconfiguredControllerFailsStrictAndIsDroppedBestEffort() {
        rig.controller("c", List.of("joint2/position"), List.of());
        assertTrue(rig.cm.load("c").ok());
        SwitchResult strict = rig.switchNow(List.of("c"), List.of(), Strictness.STRICT);
        assertFalse(strict.ok());
        assertEquals("Controller 'c' is in 'unconfigured' state. The controller needs to be configured to be in"
                + " 'inactive' state before it can be activated.", strict.message());
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("c"));
        SwitchResult best = rig.switchNow(List.of("c", "a"), List.of(), Strictness.BEST_EFFORT);
        assertTrue(best.ok(), best.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
        assertEquals(LifecycleState.UNCONFIGURED, rig.state("c"));
    }

    @Test
    void emptyListsSucceedWithoutSideEffectsAndUnknownNamesFail() {
        SwitchResult empty = rig.switchNow(List.of(), List.of(), Strictness.STRICT);
        assertTrue(empty.ok());
        assertEquals(-1, empty.cycle());
        SwitchResult unknownStrict = rig.switchNow(List.of("zz", "a"), List.of(), Strictness.STRICT);
        assertFalse(unknownStrict.ok());
        assertEquals(LifecycleState.INACTIVE, rig.state("a"));
        SwitchResult onlyUnknown = rig.switchNow(List.of("zz"), List.of(), Strictness.BEST_EFFORT);
        assertFalse(onlyUnknown.ok());
        SwitchResult someUnknown = rig.switchNow(List.of("zz", "a"), List.of(), Strictness.BEST_EFFORT);
        assertTrue(someUnknown.ok(), someUnknown.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
    }

    @Test
    void aSwitchIsAnsweredOnlyAfterTheLoopCommittedItAndTimesOutWhenTheLoopIsNotRunning() {
        AtomicLong wall = new AtomicLong();
        Rig idle = new Rig(100, 64, false, wall::get);
        idle.addHardware(Rig.system("arm", org.robocell.api.hardware.HardwareType.SYSTEM, 1, 0, null));
        idle.setHardware("arm", LifecycleState.ACTIVE);
        idle.controller("x", List.of("joint1/position"), List.of());
        idle.loadAndConfigure("x");
        CompletableFuture<SwitchResult> f = idle.cm.switchControllers(List.of("x"), List.of(), Strictness.STRICT, 5)
                .toCompletableFuture();
        idle.loop.serviceNow();
        assertFalse(f.isDone(), "no cycle has run");
        wall.addAndGet(999_000_000L);
        idle.loop.serviceNow();
        assertFalse(f.isDone(), "within the wall-clock bound");
        wall.addAndGet(2_000_000L);
        idle.loop.serviceNow();
        assertTrue(f.isDone());
        assertFalse(f.join().ok());
        assertTrue(f.join().message().startsWith("Switch controller timed out"), f.join().message());
        idle.step();
        assertEquals(LifecycleState.INACTIVE, idle.state("x"), "a timed-out switch is never committed later");
    }

    @Test
    void aNewlyActivatedControllerGetsItsOwnPeriodAndDeactivationsPrecedeActivations() {
        rig.activate("a");
        rig.log.clear();
        rig.switchNow(List.of("b"), List.of("a"), Strictness.STRICT);
        int deactivate = rig.log.indexOf("a.onDeactivate");
        int activate = rig.log.indexOf("b.onActivate");
        assertTrue(deactivate >= 0 && activate > deactivate, rig.log.toString());
        assertTrue(rig.log.indexOf("arm.perform[joint1/position][joint1/position]") < deactivate, rig.log.toString());
        assertEquals(0.01, b.periods.get(0), 1e-12);
    }

    @Test
    void aStrictSwitchWhoseActivationFailsIsRolledBackCompletely() {
        TestController c = rig.controller("c", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("c");
        rig.activate("a");
        b.results.put("onActivate", CallbackReturn.FAILURE);
        SwitchResult r = rig.switchNow(List.of("c", "b"), List.of("a"), Strictness.STRICT);
        assertFalse(r.ok());
        assertTrue(r.message().contains("Unable to activate controllers: [b (onActivate answered FAILURE)]"), r.message());
        assertTrue(r.message().contains("rolled back"), r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("b"));
        assertEquals(LifecycleState.INACTIVE, rig.state("c"), "activated in the request, deactivated again");
        assertNull(rig.claimant("joint2/position"));
        assertEquals(LifecycleState.ACTIVE, rig.state("a"), "RoboCell re-activates what the request deactivated");
        assertEquals("a", rig.claimant("joint1/position"));
        assertEquals(2, a.calls("onActivate"));
        assertEquals(1, rig.cm.stats().switches(), "a's activation; the rolled-back switch changed nothing");
        assertEquals(1, c.calls("onDeactivate"));
    }

    @Test
    void aFailingOnActivateLeavesThatControllerInactiveWithoutClaimsAndBestEffortKeepsTheOthers() {
        TestController c = rig.controller("c", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("c");
        a.results.put("onActivate", CallbackReturn.FAILURE);
        SwitchResult r = rig.switchNow(List.of("a", "c"), List.of(), Strictness.BEST_EFFORT);
        assertFalse(r.ok());
        assertEquals(LifecycleState.INACTIVE, rig.state("a"));
        assertNull(rig.claimant("joint1/position"));
        assertEquals(LifecycleState.ACTIVE, rig.state("c"));
        assertEquals(List.of("c"), r.activated());
        assertEquals(1, c.calls("onActivate"));
    }

    @Test
    void aControllerThatThrowsInOnActivateIsReportedAndStaysInactive() {
        TestController t = new TestController("t", rig.log, List.of("joint2/position"), List.of()) {
            @Override
            public CallbackReturn onActivate(org.robocell.api.controller.Loans loans) {
                throw new IllegalArgumentException("no claimed command interface 'joint9/position'");
            }
        };
        rig.declare("t", t);
        rig.loadAndConfigure("t");
        SwitchResult r = rig.switchNow(List.of("t"), List.of(), Strictness.STRICT);
        assertFalse(r.ok());
        assertTrue(r.message().contains("joint9/position"), r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("t"));
        assertNull(rig.claimant("joint2/position"));
    }

    @Test
    void aMissingCommandInterfaceIsNotAvailable() {
        rig.controller("m", List.of("joint7/position"), List.of());
        rig.loadAndConfigure("m");
        SwitchResult r = rig.switchNow(List.of("m"), List.of(), Strictness.BEST_EFFORT);
        assertFalse(r.ok());
        assertEquals("Unable to activate controller 'm' since the command interface 'joint7/position' is not available.",
                r.message());
    }

    /** ros2_control's controller manager refuses it too: a controller must not run on a state it cannot read. */
    @Test
    void aMissingStateInterfaceIsNotAvailableAndNothingIsActivated() {
        TestController s = rig.controller("s", List.of("joint1/position"),
                List.of("joint1/position", "joint9/position", "joint2/velocity"));
        rig.loadAndConfigure("s");
        SwitchResult r = rig.switchNow(List.of("s"), List.of(), Strictness.BEST_EFFORT);
        assertFalse(r.ok());
        assertEquals("Unable to activate controller 's' since the state interface 'joint9/position' is not available.",
                r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("s"));
        assertNull(rig.claimant("joint1/position"));
        assertEquals(0, s.stateHandles == null ? 0 : s.stateHandles.length);
    }

    @Test
    void theBlockingSwitchOfALoopThatIsNotCyclingAnswersTimedOutInsteadOfHanging() {
        AtomicLong wall = new AtomicLong();
        Rig idle = new Rig(100, 64, false, () -> wall.addAndGet(50_000_000L));
        idle.addHardware(Rig.system("arm", org.robocell.api.hardware.HardwareType.SYSTEM, 1, 0, null));
        idle.setHardware("arm", LifecycleState.ACTIVE);
        idle.controller("x", List.of("joint1/position"), List.of());
        idle.loadAndConfigure("x");
        SwitchResult r = idle.cm.switchControllersAndWait(List.of("x"), List.of(), Strictness.STRICT, 0);
        assertFalse(r.ok());
        assertEquals("Switch controller timed out: the loop is not running", r.message());
    }
}
