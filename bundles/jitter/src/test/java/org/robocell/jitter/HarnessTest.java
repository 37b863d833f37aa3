package org.robocell.jitter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.realtime.RealTime;

/** What the harness produces (never how fast: timing is measured in benchmarks/, not asserted). */
class HarnessTest {

    @Test
    void bothLoopsRecordEveryCycleOfTheWindowAndTheStormsRun() throws InterruptedException {
        JitterOptions o = JitterOptions.parse(new String[] { "--rate", "200", "--seconds", "1", "--warmup", "0.2",
                "--switch-storm", "20", "--shell-storm", "10", "--alloc-mbps", "5", "--robot", "kr6" });
        AtomicLong shellCalls = new AtomicLong();
        BenchCell cell = TestCells.create(o.robot(), o.rate());
        JitterReport r = Harness.run(o, cell, () -> {
            Harness.introspect(cell.manager());
            shellCalls.incrementAndGet();
        }, null);

        assertEquals(List.of("robocell", "bare"), r.loops().stream().map(JitterReport.LoopResult::name).toList());
        for (JitterReport.LoopResult l : r.loops()) {
            // 200 Hz for 1 s: 200 deadlines in the window, fewer only when the loop re-phased after a long stall
            assertTrue(l.cycles() <= 200 && l.cycles() >= 200 - 200 * l.rephases() - 1, l.name() + ": " + l.cycles());
            assertTrue(l.cycles() > 0, l.name() + " recorded no cycle");
            assertEquals(l.cycles(), l.lateness().count(), "one lateness sample per recorded cycle");
            assertEquals(l.cycles(), l.execution().count(), "one execution sample per recorded cycle");
            assertTrue(l.lateness().p50() <= l.lateness().p99() && l.lateness().p99() <= l.lateness().max());
        }
        assertTrue(shellCalls.get() > 0, "the shell storm called the given command");
        assertTrue(r.load().get(0).startsWith("hot-swap storm 20/s: "), r.load().get(0));
        assertTrue(!r.load().get(0).contains(": 0 switches committed"), r.load().get(0));
        assertTrue(r.notes().stream().anyMatch(n -> n.contains("EXECUTING")), "the trajectory ran: " + r.notes());
        String table = r.table();
        assertTrue(table.contains("robocell/bare: lateness p50"), table);
        assertTrue(table.contains("execution"), table);
    }

    @Test
    void optionsParseAndRefuseNonsense() {
        JitterOptions d = JitterOptions.defaults();
        assertEquals(1000, d.rate());
        assertEquals(60.0, d.seconds());
        assertEquals(IdleStrategy.SLEEP_THEN_SPIN, d.idle());
        assertEquals(BenchCell.Robot.FR3, d.robot());
        JitterOptions o = JitterOptions.parse(new String[] { "--idle", "spin", "--fifo", "80", "--cpu", "1",
                "--robot", "dual_fr3" });
        assertEquals(IdleStrategy.SPIN, o.idle());
        assertEquals(80, o.fifoPriority());
        BitSet one = new BitSet();
        one.set(1);
        assertEquals(one, o.cpus());
        assertEquals(one, o.bareCpus(), "the bare loop is pinned like the RoboCell loop unless told otherwise");
        assertEquals(BenchCell.Robot.DUAL_FR3, o.robot());
        assertThrows(IllegalArgumentException.class, () -> JitterOptions.parse(new String[] { "--rate", "0" }));
        assertThrows(IllegalArgumentException.class, () -> JitterOptions.parse(new String[] { "--fifo", "120" }));
        assertThrows(IllegalArgumentException.class, () -> JitterOptions.parse(new String[] { "--idle", "nap" }));
        assertThrows(IllegalArgumentException.class, () -> JitterOptions.parse(new String[] { "--bogus" }));
        assertTrue(JitterOptions.parse(new String[] { "--control", "--shell-storm", "5" }).control());
        assertTrue(JitterOptions.parse(new String[] { "--bare-first" }).bareFirst());
        assertTrue(!d.bareFirst() && !d.control());
        assertThrows(IllegalArgumentException.class,
                () -> JitterOptions.parse(new String[] { "--control", "--switch-storm", "10" }));
        BitSet range = new BitSet();
        range.set(0, 4);
        assertEquals(range, RealTime.parseCpus("0-3"));
    }

    @Test
    void theControlRunComparesTwoBareLoops() throws InterruptedException {
        JitterOptions o = JitterOptions.parse(new String[] { "--rate", "500", "--seconds", "0.4", "--warmup", "0.1",
                "--control" });
        BenchCell cell = TestCells.create(o.robot(), o.rate());
        JitterReport r = Harness.run(o, cell, null, null);
        assertEquals(List.of("control", "bare"), r.loops().stream().map(JitterReport.LoopResult::name).toList());
        assertTrue(r.notes().get(0).startsWith("A/A control"), r.notes().toString());
        assertTrue(r.loops().get(0).cycles() > 0);
        assertTrue(r.table().contains("control/bare: lateness p50"), r.table());
    }

    @Test
    void aPeriodicLoopRecordsOnlyTheWindowAfterTheWarmUp() {
        long[] bodies = { 0 };
        PeriodicLoop l = new PeriodicLoop(1_000_000, IdleStrategy.SLEEP, now -> bodies[0]++);
        long t0 = System.nanoTime() + 1_000_000;
        l.run(t0, t0 + 20_000_000, t0 + 50_000_000);
        assertTrue(bodies[0] > l.cycles(), "warm-up cycles ran but were not recorded");
        assertEquals(l.cycles(), l.lateness().getTotalCount());
        assertTrue(l.cycles() > 0 && l.cycles() <= 30, "cycles " + l.cycles());
    }
}
