package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.InterfaceSnapshot;
import org.robocell.api.cell.Reason;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
import org.robocell.api.hardware.ComponentInfo;
import org.robocell.api.hardware.ComponentKind;
import org.robocell.api.hardware.DataType;
import org.robocell.api.hardware.HardwareInfo;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.hardware.InterfaceInfo;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.resources.internal.ResourceManager;

/**
 * The resource manager (hardware_interface/src/resource_manager.cpp) and the slot table: names, initial values,
 * claims, availability, mode switches, limits.
 */
class ResourceManagerTest {

    @Test
    void aCommandInterfaceIsClaimedOnlyThroughTheLoopAndByOneControllerAtATime() {
        Rig rig = Rig.withArm(1);
        rig.controller("a", List.of("joint1/position"), List.of());
        rig.controller("b", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("a", "b");
        SwitchResult unavailable = rig.switchNow(List.of("a"), List.of(), Strictness.STRICT);
        assertEquals("Unable to activate controller 'a' since the command interface 'joint1/position' is not available.",
                unavailable.message(), "unavailable while the component is UNCONFIGURED");
        assertEquals(Reason.INTERFACE_UNAVAILABLE, unavailable.reason());
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.activate("a");
        SwitchResult taken = rig.switchNow(List.of("b"), List.of(), Strictness.STRICT);
        assertEquals("Unable to activate controller 'b' since the command interface 'joint1/position' is currently"
                + " claimed by another controller, 'a' (deactivate it in the same switch: controller:switch -a b -d a).",
                taken.message());
        assertEquals(Reason.INTERFACE_CLAIMED, taken.reason());
        assertEquals("a", rig.claimant("joint1/position"));
        assertTrue(rig.switchNow(List.of(), List.of("a"), Strictness.STRICT).ok());
        assertEquals(null, rig.claimant("joint1/position"));
    }

    @Test
    void anyNumberOfControllersReadTheSameStateInterface() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.controller("jsb", List.of(), List.of("joint1/position"));
        rig.controller("jtc", List.of("joint1/position"), List.of("joint1/position"));
        rig.controller("monitor", List.of(), List.of("joint1/position"));
        rig.loadAndConfigure("jsb", "jtc", "monitor");
        rig.activate("jsb", "jtc", "monitor");
        assertEquals(LifecycleState.ACTIVE, rig.state("jsb"));
        assertEquals(LifecycleState.ACTIVE, rig.state("monitor"));
    }

    @Test
    void deactivatingAControllerUnclaimsItsCommandInterfaces() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        assertEquals("fwd", rig.claimant("joint1/position"));
        assertEquals(List.of("joint1/position"), rig.cm.controller("fwd").orElseThrow().claimedInterfaces());
        assertTrue(rig.switchNow(List.of(), List.of("fwd"), Strictness.STRICT).ok());
        InterfaceSnapshot s = rig.cm.interfaces().stream().filter(i -> i.name().equals("joint1/position")
                && i.kind() == InterfaceSnapshot.Kind.COMMAND).findFirst().orElseThrow();
        assertFalse(s.claimed());
        assertEquals(List.of(), rig.cm.controller("fwd").orElseThrow().claimedInterfaces());
    }

    @Test
    void commandInterfacesAreAvailableWhileTheComponentIsInactiveOrActiveAndNotAfterCleanup() {
        Rig rig = Rig.withArm(1);
        assertFalse(rig.available("joint1/position", true));
        rig.setHardware("arm", LifecycleState.INACTIVE);
        assertTrue(rig.available("joint1/position", true));
        assertTrue(rig.available("joint1/position", false));
        rig.setHardware("arm", LifecycleState.ACTIVE);
        assertTrue(rig.available("joint1/position", true));
        rig.setHardware("arm", LifecycleState.UNCONFIGURED);
        assertFalse(rig.available("joint1/position", true));
        assertFalse(rig.available("joint1/position", false));
    }

    @Test
    void activatingAControllerOnInactiveHardwareIsRefusedUnlessTheCellAllowsIt() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.INACTIVE);
        rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        SwitchResult r = rig.switchNow(List.of("fwd"), List.of(), Strictness.STRICT);
        assertFalse(r.ok());
        assertTrue(r.message().startsWith("Could not switch controllers since prepare command mode switch was rejected"),
                r.message());
        assertEquals(LifecycleState.INACTIVE, rig.state("fwd"));
    }

    @Test
    void withActivationOnInactiveHardwareAllowedControllersRunFirstAndNothingIsWrittenUntilTheHardwareIsActive() {
        Rig rig = new Rig(100, 128, true, System::nanoTime);
        FakeSystem arm = rig.addHardware(Rig.system("arm", HardwareType.SYSTEM, 1, 0, null));
        rig.setHardware("arm", LifecycleState.INACTIVE);
        TestController fwd = rig.controller("fwd", List.of("joint1/position"), List.of("joint1/position"));
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        rig.step(3);
        assertEquals(4, fwd.updates);
        assertEquals(0, arm.writes, "an INACTIVE component is never written");
        assertTrue(rig.setHardware("arm", LifecycleState.ACTIVE).ok());
        assertEquals(LifecycleState.ACTIVE, rig.state("fwd"), "activating the hardware keeps its controllers");
        rig.step();
        assertEquals(1, arm.writes);
        assertEquals(1.0, arm.written("joint1/position"));
    }

    @Test
    void prepareGetsOnlyTheComponentsOwnInterfacesAndIsNotCalledWhenItHasNone() {
        Rig rig = new Rig(100, 128);
        FakeSystem left = rig.addHardware(Rig.system("left", HardwareType.SYSTEM, "l", 2, 0, null));
        FakeSystem right = rig.addHardware(Rig.system("right", HardwareType.SYSTEM, "r", 2, 0, null));
        rig.setHardware("left", LifecycleState.ACTIVE);
        rig.setHardware("right", LifecycleState.ACTIVE);
        rig.controller("l", List.of("l1/position", "l2/velocity"), List.of());
        rig.loadAndConfigure("l");
        rig.activate("l");
        assertEquals(List.of(List.of("l1/position", "l2/velocity")), left.prepareStarts);
        assertEquals(List.of(), right.prepareStarts, "nothing to switch on 'right': not asked");
        assertEquals(List.of(List.of("l1/position", "l2/velocity")), left.performStarts);
    }

    @Test
    void aPrepareErrorRejectsTheSwitchAndNoControllerChanges() {
        Rig rig = Rig.withArm(2);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.controller("a", List.of("joint1/position"), List.of());
        rig.controller("b", List.of("joint2/position"), List.of());
        rig.loadAndConfigure("a", "b");
        rig.activate("a");
        arm.prepareResult = ReturnType.ERROR;
        SwitchResult r = rig.switchNow(List.of("b"), List.of("a"), Strictness.STRICT);
        assertFalse(r.ok());
        assertTrue(r.message().startsWith("Could not switch controllers since prepare command mode switch was rejected."),
                r.message());
        assertEquals(LifecycleState.ACTIVE, rig.state("a"));
        assertEquals(LifecycleState.INACTIVE, rig.state("b"));
    }

    @Test
    void interfacesAreNamedPrefixSlashInterfaceAndTwoComponentsCannotExportTheSameName() {
        Rig rig = Rig.withArm(1);
        assertTrue(rig.cm.interfaces().stream().anyMatch(i -> i.name().equals("joint1/velocity")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> rig.addHardware(Rig.system("other", HardwareType.SYSTEM, 1, 0, null)));
        assertTrue(e.getMessage().contains("already existing key 'joint1/position'"), e.getMessage());
        assertTrue(rig.cm.hardware("other").isEmpty());
    }

    @Test
    void initialValuesComeFromTheDescriptionOrTheDataTypesDefault() {
        Rig rig = new Rig(100, 64);
        ComponentInfo joint = new ComponentInfo("j", ComponentKind.JOINT,
                List.of(InterfaceInfo.of("position")),
                List.of(InterfaceInfo.of("position"),
                        new InterfaceInfo("velocity", DataType.DOUBLE, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                                3.45, true, Map.of())),
                Map.of());
        ComponentInfo gpio = new ComponentInfo("io", ComponentKind.GPIO, List.of(),
                List.of(new InterfaceInfo("flag", DataType.BOOL, 0, 1, Double.NaN, true, Map.of()),
                        new InterfaceInfo("count", DataType.UINT16, 0, 65535, Double.NaN, true, Map.of())),
                Map.of());
        rig.addHardware(new HardwareInfo("h", HardwareType.SYSTEM, "test/FakeSystem", Map.of(), List.of(joint),
                List.of(), List.of(gpio), 0, null));
        assertTrue(Double.isNaN(rig.slot("j/position", false)));
        assertTrue(Double.isNaN(rig.slot("j/position", true)));
        assertEquals(3.45, rig.slot("j/velocity", false));
        assertEquals(0.0, rig.slot("io/flag", false));
        assertEquals(65535.0, rig.slot("io/count", false));
    }

    @Test
    void commandsOutsideTheLimitsAreClampedAndNonFiniteCommandsNeverReachTheDriver() {
        Rig rig = Rig.withArm(1);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController fwd = rig.controller("fwd", List.of("joint1/position"), List.of());
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        fwd.output = 5.0;
        rig.step();
        assertEquals(2.0, arm.written("joint1/position"), "clamped to max");
        fwd.output = -7.0;
        rig.step();
        assertEquals(-2.0, arm.written("joint1/position"), "clamped to min");
        fwd.output = 0.3;
        rig.step();
        fwd.output = Double.NaN;
        rig.step();
        assertEquals(0.3, arm.written("joint1/position"), "NaN replaced by the last valid command");
        fwd.output = Double.POSITIVE_INFINITY;
        rig.step();
        assertEquals(0.3, arm.written("joint1/position"));
        assertEquals(2, rig.cm.stats().nonFiniteCommands());
        assertEquals(2, rig.cm.stats().clampedCommands());
    }

    @Test
    void anUncommandedInterfaceHoldsTheMeasuredStateInsteadOfPassingNaN() {
        Rig rig = Rig.withArm(1);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.step();
        assertEquals(0.0, arm.written("joint1/position"), "NaN command: the measured position (initial 0.0)");
        assertEquals(0.0, arm.written("joint1/velocity"), "NaN velocity command without a valid one: 0");
        assertEquals(0, rig.cm.stats().nonFiniteCommands(), "unclaimed interfaces are held silently");
    }

    @Test
    void aFullSlotTableIsAClearErrorAndAddsNothing() {
        Rig rig = new Rig(100, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> rig.addHardware(Rig.system("arm", HardwareType.SYSTEM, 3, 0, null)));
        assertTrue(e.getMessage().startsWith("interface slot table is full (capacity 10)"), e.getMessage());
        assertEquals(0, rig.resources().usedSlots());
        rig.addHardware(Rig.system("small", HardwareType.SYSTEM, 2, 0, null));
        assertEquals(8, rig.resources().usedSlots());
    }
}
