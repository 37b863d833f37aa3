package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.controller.Controller;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * The loop thread's real-time settings: a setting the machine refuses is reported once, through the manager's
 * logger, and the loop cycles on without it. CPU 4096 is refused everywhere (beyond the CPU set), with or without
 * JNA and whatever the permissions, so the test does not depend on running as root.
 */
class RealTimeLoopTest {

    private static final ControllerSource NONE = new ControllerSource() {
        @Override
        public Controller create(String type) {
            return null;
        }

        @Override
        public Collection<String> types() {
            return List.of();
        }
    };

    @Test
    void aRefusedSettingIsReportedOnceAndTheLoopKeepsCycling() throws Exception {
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public synchronized void publish(LogRecord r) {
                if (r.getMessage() != null && r.getMessage().contains("robot rt:")) {
                    records.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("org.robocell.manager");
        logger.addHandler(capture);
        LoopConfig config = new LoopConfig("rt", 500, ClockKind.INTERNAL, IdleStrategy.SLEEP, 64, false, 500)
                .withRealTime(80, List.of(4096), false);
        RobotLoop loop = RobotLoop.create(config, NONE);
        assertNull(loop.realTimeReport(), "nothing applied before the loop thread starts");
        String report;
        try {
            loop.start();
            report = waitForReport(loop);
            long seen = loop.cycles();
            waitForCycles(loop, seen + 100);
            assertTrue(loop.isRunning());
        } finally {
            assertTrue(loop.stop(5000));
            logger.removeHandler(capture);
        }
        assertTrue(report.startsWith("robot rt: loop thread robocell-rt-loop"), report);
        assertTrue(report.contains("runs without CPU affinity {4096}: "), report);
        // SCHED_FIFO 80 is applied (root, CAP_SYS_NICE) or refused with its reason: either way the report names it
        assertTrue(report.contains("SCHED_FIFO 80"), report);
        synchronized (capture) {
            assertEquals(1, records.size(), "reported once: " + records.stream().map(LogRecord::getMessage).toList());
            assertEquals(Level.WARNING, records.get(0).getLevel());
            assertEquals(report, records.get(0).getMessage());
        }
    }

    @Test
    void withoutRealTimeSettingsTheSchedulerIsLeftAlone() throws Exception {
        LoopConfig config = new LoopConfig("plain", 500, ClockKind.INTERNAL, IdleStrategy.SLEEP, 64, false, 500);
        assertEquals(0, config.threadPriority());
        assertEquals(List.of(), config.cpuAffinity());
        assertTrue(!config.lockMemory() && !config.realTime());
        RobotLoop loop = RobotLoop.create(config, NONE);
        try {
            loop.start();
            assertEquals("default scheduling", waitForReport(loop));
        } finally {
            assertTrue(loop.stop(5000));
        }
    }

    @Test
    void settingsThatCanNeverWorkAreConfigurationErrors() {
        LoopConfig base = LoopConfig.stepped("rt", 100, 16);
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class,
                () -> base.withRealTime(120, List.of(), false));
        assertTrue(high.getMessage().contains("1..99, got 120"), high.getMessage());
        assertThrows(IllegalArgumentException.class, () -> base.withRealTime(-1, List.of(), false));
        IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
                () -> base.withRealTime(0, List.of(1, -2), false));
        assertTrue(cpu.getMessage().contains("-2"), cpu.getMessage());
        LoopConfig rt = base.withRealTime(50, List.of(1, 3), true);
        assertEquals(50, rt.threadPriority());
        assertEquals(List.of(1, 3), rt.cpuAffinity());
        assertTrue(rt.lockMemory() && rt.realTime());
        assertEquals(base.rate(), rt.rate());
        assertEquals(base.defaultSwitchTimeoutCycles(), rt.defaultSwitchTimeoutCycles());
    }

    private static String waitForReport(RobotLoop loop) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (loop.realTimeReport() == null) {
            assertTrue(System.nanoTime() < deadline, "the loop thread did not start");
            Thread.sleep(5);
        }
        return loop.realTimeReport();
    }

    private static void waitForCycles(RobotLoop loop, long cycles) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (loop.cycles() < cycles) {
            assertTrue(System.nanoTime() < deadline, "the loop did not reach cycle " + cycles + " (at "
                    + loop.cycles() + ")");
            Thread.sleep(5);
        }
        assertNotNull(loop.realTimeReport());
    }
}
