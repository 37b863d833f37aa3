package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.cell.ControllerManager;
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
 * A storm of operations from several threads while the loop thread runs: switches between two controllers sharing
 * an interface (both strictness levels), load/configure/unload of other controllers, hardware state requests on a
 * second component and snapshot readers. Every call is answered (no deadlock), the loop never runs two owners of
 * one interface in a cycle, and the loop never stops cycling. Bounded waits only.
 */
class ConcurrentOperationsTest {

    /** Records, per cycle, which controller wrote joint1. */
    static final class Owner extends TestController {
        static final AtomicLong CYCLE = new AtomicLong();
        final long[] lastCycle = {-1};
        final List<Long> both;

        Owner(String name, List<String> log, List<Long> both) {
            super(name, log, List.of("joint1/position"), List.of());
            this.both = both;
            logUpdates = false;
        }

        @Override
        public ReturnType update(double time, double period) {
            long c = CYCLE.get();
            if (lastCycle[0] == c) {
                both.add(c);
            }
            lastCycle[0] = c;
            return super.update(time, period);
        }
    }

    /** Runs first every cycle and advances the cycle mark; also checks that only one owner ran in the last one. */
    static final class Ticker extends TestController {
        final Owner a;
        final Owner b;

        Ticker(List<String> log, Owner a, Owner b) {
            super("ticker", log, List.of(), List.of());
            this.a = a;
            this.b = b;
            logUpdates = false;
        }

        @Override
        public ReturnType update(double time, double period) {
            long c = Owner.CYCLE.get();
            if (a.lastCycle[0] == c && b.lastCycle[0] == c) {
                a.both.add(c);
            }
            Owner.CYCLE.incrementAndGet();
            return ReturnType.OK;
        }
    }

    @Test
    void aStormOfOperationsFromManyThreadsIsAnsweredAndNeverBreaksExclusivity() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        List<Long> both = Collections.synchronizedList(new ArrayList<>());
        Owner a = new Owner("a", log, both);
        Owner b = new Owner("b", log, both);
        Ticker ticker = new Ticker(log, a, b);
        Map<String, Controller> fixed = Map.of("t/a", a, "t/b", b, "t/ticker", ticker);
        RobotLoop loop = RobotLoop.create(new LoopConfig("storm", 1000, ClockKind.INTERNAL, IdleStrategy.SLEEP, 256,
                false, 1000), new ControllerSource() {
                    @Override
                    public Controller create(String type) {
                        Controller c = fixed.get(type);
                        if (c != null) {
                            return c;
                        }
                        TestController extra = new TestController(type, log, List.of("joint2/position"), List.of());
                        extra.logUpdates = false;
                        return type.startsWith("t/extra") ? extra : null;
                    }

                    @Override
                    public java.util.Collection<String> types() {
                        return fixed.keySet();
                    }
                });
        List<Declaration> decls = new ArrayList<>();
        for (String n : List.of("ticker", "a", "b")) {
            decls.add(new Declaration(n, "t/" + n, List.of(), Parameters.empty(n)));
        }
        loop.setDeclarations(decls);
        FakeSystem arm = new FakeSystem("arm", log);
        arm.logRealTime = false;
        FakeSystem spare = new FakeSystem("spare", log);
        spare.logRealTime = false;
        loop.addHardware(Rig.system("arm", HardwareType.SYSTEM, 2, 0, null), arm);
        loop.addHardware(Rig.system("spare", HardwareType.SYSTEM, "s", 1, 0, null), spare);
        ControllerManager cm = loop.manager();
        loop.start();
        ExecutorService pool = Executors.newFixedThreadPool(5);
        Map<String, Integer> failures = new ConcurrentHashMap<>();
        try {
            assertTrue(cm.setHardwareState("arm", LifecycleState.ACTIVE).ok());
            for (String n : List.of("ticker", "a", "b")) {
                assertTrue(cm.load(n).ok());
                assertTrue(cm.configure(n).ok());
            }
            assertTrue(cm.switchControllersAndWait(List.of("ticker", "a"), List.of(), Strictness.STRICT, 0).ok());
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> jobs = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int seed = t;
                jobs.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < 60; i++) {
                        boolean toB = (i + seed) % 2 == 0;
                        Strictness s = i % 3 == 0 ? Strictness.BEST_EFFORT : Strictness.STRICT;
                        SwitchResult r = cm.switchControllersAndWait(List.of(toB ? "b" : "a"), List.of(toB ? "a" : "b"), s, 0);
                        if (!r.ok()) {
                            failures.merge(r.message().replaceAll("'[ab]'", "'x'"), 1, Integer::sum);
                        }
                    }
                    return null;
                }));
            }
            jobs.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < 30; i++) {
                    String n = "extra" + i;
                    assertTrue(cm.load(n, "t/" + n).ok());
                    assertTrue(cm.configure(n).ok());
                    assertTrue(cm.unload(n).ok());
                }
                return null;
            }));
            jobs.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < 20; i++) {
                    assertTrue(cm.setHardwareState("spare", i % 2 == 0 ? LifecycleState.ACTIVE : LifecycleState.UNCONFIGURED).ok());
                }
                return null;
            }));
            jobs.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < 200; i++) {
                    cm.controllers();
                    cm.interfaces();
                    cm.chains();
                    cm.stats();
                    cm.hardware();
                }
                return null;
            }));
            go.countDown();
            for (Future<?> f : jobs) {
                f.get(60, TimeUnit.SECONDS);
            }
            long before = loop.cycles();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (loop.cycles() < before + 20) {
                assertTrue(System.nanoTime() < deadline, "the loop stopped cycling");
                Thread.sleep(5);
            }
        } finally {
            pool.shutdownNow();
            assertTrue(loop.stop(5000));
        }
        assertEquals(List.of(), both, "cycles in which both owners of joint1 ran");
        boolean aActive = cm.controller("a").orElseThrow().state() == LifecycleState.ACTIVE;
        boolean bActive = cm.controller("b").orElseThrow().state() == LifecycleState.ACTIVE;
        assertTrue(aActive ^ bActive, "exactly one owner at the end");
        assertEquals(aActive ? "a" : "b", Rig.resources(loop).commandEntry("joint1/position").claimedBy());
        assertEquals(0, cm.stats().controllerErrors());
        assertEquals(0, cm.stats().hardwareErrors());
        for (String m : failures.keySet()) {
            assertFalse(m.contains("timed out"), m);
        }
    }
}
