package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.HardwareStateResult;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.CallbackReturn;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The hardware component lifecycle table (ros2_control hardware_interface/src/hardware_component.cpp) and the
 * multi-step paths of set_component_state (resource_manager.cpp).
 */
class HardwareLifecycleTest {

    private final Rig rig = new Rig(100, 64);

    private FakeSystem add(String name, String callback, CallbackReturn answer) {
        FakeSystem f = new FakeSystem(name, rig.log);
        if (callback != null) {
            f.results.put(callback, answer);
        }
        rig.hardware.put(name, f);
        rig.loop.addHardware(Rig.system(name, HardwareType.SYSTEM, name + "_j", 1, 0, null), f);
        return f;
    }

    private LifecycleState state(String name) {
        return rig.cm.hardware(name).orElseThrow().state();
    }

    @Test
    void aComponentWhoseInitSucceedsIsUnconfigured() {
        add("a", null, null);
        assertEquals(LifecycleState.UNCONFIGURED, state("a"));
    }

    @Test
    void aComponentWhoseInitFailsOrErrsIsFinalizedAndNeverReadOrWritten() {
        FakeSystem failing = add("a", "onInit", CallbackReturn.FAILURE);
        FakeSystem erring = add("b", "onInit", CallbackReturn.ERROR);
        assertEquals(LifecycleState.FINALIZED, state("a"));
        assertEquals(LifecycleState.FINALIZED, state("b"));
        assertFalse(rig.setHardware("a", LifecycleState.ACTIVE).ok());
        rig.step(3);
        assertEquals(0, failing.reads + failing.writes + erring.reads + erring.writes);
    }

    @Test
    void configureFailureLeavesItUnconfigured() {
        add("a", "onConfigure", CallbackReturn.FAILURE);
        HardwareStateResult r = rig.setHardware("a", LifecycleState.INACTIVE);
        assertFalse(r.ok());
        assertEquals(LifecycleState.UNCONFIGURED, r.state());
    }

    @Test
    void activateFailureLeavesItInactive() {
        add("a", "onActivate", CallbackReturn.FAILURE);
        HardwareStateResult r = rig.setHardware("a", LifecycleState.ACTIVE);
        assertFalse(r.ok());
        assertEquals(LifecycleState.INACTIVE, r.state());
    }

    @Test
    void deactivateFailureLeavesItActive() {
        add("a", "onDeactivate", CallbackReturn.FAILURE);
        assertTrue(rig.setHardware("a", LifecycleState.ACTIVE).ok());
        HardwareStateResult r = rig.setHardware("a", LifecycleState.INACTIVE);
        assertFalse(r.ok());
        assertEquals(LifecycleState.ACTIVE, r.state());
    }

    @Test
    void anErrorFromATransitionRunsOnErrorAndSuccessRecoversToUnconfigured() {
        FakeSystem f = add("a", "onActivate", CallbackReturn.ERROR);
        HardwareStateResult r = rig.setHardware("a", LifecycleState.ACTIVE);
        assertFalse(r.ok());
        assertEquals(1, f.calls("onError"));
        assertEquals(LifecycleState.UNCONFIGURED, r.state());
    }

    @Test
    void anErrorWhoseOnErrorFailsFinalizesTheComponent() {
        FakeSystem f = add("a", "onConfigure", CallbackReturn.ERROR);
        f.results.put("onError", CallbackReturn.FAILURE);
        // configure ERROR from UNCONFIGURED: error handling is not allowed from UNCONFIGURED, so it stays there
        assertEquals(LifecycleState.UNCONFIGURED, rig.setHardware("a", LifecycleState.INACTIVE).state());
        f.results.remove("onConfigure");
        f.results.put("onCleanup", CallbackReturn.ERROR);
        assertTrue(rig.setHardware("a", LifecycleState.INACTIVE).ok());
        HardwareStateResult r = rig.setHardware("a", LifecycleState.UNCONFIGURED);
        assertFalse(r.ok());
        assertEquals(LifecycleState.FINALIZED, r.state());
        assertEquals(1, f.calls("onError"));
    }

    @Test
    void anExceptionFromACallbackCountsAsError() {
        FakeSystem f = new FakeSystem("a", rig.log) {
            @Override
            public CallbackReturn onActivate(LifecycleState previous) {
                throw new IllegalStateException("brakes stuck");
            }
        };
        rig.loop.addHardware(Rig.system("a", HardwareType.SYSTEM, "a_j", 1, 0, null), f);
        HardwareStateResult r = rig.setHardware("a", LifecycleState.ACTIVE);
        assertFalse(r.ok());
        assertEquals(LifecycleState.UNCONFIGURED, r.state());
        assertTrue(r.message().contains("brakes stuck"), r.message());
    }

    @Test
    void unconfiguredToActiveConfiguresThenActivatesExactlyOnce() {
        FakeSystem f = add("a", null, null);
        HardwareStateResult r = rig.setHardware("a", LifecycleState.ACTIVE);
        assertTrue(r.ok(), r.message());
        assertEquals(LifecycleState.ACTIVE, r.state());
        assertEquals(1, f.calls("onConfigure"));
        assertEquals(1, f.calls("onActivate"));
        assertEquals(List.of("a.onInit", "a.onConfigure", "a.onActivate"), rig.log);
    }

    @Test
    void activeToUnconfiguredDeactivatesThenCleansUp() {
        FakeSystem f = add("a", null, null);
        rig.setHardware("a", LifecycleState.ACTIVE);
        rig.log.clear();
        assertTrue(rig.setHardware("a", LifecycleState.UNCONFIGURED).ok());
        assertEquals(List.of("a.onDeactivate", "a.onCleanup"), rig.log);
        assertEquals(0, f.calls("onShutdown"));
    }

    @Test
    void activeToFinalizedDeactivatesThenShutsDown() {
        add("a", null, null);
        rig.setHardware("a", LifecycleState.ACTIVE);
        rig.log.clear();
        assertTrue(rig.setHardware("a", LifecycleState.FINALIZED).ok());
        assertEquals(List.of("a.onDeactivate", "a.onShutdown"), rig.log);
    }

    @Test
    void aFinalizedComponentRefusesEveryTargetButFinalized() {
        FakeSystem f = add("a", null, null);
        assertTrue(rig.setHardware("a", LifecycleState.FINALIZED).ok());
        for (LifecycleState target : List.of(LifecycleState.UNCONFIGURED, LifecycleState.INACTIVE, LifecycleState.ACTIVE)) {
            HardwareStateResult r = rig.setHardware("a", target);
            assertFalse(r.ok(), target.label());
            assertEquals(LifecycleState.FINALIZED, r.state());
        }
        assertTrue(rig.setHardware("a", LifecycleState.FINALIZED).ok());
        assertEquals(1, f.calls("onShutdown"));
        assertEquals(0, f.calls("onConfigure"));
    }

    @Test
    void anUnknownComponentIsAnsweredWithTheClosestName() {
        add("left_arm", null, null);
        HardwareStateResult r = rig.setHardware("left_amr", LifecycleState.ACTIVE);
        assertFalse(r.ok());
        assertTrue(r.message().contains("did you mean 'left_arm'"), r.message());
    }
}
