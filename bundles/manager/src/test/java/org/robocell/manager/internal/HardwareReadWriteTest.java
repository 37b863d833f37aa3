package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;

/**
 * Who is read and written when, in which order, and what a failing read or write does (hardware_component.cpp,
 * resource_manager.cpp read/write, ros2_control_node.cpp).
 */
class HardwareReadWriteTest {

    @Test
    void readRunsInInactiveAndActiveWriteOnlyInActiveAndNeverForASensor() {
        Rig rig = new Rig(100, 128);
        FakeSystem arm = rig.addHardware(Rig.system("arm", HardwareType.SYSTEM, 1, 0, null));
        FakeSystem fts = rig.addHardware(Rig.system("fts", HardwareType.SENSOR, "s", 1, 0, null));
        rig.step(2);
        assertEquals(0, arm.reads + arm.writes, "UNCONFIGURED: neither read nor write");
        rig.setHardware("arm", LifecycleState.INACTIVE);
        rig.step(2);
        assertEquals(2, arm.reads);
        assertEquals(0, arm.writes, "INACTIVE: read only");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        rig.setHardware("fts", LifecycleState.ACTIVE);
        rig.step(3);
        assertEquals(5, arm.reads);
        assertEquals(3, arm.writes);
        assertEquals(3, fts.reads);
        assertEquals(0, fts.writes, "a sensor is never written");
        rig.setHardware("arm", LifecycleState.FINALIZED);
        rig.step(2);
        assertEquals(5, arm.reads, "FINALIZED: never read");
    }

    @Test
    void aCycleReadsAllThenUpdatesThenWritesAndACommandOfCycleKReachesWriteOfCycleK() {
        Rig rig = Rig.withArm(1);
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController c = rig.controller("fwd", List.of("joint1/position"), List.of("joint1/position"));
        rig.loadAndConfigure("fwd");
        rig.activate("fwd");
        rig.log.clear();
        c.output = 0.75;
        rig.step();
        assertEquals(List.of("arm.read", "fwd.update", "arm.write"), rig.log);
        assertEquals(0.75, rig.hw("arm").written("joint1/position"), "written in the same cycle");
        assertEquals(1.0, rig.slot("joint1/position", false), "the state still mirrors the previous cycle's command");
        rig.step();
        assertEquals(0.75, rig.slot("joint1/position", false));
    }

    @Test
    void aReadErrorRunsErrorHandlingMakesItsInterfacesUnavailableAndDeactivatesItsControllersBeforeTheNextUpdate() {
        Rig rig = Rig.withArm(1);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController cmd = rig.controller("cmd", List.of("joint1/position"), List.of());
        TestController reader = rig.controller("reader", List.of(), List.of("joint1/velocity"));
        rig.loadAndConfigure("cmd", "reader");
        rig.activate("cmd", "reader");
        long cmdUpdates = cmd.updates;
        long readerUpdates = reader.updates;
        arm.readResult = ReturnType.ERROR;
        rig.step();
        assertEquals(cmdUpdates, cmd.updates, "deactivated before the updates of the failing cycle");
        assertEquals(readerUpdates, reader.updates, "a controller reading only its states goes too");
        assertEquals(LifecycleState.INACTIVE, rig.state("cmd"));
        assertEquals(LifecycleState.INACTIVE, rig.state("reader"));
        assertEquals(1, arm.calls("onError"));
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("arm").orElseThrow().state());
        assertFalse(rig.available("joint1/position", true));
        assertFalse(rig.available("joint1/position", false));
        assertEquals(1, rig.cm.stats().hardwareErrors());
        long reads = arm.reads;
        rig.step();
        assertEquals(reads, arm.reads, "an UNCONFIGURED component is not read");
    }

    @Test
    void aWriteDeactivateTakesTheComponentToInactiveAndDeactivatesOnlyItsCommanders() {
        Rig rig = Rig.withArm(1);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController cmd = rig.controller("cmd", List.of("joint1/position"), List.of());
        TestController broadcaster = rig.controller("jsb", List.of(), List.of("joint1/position", "joint1/velocity"));
        rig.loadAndConfigure("cmd", "jsb");
        rig.activate("cmd", "jsb");
        arm.writeResult = ReturnType.DEACTIVATE;
        rig.step();
        arm.writeResult = ReturnType.OK;
        assertEquals(LifecycleState.INACTIVE, rig.state("cmd"));
        assertEquals(LifecycleState.ACTIVE, rig.state("jsb"));
        assertEquals(LifecycleState.INACTIVE, rig.cm.hardware("arm").orElseThrow().state());
        assertEquals(0, arm.calls("onError"));
        long jsbUpdates = broadcaster.updates;
        long reads = arm.reads;
        long writes = arm.writes;
        rig.step();
        assertEquals(jsbUpdates + 1, broadcaster.updates);
        assertEquals(reads + 1, arm.reads, "INACTIVE again: read");
        assertEquals(writes, arm.writes, "INACTIVE: not written");
        assertTrue(rig.available("joint1/position", true), "interfaces stay available");
    }

    @Test
    void aReadDeactivateIsTreatedAsError() {
        Rig rig = Rig.withArm(1);
        FakeSystem arm = rig.hw("arm");
        rig.setHardware("arm", LifecycleState.ACTIVE);
        arm.readResult = ReturnType.DEACTIVATE;
        rig.step();
        assertEquals(1, arm.calls("onError"));
        assertEquals(0, arm.calls("onDeactivate"));
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("arm").orElseThrow().state());
    }

    @Test
    void anExceptionFromReadOrWriteIsAnErrorAndIsCounted() {
        Rig rig = new Rig(100, 128);
        FakeSystem a = rig.addHardware(Rig.system("a", HardwareType.SYSTEM, "a", 1, 0, null));
        FakeSystem b = rig.addHardware(Rig.system("b", HardwareType.SYSTEM, "b", 1, 0, null));
        rig.setHardware("a", LifecycleState.ACTIVE);
        rig.setHardware("b", LifecycleState.ACTIVE);
        a.readThrows = new IllegalStateException("socket closed");
        b.writeThrows = new ArithmeticException("bad packet");
        rig.step();
        assertEquals(1, a.calls("onError"));
        assertEquals(1, b.calls("onError"));
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("a").orElseThrow().state());
        assertEquals(2, rig.cm.stats().hardwareErrors());
        assertEquals(1, rig.cm.hardware("a").orElseThrow().errors());
        assertTrue(rig.cm.hardware("a").orElseThrow().lastError().contains("socket closed"));
    }

    @Test
    void aFailureInOneMemberOfAGroupPutsTheOtherMembersThroughErrorHandlingToo() {
        Rig rig = new Rig(100, 128);
        FakeSystem a = rig.addHardware(Rig.system("a", HardwareType.SYSTEM, "a", 1, 0, "g1"));
        FakeSystem b = rig.addHardware(Rig.system("b", HardwareType.SYSTEM, "b", 1, 0, "g1"));
        FakeSystem c = rig.addHardware(Rig.system("c", HardwareType.SYSTEM, "c", 1, 0, null));
        for (String n : List.of("a", "b", "c")) {
            rig.setHardware(n, LifecycleState.ACTIVE);
        }
        a.readResult = ReturnType.ERROR;
        rig.step();
        rig.step();
        assertEquals(1, a.calls("onError"));
        assertEquals(1, b.calls("onError"), "b fails with its group");
        assertEquals(0, c.calls("onError"));
        assertEquals(LifecycleState.UNCONFIGURED, rig.cm.hardware("b").orElseThrow().state());
        assertEquals(LifecycleState.ACTIVE, rig.cm.hardware("c").orElseThrow().state());
        // configuring a member resets the group
        a.readResult = ReturnType.OK;
        assertTrue(rig.setHardware("a", LifecycleState.ACTIVE).ok());
        assertTrue(rig.setHardware("b", LifecycleState.ACTIVE).ok());
        rig.step(2);
        assertEquals(1, b.calls("onError"));
    }

    @Test
    void aComponentWithRwRate20UnderA100HzLoopIsReadEveryFifthCycleWithA50msPeriod() {
        Rig rig = new Rig(100, 128);
        FakeSystem slow = rig.addHardware(Rig.system("slow", HardwareType.SYSTEM, "s", 1, 20, null));
        rig.setHardware("slow", LifecycleState.ACTIVE);
        rig.step(100);
        assertEquals(20, slow.reads);
        assertEquals(20, slow.writes);
        assertEquals(0.05, slow.lastReadPeriod, 1e-9);
        assertEquals(0.05, slow.lastWritePeriod, 1e-9);
    }
}
