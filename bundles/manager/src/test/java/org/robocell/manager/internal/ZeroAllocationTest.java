package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.robocell.api.lifecycle.LifecycleState;

/**
 * The cycle allocates nothing: 100 000 stepped cycles of a 7-joint robot with a broadcaster, a chainable controller
 * and a controller preceding it, measured with the JVM's per-thread allocation counter. A one-off blip (GC or JIT
 * bookkeeping charged to the thread) is tolerated by measuring again; a per-cycle allocation of even 8 bytes would
 * add up to 800 000 bytes and fail every attempt.
 */
class ZeroAllocationTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void aHundredThousandCyclesOfAChainedSevenJointRobotAllocateNothing() {
        Rig rig = Rig.withArm(7);
        FakeSystem arm = rig.hw("arm");
        arm.logRealTime = false;
        rig.setHardware("arm", LifecycleState.ACTIVE);
        List<String> joints = Rig.joints(7, "");
        List<String> states = new java.util.ArrayList<>(Rig.joints(7, "/position"));
        states.addAll(Rig.joints(7, "/velocity"));
        TestController jsb = rig.controller("jsb", List.of(), states);
        TestChainable pid = rig.declare("pid", new TestChainable("pid", rig.log, joints));
        TestController traj = rig.controller("traj", joints.stream().map(j -> "pid/" + j + "/position").toList(),
                List.of());
        for (TestController c : List.of(jsb, pid, traj)) {
            c.logUpdates = false;
        }
        traj.output = 0.1;
        rig.loadAndConfigure("jsb", "pid", "traj");
        rig.activate("jsb", "pid", "traj");
        assertTrue(pid.chained);
        rig.loop.step(20_000);
        long overhead = allocated();
        overhead = allocated() - overhead;

        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
            long before = allocated();
            rig.loop.step(100_000);
            long bytes = allocated() - before - overhead;
            best = Math.min(best, bytes);
        }
        assertEquals(0, best, "bytes allocated by 100 000 cycles");
        assertEquals(0.1, arm.written("joint7/position"), "the chain reached the hardware");
        assertTrue(jsb.updates >= 120_000, "updates: " + jsb.updates);
        assertEquals(0, rig.cm.stats().controllerErrors());
    }

    /** Seven joints with every kind of limit, commanded beyond them every cycle: the limiters work each cycle. */
    @Test
    void aHundredThousandCyclesOfLimitedCommandsAllocateNothing() {
        Rig rig = new Rig(new org.robocell.manager.LoopConfig("test", 1000,
                org.robocell.api.cell.ClockKind.STEPPED, org.robocell.manager.IdleStrategy.SLEEP, 256, false, 1000)
                .withBudget(50_000_000L, 3));
        List<org.robocell.api.hardware.ComponentInfo> joints = new java.util.ArrayList<>();
        for (int j = 1; j <= 7; j++) {
            joints.add(new org.robocell.api.hardware.ComponentInfo("joint" + j,
                    org.robocell.api.hardware.ComponentKind.JOINT,
                    List.of(org.robocell.api.hardware.InterfaceInfo.of("position"),
                            org.robocell.api.hardware.InterfaceInfo.of("velocity"),
                            org.robocell.api.hardware.InterfaceInfo.of("effort")),
                    List.of(org.robocell.api.hardware.InterfaceInfo.of("position"),
                            org.robocell.api.hardware.InterfaceInfo.of("velocity")),
                    java.util.Map.of(), new org.robocell.api.model.JointLimits(-2, 2, 1.5, 40, 10, 12, 500),
                    j % 2 == 0 ? new org.robocell.api.model.SoftJointLimits(-1.5, 1.5, 5, 3) : null));
        }
        rig.addHardware(new org.robocell.api.hardware.HardwareInfo("arm", org.robocell.api.hardware.HardwareType.SYSTEM,
                "test/FakeSystem", java.util.Map.of(), joints, List.of(), List.of(), 0, null));
        FakeSystem arm = rig.hw("arm");
        arm.logRealTime = false;
        rig.setHardware("arm", LifecycleState.ACTIVE);
        List<String> commands = new java.util.ArrayList<>();
        for (String j : Rig.joints(7, "")) {
            commands.add(j + "/position");
            commands.add(j + "/velocity");
            commands.add(j + "/effort");
        }
        TestController wild = new TestController("wild", rig.log, commands, List.of()) {
            @Override
            public org.robocell.api.lifecycle.ReturnType update(double time, double period) {
                output = (updates & 1) == 0 ? 1e9 : -1e9; // beyond every limit, both ways
                return super.update(time, period);
            }
        };
        wild.logUpdates = false;
        rig.declare("wild", wild);
        rig.loadAndConfigure("wild");
        rig.activate("wild");
        rig.loop.step(20_000);
        long overhead = allocated();
        overhead = allocated() - overhead;
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
            long before = allocated();
            rig.loop.step(100_000);
            best = Math.min(best, allocated() - before - overhead);
        }
        assertEquals(0, best, "bytes allocated by 100 000 limited cycles");
        assertTrue(rig.cm.stats().clampedCommands() > 100_000, "the limits worked: " + rig.cm.stats().clampedCommands());
        assertTrue(Math.abs(arm.written("joint1/position")) <= 2.0, "inside the range");
    }

    @Test
    void theMeasurementSeesAControllerThatAllocatesInEveryUpdate() {
        Rig rig = Rig.withArm(1);
        rig.hw("arm").logRealTime = false;
        rig.setHardware("arm", LifecycleState.ACTIVE);
        TestController leaky = new TestController("leaky", rig.log, List.of("joint1/position"), List.of()) {
            Object sink;

            @Override
            public org.robocell.api.lifecycle.ReturnType update(double time, double period) {
                sink = new double[1];
                return super.update(time, period);
            }
        };
        leaky.logUpdates = false;
        rig.declare("leaky", leaky);
        rig.loadAndConfigure("leaky");
        rig.activate("leaky");
        rig.loop.step(20_000);
        long before = allocated();
        rig.loop.step(100_000);
        assertTrue(allocated() - before >= 100_000L * 16, "16 bytes per cycle at least");
    }
}
