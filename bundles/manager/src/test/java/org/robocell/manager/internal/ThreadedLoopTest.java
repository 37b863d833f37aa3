package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.LoopStats;
import org.robocell.api.cell.Strictness;
import org.robocell.api.cell.SwitchResult;
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
 * A switch requested from another thread while the loop thread runs takes effect at exactly one cycle boundary:
 * the old controller's last update is in the cycle before the commit, the new one's first update in the commit
 * cycle, never both in one cycle and never a cycle without either. The only waits are bounded waits for the loop.
 */
class ThreadedLoopTest {

    private static final int MAX = 200_000;

    /** Counts cycles (it runs first and every cycle). */
    static final class Counter extends TestController {
        volatile long current = -1;

        Counter(List<String> log) {
            super("counter", log, List.of(), List.of());
            logUpdates = false;
        }

        @Override
        public ReturnType update(double time, double period) {
            current++;
            return ReturnType.OK;
        }
    }

    /** Marks the cycles it runs in. */
    static final class Probe extends TestController {
        final Counter counter;
        final boolean[] ran = new boolean[MAX];
        volatile String activatedOn;

        Probe(String name, List<String> log, Counter counter) {
            super(name, log, List.of("joint1/position"), List.of());
            this.counter = counter;
            logUpdates = false;
        }

        @Override
        public org.robocell.api.lifecycle.CallbackReturn onActivate(org.robocell.api.controller.Loans loans) {
            activatedOn = Thread.currentThread().getName();
            return super.onActivate(loans);
        }

        @Override
        public ReturnType update(double time, double period) {
            long c = counter.current;
            if (c >= 0 && c < MAX) {
                ran[(int) c] = true;
            }
            return super.update(time, period);
        }
    }

    /**
     * A 500 Hz loop on the internal clock (its own thread once started) with a one-joint arm and a declaration
     * {@code <name>} of type {@code t/<name>} for each controller.
     */
    private static RobotLoop threadedLoop(Map<String, Controller> byType, boolean controllersBeforeHardware,
            List<String> log) {
        RobotLoop loop = RobotLoop.create(new LoopConfig("threaded", 500, ClockKind.INTERNAL, IdleStrategy.SLEEP, 64,
                controllersBeforeHardware, 500), new ControllerSource() {
                    @Override
                    public Controller create(String type) {
                        return byType.get(type);
                    }

                    @Override
                    public java.util.Collection<String> types() {
                        return byType.keySet();
                    }
                });
        List<Declaration> decls = new ArrayList<>();
        for (String type : new java.util.TreeSet<>(byType.keySet())) {
            String name = type.substring("t/".length());
            decls.add(new Declaration(name, type, List.of(), Parameters.empty(name)));
        }
        loop.setDeclarations(decls);
        FakeSystem arm = new FakeSystem("arm", log);
        arm.logRealTime = false;
        loop.addHardware(Rig.system("arm", HardwareType.SYSTEM, 1, 0, null), arm);
        return loop;
    }

    /**
     * A controller active on inactive hardware (a KUKA-style robot: controllers first, then the hardware) is restarted
     * from the state the loop reads first after the hardware's activation. The activation is answered only after that
     * restart: a goal sent as soon as the answer comes (the shell's cell:activate, then trajectory:move) is not
     * aborted by the restart.
     */
    @Test
    void aHardwareActivationIsAnsweredOnceTheControllersCommandingItHaveRestartedFromItsFirstRead() throws Exception {
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Counter counter = new Counter(log);
        Probe commander = new Probe("commander", log, counter);
        Map<String, Controller> byType = Map.of("t/counter", counter, "t/commander", commander);
        RobotLoop loop = threadedLoop(byType, true, log);
        var cm = loop.manager();
        loop.start();
        try {
            assertTrue(cm.requestHardwareState("arm", LifecycleState.INACTIVE).toCompletableFuture().get(10, TimeUnit.SECONDS)
                    .ok());
            for (String n : List.of("counter", "commander")) {
                assertTrue(cm.load(n).ok());
                assertTrue(cm.configure(n).ok());
            }
            SwitchResult on = cm.switchControllers(List.of("counter", "commander"), List.of(), Strictness.STRICT, 0)
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertTrue(on.ok(), on.message());
            assertEquals(1, commander.calls("onActivate"));
            assertTrue(cm.requestHardwareState("arm", LifecycleState.ACTIVE).toCompletableFuture().get(10, TimeUnit.SECONDS)
                    .ok());
            assertEquals(2, commander.calls("onActivate"), "restarted before the activation was answered");
            assertEquals(1, commander.calls("onDeactivate"));
        } finally {
            assertTrue(loop.stop(5000));
        }
    }

    @Test
    void aSwitchFromAnotherThreadTakesEffectAtExactlyOneCycleBoundary() throws Exception {
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Counter counter = new Counter(log);
        Probe a = new Probe("a", log, counter);
        Probe b = new Probe("b", log, counter);
        Map<String, Controller> byType = Map.of("t/counter", counter, "t/a", a, "t/b", b);
        RobotLoop loop = threadedLoop(byType, false, log);
        var cm = loop.manager();
        SwitchResult first;
        SwitchResult swap;
        loop.start();
        try {
            assertTrue(cm.setHardwareState("arm", LifecycleState.ACTIVE).ok());
            for (String n : List.of("counter", "a", "b")) {
                assertTrue(cm.load(n).ok());
                assertTrue(cm.configure(n).ok());
            }
            first = cm.switchControllers(List.of("counter", "a"), List.of(), Strictness.STRICT, 0)
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertTrue(first.ok(), first.message());
            waitForCycles(counter, first.cycle() + 20);

            swap = cm.switchControllers(List.of("b"), List.of("a"), Strictness.STRICT, 0)
                    .toCompletableFuture().get(10, TimeUnit.SECONDS);
            assertTrue(swap.ok(), swap.message());
            waitForCycles(counter, swap.cycle() + 20);
            assertTrue(cm.stats().running());
        } finally {
            assertTrue(loop.stop(5000));
        }
        // the counter's update n runs in loop cycle first.cycle() + n; the commit cycle is swap.cycle()
        int k = (int) (swap.cycle() - first.cycle());
        assertTrue(k > 20 && k < MAX, "commit cycle " + k);
        assertTrue(a.ran[k - 1], "a ran in the cycle before the commit");
        assertFalse(a.ran[k], "a does not run in the commit cycle");
        assertTrue(b.ran[k], "b runs in the commit cycle");
        assertFalse(b.ran[k - 1]);
        int lastA = -1;
        int firstB = -1;
        int lastB = -1;
        for (int i = 0; i < MAX; i++) {
            assertFalse(a.ran[i] && b.ran[i], "both updated in cycle " + i);
            if (a.ran[i]) {
                lastA = i;
            }
            if (b.ran[i]) {
                lastB = i;
                if (firstB < 0) {
                    firstB = i;
                }
            }
        }
        assertEquals(k - 1, lastA);
        assertEquals(k, firstB);
        for (int i = firstB; i <= lastB; i++) {
            assertTrue(b.ran[i], "a gap in b's updates at " + i);
        }
        assertTrue(b.activatedOn.endsWith("-loop"), "activated on the loop thread, got " + b.activatedOn);
        LoopStats s = cm.stats();
        assertEquals(s.cycles(), s.period().count());
        assertEquals(0, s.controllerErrors());
    }

    private static void waitForCycles(Counter counter, long cycles) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (counter.current < cycles) {
            assertTrue(System.nanoTime() < deadline, "the loop did not reach cycle " + cycles);
            Thread.sleep(5);
        }
    }

    @Test
    void theLoopThreadItselfAllocatesNothingWhileItCycles() throws Exception {
        List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
        Counter counter = new Counter(log);
        Thread[] loopThread = new Thread[1];
        TestController fwd = new TestController("fwd", log, List.of("joint1/position"), List.of("joint1/position")) {
            @Override
            public ReturnType update(double time, double period) {
                loopThread[0] = Thread.currentThread();
                return super.update(time, period);
            }
        };
        fwd.logUpdates = false;
        Map<String, Controller> byType = Map.of("t/counter", counter, "t/fwd", fwd);
        RobotLoop loop = RobotLoop.create(new LoopConfig("quiet", 1000, ClockKind.INTERNAL, IdleStrategy.SLEEP_THEN_SPIN,
                64, false, 1000), new ControllerSource() {
                    @Override
                    public Controller create(String type) {
                        return byType.get(type);
                    }

                    @Override
                    public java.util.Collection<String> types() {
                        return byType.keySet();
                    }
                });
        loop.setDeclarations(List.of(new Declaration("counter", "t/counter", List.of(), Parameters.empty("c")),
                new Declaration("fwd", "t/fwd", List.of(), Parameters.empty("f"))));
        FakeSystem arm = new FakeSystem("arm", log);
        arm.logRealTime = false;
        loop.addHardware(Rig.system("arm", HardwareType.SYSTEM, 7, 0, null), arm);
        var cm = loop.manager();
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        loop.start();
        long best = Long.MAX_VALUE;
        try {
            assertTrue(cm.setHardwareState("arm", LifecycleState.ACTIVE).ok());
            for (String n : List.of("counter", "fwd")) {
                assertTrue(cm.load(n).ok());
                assertTrue(cm.configure(n).ok());
            }
            assertTrue(cm.switchControllersAndWait(List.of("counter", "fwd"), List.of(), Strictness.STRICT, 0).ok());
            waitForCycles(counter, 3000);
            long id = loopThread[0].getId();
            for (int attempt = 0; attempt < 20 && best > 0; attempt++) {
                long from = counter.current;
                long before = threads.getThreadAllocatedBytes(id);
                waitForCycles(counter, from + 1000);
                best = Math.min(best, threads.getThreadAllocatedBytes(id) - before);
            }
        } finally {
            assertTrue(loop.stop(5000));
        }
        assertEquals(0, best, "bytes the loop thread allocated in 1000 cycles (sleep, spin, cycle, statistics)");
    }
}
