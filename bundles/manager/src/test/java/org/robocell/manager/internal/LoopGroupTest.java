package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.Strictness;
import org.robocell.api.controller.Controller;
import org.robocell.api.controller.Parameters;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.api.lifecycle.ReturnType;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.Declaration;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * Robots that name one loop group run their cycles on the group's one thread, each at its own deadlines; one that
 * cannot share (another rate, a hardware clock) runs on a thread of its own; a robot that stops runs no cycle once
 * its stop returned while the others go on; the last one out ends the group's thread; the group thread allocates
 * nothing per cycle. Waits are bounded polls on cycle counts, no time is asserted.
 */
class LoopGroupTest {

    /** Counts its updates and remembers the thread they ran on. */
    static final class Counter extends TestController {
        volatile long updates;
        volatile Thread ranOn;

        Counter(String name) {
            super(name, java.util.Collections.synchronizedList(new ArrayList<>()), List.of(), List.of());
            logUpdates = false;
        }

        @Override
        public ReturnType update(double time, double period) {
            ranOn = Thread.currentThread();
            updates++;
            return ReturnType.OK;
        }
    }

    private final List<RobotLoop> loops = new ArrayList<>();

    @AfterEach
    void stopEveryLoop() {
        loops.forEach(l -> l.stop(2000));
    }

    /** A robot at {@code rate} Hz with a one-joint arm and an active counter, started. */
    private Counter robot(String name, int rate, ClockKind clock, String group) {
        Counter counter = new Counter("counter");
        Map<String, Controller> byType = Map.of("t/counter", counter);
        RobotLoop loop = RobotLoop.create(new LoopConfig(name, rate, clock, IdleStrategy.SLEEP, 64, false, rate)
                .inGroup(group), new ControllerSource() {
                    @Override
                    public Controller create(String type) {
                        return byType.get(type);
                    }

                    @Override
                    public java.util.Collection<String> types() {
                        return byType.keySet();
                    }
                });
        loop.setDeclarations(List.of(new Declaration("counter", "t/counter", List.of(), Parameters.empty("counter"))));
        FakeSystem arm = new FakeSystem("arm", java.util.Collections.synchronizedList(new ArrayList<>()));
        arm.logRealTime = false;
        loop.addHardware(Rig.system("arm", HardwareType.SYSTEM, 1, 0, null), arm);
        loops.add(loop);
        loop.start();
        var cm = loop.manager();
        assertTrue(cm.setHardwareState("arm", LifecycleState.ACTIVE).ok());
        assertTrue(cm.load("counter").ok());
        assertTrue(cm.configure("counter").ok());
        assertTrue(cm.switchControllersAndWait(List.of("counter"), List.of(), Strictness.STRICT, 0).ok());
        return counter;
    }

    private RobotLoop loop(String robot) {
        return loops.stream().filter(l -> l.config().robot().equals(robot)).findFirst().orElseThrow();
    }

    @Test
    void robotsNamingOneGroupRunTheirCyclesOnTheGroupsOneThread() throws Exception {
        Counter a = robot("a", 500, ClockKind.INTERNAL, "pair");
        Counter b = robot("b", 500, ClockKind.INTERNAL, "pair");
        await(() -> a.updates > 50 && b.updates > 50, "both robots cycling");

        assertEquals("robocell-group-pair-loop", a.ranOn.getName());
        assertEquals(a.ranOn, b.ranOn, "one thread for both");
        assertEquals("pair", loop("a").loopGroup());
        assertEquals("pair", loop("b").loopGroup());
        assertEquals("pair", loop("b").manager().stats().loopGroup(), "in the statistics the shell shows");
        assertFalse(threadAlive("robocell-a-loop") || threadAlive("robocell-b-loop"), "no loop thread of their own");
        assertTrue(loop("b").realTimeReport().contains("default scheduling"), loop("b").realTimeReport());
    }

    @Test
    void aRobotThatStoppedRunsNoCycleOnceItsStopReturnedWhileTheOthersGoOn() throws Exception {
        Counter a = robot("a", 500, ClockKind.INTERNAL, "pair");
        Counter b = robot("b", 500, ClockKind.INTERNAL, "pair");
        await(() -> a.updates > 20 && b.updates > 20, "both robots cycling");

        assertTrue(loop("a").stop(2000), "left within the bound");
        long aAtStop = a.updates;
        long bAtStop = b.updates;
        await(() -> b.updates > bAtStop + 100, "the other robot cycling on");
        assertEquals(aAtStop, a.updates, "no cycle of the robot that left");
        assertEquals("", loop("a").loopGroup());
        assertEquals("", loop("a").manager().stats().loopGroup());

        // and it comes back into the group when started again
        loop("a").start();
        await(() -> a.updates > aAtStop + 20, "the robot cycling again");
        assertEquals(b.ranOn, a.ranOn);
    }

    @Test
    void theLastRobotOutEndsTheGroupsThread() throws Exception {
        Counter a = robot("a", 500, ClockKind.INTERNAL, "last");
        Counter b = robot("b", 500, ClockKind.INTERNAL, "last");
        await(() -> a.updates > 10 && b.updates > 10, "both robots cycling");
        assertTrue(threadAlive("robocell-group-last-loop"));

        assertTrue(loop("a").stop(2000));
        assertTrue(threadAlive("robocell-group-last-loop"), "b is still in the group");
        assertTrue(loop("b").stop(2000));
        await(() -> !threadAlive("robocell-group-last-loop"), "the group's thread ended");
    }

    @Test
    void aRobotOfAnotherRateOrWithAHardwareClockRunsOnAThreadOfItsOwn() throws Exception {
        Counter first = robot("first", 500, ClockKind.INTERNAL, "mixed");
        Counter slower = robot("slower", 250, ClockKind.INTERNAL, "mixed");
        Counter paced = robot("paced", 500, ClockKind.HARDWARE, "mixed");
        await(() -> first.updates > 10 && slower.updates > 10 && paced.updates > 10, "all three cycling");

        assertEquals("robocell-group-mixed-loop", first.ranOn.getName());
        assertEquals("robocell-slower-loop", slower.ranOn.getName());
        assertEquals("robocell-paced-loop", paced.ranOn.getName());
        assertEquals("", loop("slower").loopGroup());
        assertEquals("", loop("paced").loopGroup());
    }

    @Test
    void aNewcomersFirstDeadlineIsInTheMiddleOfTheWidestGap() {
        long period = 1_000_000;
        long now = 5_000_000_000L;
        LoopGroup group = new LoopGroup("gaps", period, IdleStrategy.SLEEP);
        LoopGroup.Member newcomer = new LoopGroup.Member("new", null, period);
        assertEquals(0, group.firstOffset(new LoopGroup.Member[] {newcomer}, now), "the first robot starts now");

        LoopGroup.Member at100 = placed(period, now + 100_000);
        assertEquals(600_000, group.firstOffset(new LoopGroup.Member[] {at100, newcomer}, now),
                "half a period after the only other robot");

        // deadlines at 100 µs and 300 µs (one a period late: the same phase): the widest gap is 300 → 1100
        LoopGroup.Member at300 = placed(period, now + 300_000 - period);
        assertEquals(700_000, group.firstOffset(new LoopGroup.Member[] {at100, at300, newcomer}, now));
    }

    private static LoopGroup.Member placed(long period, long deadline) {
        LoopGroup.Member m = new LoopGroup.Member("m", null, period);
        m.schedule.start(deadline);
        m.placed = true;
        return m;
    }

    @Test
    void theGroupThreadAllocatesNothingPerCycle() throws Exception {
        Counter a = robot("a", 1000, ClockKind.INTERNAL, "alloc");
        Counter b = robot("b", 1000, ClockKind.INTERNAL, "alloc");
        await(() -> a.updates > 3000 && b.updates > 3000, "both robots warmed up");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = a.ranOn.getId();
        long best = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
            long from = a.updates;
            long before = threads.getThreadAllocatedBytes(id);
            await(() -> a.updates > from + 1000, "1000 more cycles");
            best = Math.min(best, threads.getThreadAllocatedBytes(id) - before);
        }
        assertEquals(0, best, "bytes the group thread allocated in 2000 cycles of two robots");
    }

    private static boolean threadAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        for (int i = 0; i < 3000 && !condition.getAsBoolean(); i++) {
            Thread.sleep(10);
        }
        assertTrue(condition.getAsBoolean(), "timed out waiting for " + what);
    }
}
