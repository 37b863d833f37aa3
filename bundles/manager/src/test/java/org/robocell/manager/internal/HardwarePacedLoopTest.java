package org.robocell.manager.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.robocell.api.cell.ClockKind;
import org.robocell.api.controller.Controller;
import org.robocell.api.hardware.HardwareType;
import org.robocell.api.lifecycle.LifecycleState;
import org.robocell.manager.ControllerSource;
import org.robocell.manager.IdleStrategy;
import org.robocell.manager.LoopConfig;
import org.robocell.manager.RobotLoop;

/**
 * A loop on the robot's clock runs a cycle per packet while the robot sets the pace, and keeps its own rate while
 * it does not: its driver not connected yet, unconfigured after a reflex, or stopping. Only a read that waits for
 * the robot sets the pace; a component beside the robot whose read answers at once (the default cell's mock
 * force/torque sensor beside the FR3) does not. Taken for the robot's clock, it ran the FR3's loop back to back,
 * three million cycles a second on a whole core, from the reflex until the robot was connected again, taking that
 * core from the emulated FR3 and the shell's sessions to it.
 * <p>
 * Going from the robot's pace to its own, the loop waits at most a period: packets may come faster than the rate (a
 * robot catching up, or a read that answers at once), and deadlines counted a period per packet lay far ahead of
 * the clock. The stopping robot's loop slept until one, deaf to the stop, and the runtime's clean stop waited.
 */
class HardwarePacedLoopTest {

    private static final int RATE = 1000;
    private static final long PERIOD_NANOS = 1_000_000_000L / RATE;

    @Test
    void afterPacketsFasterThanTheRateTheLoopThatLosesThePaceStillStopsWhenAsked() throws Exception {
        RobotLoop loop = hardwareClockedLoop();
        FakeSystem robot = new FakeSystem("robot", new ArrayList<>());
        robot.logRealTime = false; // every read answers at once: each is a packet, far faster than the rate
        loop.addHardware(Rig.system("robot", HardwareType.SYSTEM, 1, 0, null), robot);
        loop.start();
        try {
            awaitDone(loop.manager().requestHardwareState("robot", LifecycleState.ACTIVE));
            long before = loop.cycles();
            long packets = awaitCycles(loop, 100_000) - before; // a hundred seconds of deadlines at a period each
            assertTrue(packets >= 100_000, "the robot set the pace: " + packets + " packets");

            awaitDone(loop.manager().requestHardwareState("robot", LifecycleState.UNCONFIGURED)); // it no longer does
            assertTrue(loop.stop(5_000), "the loop stopped when asked, not at a deadline counted on per packet");
        } finally {
            loop.stop(1000);
        }
    }

    /**
     * At most two cycles a period, over any stretch: the loop's own rate, with room for the catch-up after a late
     * cycle. A bound the load of the machine cannot break: it only makes the loop slower.
     */
    @Test
    void aComponentWhoseReadAnswersAtOnceDoesNotPaceTheLoopOfAnUnconnectedRobot() throws Exception {
        RobotLoop loop = hardwareClockedLoop();
        FakeSystem robot = new FakeSystem("robot", new ArrayList<>());
        loop.addHardware(Rig.system("robot", HardwareType.SYSTEM, 1, 0, null), robot); // never connected
        FakeSystem sensor = new FakeSystem("sensor", new ArrayList<>());
        sensor.logRealTime = false;
        sensor.waitsForRobot = false;
        loop.addHardware(Rig.system("sensor", HardwareType.SENSOR, "axis", 1, 0, null), sensor);
        loop.start();
        try {
            awaitDone(loop.manager().requestHardwareState("sensor", LifecycleState.ACTIVE));
            long from = System.nanoTime();
            long fromCycles = loop.cycles();
            long cycles = awaitCycles(loop, 200);
            long elapsed = System.nanoTime() - from;
            assertEquals(LifecycleState.UNCONFIGURED, loop.manager().hardware("robot").orElseThrow().state());
            assertTrue(sensor.reads > 0, "the sensor is read");
            long bound = 2 * (elapsed / PERIOD_NANOS) + 2;
            assertTrue(cycles - fromCycles <= bound, (cycles - fromCycles) + " cycles in " + elapsed
                    + " ns: the loop ran back to back on a read that does not wait for the robot");
            assertTrue(loop.stop(5_000), "the loop stopped when asked");
        } finally {
            loop.stop(1000);
        }
    }

    private static RobotLoop hardwareClockedLoop() {
        return RobotLoop.create(new LoopConfig("paced", RATE, ClockKind.HARDWARE, IdleStrategy.SLEEP, 64, false,
                RATE), new ControllerSource() {
                    @Override
                    public Controller create(String type) {
                        return null;
                    }

                    @Override
                    public Collection<String> types() {
                        return List.of();
                    }
                });
    }

    /** Waits (bounded) until the loop has run {@code n} more cycles; the cycles it has run then. */
    private static long awaitCycles(RobotLoop loop, long n) throws InterruptedException {
        long target = loop.cycles() + n;
        for (int i = 0; i < 20_000 && loop.cycles() < target; i++) {
            Thread.sleep(1);
        }
        return loop.cycles();
    }

    private static void awaitDone(CompletionStage<?> request) throws Exception {
        assertEquals(true, request.toCompletableFuture().thenApply(r -> true).get(20, TimeUnit.SECONDS));
    }
}
